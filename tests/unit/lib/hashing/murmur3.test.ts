import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { murmur3 } from '../../../../src/lib/hashing/murmur3.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('murmur3', () => {
  // Published MurmurHash3_x86_32 vectors: Ian Boyd's set (stackoverflow.com/a/31929528), also
  // asserted by the Python mmh3 package's test suite; "abc" and the 448-bit string from Bitcoin Core.
  const vectors: [string, number, number][] = [
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['a', 0x9747b28c, 0x7fa09ea6],
    ['ab', 0x9747b28c, 0x74875592],
    ['abc', 0x9747b28c, 0xc84a62dd],
    ['abcd', 0x9747b28c, 0xf0478627],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['ππππππππ', 0x9747b28c, 0xd58063c1],
    ['a'.repeat(256), 0x9747b28c, 0x37405bdc],
    ['abc', 0, 0xb3dd93fa],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', 0, 0xee925b90],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
    ['The quick brown fox jumps over the lazy dog', 0, 0x2e4ff723],
  ];
  it.each(vectors)('murmur3(%j, seed %d) is the published value', (input, seed, expected) => {
    expect(murmur3(text(input), seed)).toBe(expected);
  });

  it('the four zero bytes hash to 0x2362F9DE (Ian Boyd), so a zero block is not skipped', () => {
    expect(murmur3(new Uint8Array(4), 0)).toBe(0x2362f9de);
  });

  it('returns an unsigned 32-bit integer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (bytes, seed) => {
        const h = murmur3(bytes, seed);
        expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
      }),
    );
  });
});
