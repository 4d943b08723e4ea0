import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { md5 } from '../../../../src/lib/hashing/md5.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('md5', () => {
  // RFC 1321, appendix A.5, "Test suite".
  const rfc1321: [string, string][] = [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ];
  it.each(rfc1321)('matches RFC 1321 A.5 for %j', (input, digest) => {
    expect(hex(md5(new TextEncoder().encode(input)))).toBe(digest);
  });

  it('equals node:crypto MD5 on any bytes, across the 55/56/64-byte padding edges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(hex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
      }),
    );
    for (const n of [55, 56, 63, 64, 65, 119, 120, 128]) {
      const bytes = new Uint8Array(n).fill(n);
      expect(hex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });
});
