import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRing128, compare128, lookup128, md5BigEndian, mod128, utf8 } from '../../../../src/lib/hashing/index.ts';

const toBig = (w: ArrayLike<number>, o = 0) => (BigInt(w[o]) << 96n) | (BigInt(w[o + 1]) << 64n) | (BigInt(w[o + 2]) << 32n) | BigInt(w[o + 3]);
const word = fc.integer({ min: 0, max: 0xffffffff });
// Values that often share their first word (or more), so ties on the prefix are exercised.
const value = fc.tuple(fc.constantFrom(0, 1, 0xffffffff), word, fc.constantFrom(0, 7), word);

describe('128-bit ring order', () => {
  it('md5BigEndian is the MD5 digest read as one big-endian integer (Python’s int(md5(s).hexdigest(), 16))', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const bytes = utf8(s);
        const w = new Uint32Array(4);
        md5BigEndian(bytes, bytes.length, w);
        expect(toBig(w)).toBe(BigInt(`0x${createHash('md5').update(bytes).digest('hex')}`));
      }),
    );
    const w = new Uint32Array(4);
    md5BigEndian(utf8('key0'), 4, w);
    // python3 -c "import hashlib; print(hex(int(hashlib.md5(b'key0').hexdigest(), 16)))"
    expect(toBig(w).toString(16)).toBe(createHash('md5').update('key0').digest('hex').replace(/^0+/, ''));
  });

  it('compare128 and mod128 agree with BigInt', () => {
    fc.assert(
      fc.property(value, value, fc.integer({ min: 1, max: 1_000_000 }), (a, b, n) => {
        const big = [toBig(a), toBig(b)];
        expect(compare128(a, 0, b, 0)).toBe(big[0] < big[1] ? -1 : big[0] > big[1] ? 1 : 0);
        expect(mod128(a, 0, n)).toBe(Number(big[0] % BigInt(n)));
      }),
    );
  });

  it('a key goes to the first point at or after it by the whole value, wrapping, also when points share the key’s first word', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, fc.integer({ min: 0, max: 4 })), { minLength: 1, maxLength: 40 }), fc.array(value, { maxLength: 30 }), (points, keys) => {
        const words = new Uint32Array(points.flatMap(([v]) => v));
        const nodes = Uint16Array.from(points.map(([, n]) => n));
        const ring = buildRing128(words, nodes, 5);
        const sorted = points.map(([v, n]) => [toBig(v), n] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
        for (const k of [...keys, ...points.map(([v]) => v)]) {
          const x = toBig(k);
          const expected = (sorted.find(([y]) => y >= x) ?? sorted[0])[1];
          expect(lookup128(ring, k)).toBe(expected);
        }
      }),
    );
  });
});
