import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellParams,
  cellsNamed,
  linkFits,
  MAX_LINK,
  PACK_ABOVE,
  packParams,
  packText,
  parseCellKey,
  setCellParams,
  unpackParams,
  unpackText,
} from '../../../components/notebook/cell-url.ts';

describe('parseCellKey', () => {
  it('splits at the first dot: the cell, then the parameter (which may hold dots)', () => {
    expect(parseCellKey('maxload.n')).toEqual({ cell: 'maxload', param: 'n' });
    expect(parseCellKey('a.b.c')).toEqual({ cell: 'a', param: 'b.c' });
    expect(parseCellKey('maxload.')).toEqual({ cell: 'maxload', param: '' });
  });
  it('names no cell without a dot or with nothing before it', () => {
    expect(parseCellKey('maxload')).toBeNull();
    expect(parseCellKey('.n')).toBeNull();
    expect(parseCellKey('')).toBeNull();
  });
  it('reads back what cellKey writes', () => {
    expect(parseCellKey(cellKey('ring', 'nodes'))).toEqual({ cell: 'ring', param: 'nodes' });
  });
});

describe('cellsNamed', () => {
  it('is the set of cells the query names', () => {
    expect([...cellsNamed(new URLSearchParams('maxload.n=10&maxload.seed=2&ring.nodes=5&utm=x'))]).toEqual(['maxload', 'ring']);
  });
});

describe('cellParams', () => {
  const spec = { n: {}, seed: {} };
  it('takes this cell’s own parameters only, the last of a repeated key', () => {
    const q = new URLSearchParams('maxload.n=10&other.n=3&maxload.seed=1&maxload.seed=2&maxload.d=4');
    expect(cellParams(q, 'maxload', spec)).toEqual({ values: { n: '10', seed: '2' }, packed: {} });
  });
  it('treats inherited names (constructor, toString, __proto__) as unknown', () => {
    const q = new URLSearchParams('maxload.constructor=1&maxload.toString=2&maxload.__proto__=3&maxload.hasOwnProperty=4');
    expect(cellParams(q, 'maxload', spec)).toEqual({ values: {}, packed: {} });
    expect(cellParams(new URLSearchParams('maxload.constructor~=AA&maxload.__proto__~=AA'), 'maxload', spec)).toEqual({ values: {}, packed: {} });
  });
  it('reads a packed key (`<param>~`) apart; of a packed and a plain key for one parameter the later wins', () => {
    expect(cellParams(new URLSearchParams('lookup.keys~=abc&lookup.n=3&lookup.x~=1'), 'lookup', { keys: {}, n: {} })).toEqual({ values: { n: '3' }, packed: { keys: 'abc' } });
    expect(cellParams(new URLSearchParams('lookup.keys~=abc&lookup.keys=plain'), 'lookup', { keys: {} })).toEqual({ values: { keys: 'plain' }, packed: {} });
    expect(cellParams(new URLSearchParams('lookup.keys=plain&lookup.keys%7E=abc'), 'lookup', { keys: {} })).toEqual({ values: {}, packed: { keys: 'abc' } });
  });
});

describe('setCellParams', () => {
  it('replaces this cell’s keys and leaves everything else in place', () => {
    const url = new URL('https://x.test/p/?maxload.n=10&ring.nodes=5&maxload.seed=3#cell-maxload');
    setCellParams(url.searchParams, 'maxload', { seed: '7' });
    expect(url.href).toBe('https://x.test/p/?ring.nodes=5&maxload.seed=7#cell-maxload');
    setCellParams(url.searchParams, 'ring', {});
    setCellParams(url.searchParams, 'maxload', {});
    expect(url.href).toBe('https://x.test/p/#cell-maxload');
  });
});

describe('packed text in a link', () => {
  // Lines of any Unicode (Hangul, emoji, lone symbols), as a pasted key list may hold.
  const text = fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 1, maxLength: 200 }).map((lines) => lines.join('\n'));

  it('unpacks to exactly the text packed, for any Unicode text, and packs into query-safe characters', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const packed = await packText(t);
        expect(packed).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(await unpackText(packed!)).toBe(t);
      }),
      { numRuns: 150 },
    );
  });

  it('round-trips through a URL: setCellParams writes the packed key, cellParams and unpackParams read it back', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.string({ unit: 'grapheme', maxLength: 20 }), async (keys, servers) => {
        const { values, packed } = await packParams({ keys, servers }, (p) => p === 'keys' || p === 'servers');
        const url = new URL('https://x.test/ketama-at-scale/?other.n=3#cell-lookup');
        setCellParams(url.searchParams, 'lookup', values, packed);
        const read = cellParams(new URL(url.href).searchParams, 'lookup', { keys: {}, servers: {} });
        const unpacked = await unpackParams(read.packed);
        expect(unpacked.unreadable).toEqual([]);
        expect({ ...read.values, ...unpacked.values }).toEqual({ keys, servers });
        expect(new URL(url.href).searchParams.get('other.n')).toBe('3');
      }),
      { numRuns: 60 },
    );
  });

  it('packs only long values of the parameters it may, and only when that makes them shorter', async () => {
    const long = Array.from({ length: 200 }, (_, i) => `/api/v2/users/${1000 + i * 37}/orders`).join('\n');
    const { values, packed } = await packParams({ keys: long, servers: long, short: 'a\nb' }, (p) => p !== 'servers');
    expect(Object.keys(packed)).toEqual(['keys']);
    expect(values).toEqual({ servers: long, short: 'a\nb' });
    expect(packed.keys.length).toBeLessThan(new URLSearchParams({ k: long }).toString().length / 4);
    // Random letters and digits do not compress: above PACK_ABOVE they stay plain, packing being no shorter.
    const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let x = 12345;
    const xorshift = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
    const noise = Array.from({ length: 2 * PACK_ABOVE }, () => ALNUM[Math.floor(xorshift() * 62)]).join('');
    expect(await packParams({ keys: noise }, () => true)).toEqual({ values: { keys: noise }, packed: {} });
  });

  it('reads a damaged value as unreadable, never throws: bad characters, cut short, not DEFLATE, not UTF-8, too big', async () => {
    const good = (await packText('/index.html\n/images/logo.png\n'.repeat(50)))!;
    const bomb = (await packText('a'.repeat(200_000)))!;
    const notUtf8 = await deflateBytes(new Uint8Array([0xff, 0xfe, 0x80]));
    for (const bad of ['not base64!', 'a', good.slice(0, good.length - 5), 'AAAA' + good.slice(4), '____', bomb, notUtf8, good + '%']) {
      expect(await unpackText(bad), bad.slice(0, 20)).toBeNull();
    }
    expect(await unpackParams({ keys: good.slice(0, 10), servers: good })).toEqual({ values: { servers: '/index.html\n/images/logo.png\n'.repeat(50) }, unreadable: ['keys'] });
  });

  it('says a link fits up to MAX_LINK (8 000) characters and not one more', () => {
    expect(MAX_LINK).toBe(8000);
    const base = 'https://x.test/p/?a=';
    expect(linkFits(base + 'x'.repeat(MAX_LINK - base.length))).toBe(true);
    expect(linkFits(base + 'x'.repeat(MAX_LINK - base.length + 1))).toBe(false);
  });
});

/** Raw DEFLATE of some bytes as base64url: packed data that is not UTF-8. */
async function deflateBytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const out = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  return Buffer.from(out).toString('base64url');
}
