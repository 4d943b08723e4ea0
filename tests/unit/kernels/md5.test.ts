import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setKernelModule } from '../../../src/kernels/load.ts';
import { md5Kernel, type Md5Kernel } from '../../../src/kernels/md5.ts';
import { buildRing128, keyName, keyPrefix, lookup128, md5Names, mod128, namedRing128, type Ring128 } from '../../../src/lib/hashing/index.ts';

/** node:crypto's MD5 of the name's UTF-8 as four big-endian words, most significant first. */
const cryptoWords = (names: readonly string[]): number[] =>
  names.flatMap((s) => {
    const hex = createHash('md5').update(s, 'utf8').digest('hex');
    return [0, 8, 16, 24].map((i) => Number.parseInt(hex.slice(i, i + 8), 16));
  });

async function kernel(): Promise<Md5Kernel> {
  const k = await md5Kernel();
  if (!k) throw new Error('the kernel did not load');
  return k;
}

// Names of every UTF-8 length (lone surrogates too, which both sides write as U+FFFD), short and
// long enough to take two, three or more blocks.
const name = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 50, maxLength: 300 }),
  fc.string({ minLength: 40, maxLength: 140 }),
);

describe('the MD5 kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('gives md5Names’s digests and node:crypto’s for names of any length and script', async () => {
    const k = await kernel();
    await fc.assert(
      fc.asyncProperty(fc.array(name, { maxLength: 60 }), async (names) => {
        const words = Array.from(k.digests(names));
        expect(words).toEqual(Array.from(md5Names(names)));
        expect(words).toEqual(cryptoWords(names));
      }),
      { numRuns: 150 },
    );
  });

  it('pads right at every length from 0 to 200 bytes (the 55/56/64-byte edges and past two blocks), ASCII and not', async () => {
    const k = await kernel();
    const names = [
      ...Array.from({ length: 201 }, (_, n) => 'x'.repeat(n)),
      ...Array.from({ length: 70 }, (_, n) => '가'.repeat(n)),
      ...Array.from({ length: 60 }, (_, n) => `${'é'.repeat(n)}😀`),
      'key0',
      'n3#99',
      '',
    ];
    expect(Array.from(k.digests(names))).toEqual(cryptoWords(names));
    // RFC 1321, A.5.
    expect(Array.from(k.digests(['abc']))).toEqual([0x90015098, 0x3cd24fb0, 0xd6963f7d, 0x28e17f72]);
  });

  it('a batch of 100 000 keys, the article’s names, is md5Names’s to the bit', async () => {
    const k = await kernel();
    const names = Array.from({ length: 100_000 }, (_, i) => keyName(0, i));
    const got = k.digests(names);
    const want = md5Names(names);
    // The first word that differs, if any (toEqual on 400 000 words takes seconds).
    expect(got.length).toBe(want.length);
    expect(got.findIndex((w, i) => w !== want[i])).toBe(-1);
  });

  it('spells numbered names as keyName does: every salt’s prefix, any first key, across the powers of ten', async () => {
    const k = await kernel();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.nat(1_000_000_000).map(keyPrefix), fc.string({ unit: 'grapheme', maxLength: 70 })),
        fc.oneof(fc.nat(2_000_000), fc.constantFrom(0, 9, 99, 999_990, 4_294_967_000)),
        fc.integer({ min: 0, max: 300 }),
        async (prefix, first, count) => {
          const names = Array.from({ length: count }, (_, i) => `${prefix}${first + i}`);
          expect(k.digests({ prefix, first, count })).toEqual(md5Names(names));
        },
      ),
      { numRuns: 150 },
    );
    // Past 2^32 the names are spelled in TypeScript; the digests are the same.
    const far = 2 ** 33;
    expect(k.digests({ prefix: 'key', first: far, count: 3 })).toEqual(md5Names([`key${far}`, `key${far + 1}`, `key${far + 2}`]));
    expect(Array.from(k.digests({ prefix: keyPrefix(7), first: 0, count: 20 }))).toEqual(cryptoWords(Array.from({ length: 20 }, (_, i) => keyName(7, i))));
  });

  it('places names as mod128 and lookup128 do, on named rings and on rings whose points share a key’s first word', async () => {
    const k = await kernel();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(1000),
        fc.array(fc.integer({ min: 1, max: (1 << 21) - 1 }), { maxLength: 3 }),
        fc.array(name, { minLength: 1, maxLength: 80 }),
        async (nodes, vnodes, salt, mods, names) => {
          const digests = md5Names(names);
          // Points at each key's digest and one above and below it in the last word: ties on the
          // first word, which lookup128 settles on the rest.
          const near = Uint32Array.from({ length: 12 * names.length }, (_, j) => {
            const key = Math.floor(j / 12);
            const w = j % 4;
            const shift = [0, 1, -1][Math.floor(j / 4) % 3];
            return w === 3 ? (digests[4 * key + 3] + shift) >>> 0 : digests[4 * key + w];
          });
          const rings: Ring128[] = [
            namedRing128(nodes, vnodes, salt),
            namedRing128(nodes + 1, 1, salt, (n) => k.digests(n)),
            buildRing128(near, Uint16Array.from({ length: 3 * names.length }, (_, i) => i % nodes), nodes),
            buildRing128(new Uint32Array(0), new Uint16Array(0), 0),
          ];
          k.holdRings(rings);
          const placed = k.place(names, mods).map((a) => Array.from(a));
          const expected = [
            ...mods.map((n) => names.map((_, i) => mod128(digests, 4 * i, n))),
            ...rings.map((r) => names.map((_, i) => lookup128(r, digests, 4 * i))),
          ];
          expect(placed).toEqual(expected);
          // Numbered names: the same places as their spelled-out list.
          const numbered = k.place({ prefix: keyPrefix(salt), first: salt, count: names.length }, mods);
          expect(numbered).toEqual(k.place(Array.from({ length: names.length }, (_, i) => keyName(salt, salt + i)), mods));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('yields null when the kernel cannot load, so the TypeScript runs', async () => {
    setKernelModule(null);
    expect(await md5Kernel()).toBeNull();
  });
});
