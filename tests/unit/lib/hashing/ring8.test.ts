import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { lookup, ringBytes } from '../../../../src/lib/hashing/ring.ts';
import { lookup8, ring8Bytes, toRing8 } from '../../../../src/lib/hashing/ring8.ts';
import { nginxRing } from '../../../../src/lib/hashing/points-nginx.ts';

describe('the 8-byte layout beside the 6-byte one', () => {
  const ring = nginxRing(Array.from({ length: 300 }, (_, i) => ({ server: `10.0.${i >> 8}.${i & 255}:80`, weight: 1 + (i % 3) })));
  const wide = toRing8(ring, true);

  it('holds 8 bytes a point where the default ring holds 6, read from the typed arrays', () => {
    expect(ringBytes(ring)).toBe(6 * ring.hashes.length);
    expect(ring8Bytes(wide)).toBe(8 * ring.hashes.length);
    expect(1 - ringBytes(ring) / ring8Bytes(wide)).toBe(0.25);
  });

  it('answers every lookup the same way', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (h) => lookup8(wide, h) === lookup(ring, h)), { numRuns: 2000 });
  });
});
