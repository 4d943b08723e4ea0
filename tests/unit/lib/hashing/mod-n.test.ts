import { describe, it, expect } from 'vitest';
import { modN } from '../../../../src/lib/hashing/mod-n.ts';
import { vnodeKeyHash } from '../../../../src/lib/hashing/points-vnodes.ts';

describe('modN', () => {
  it('going from 4 to 5 nodes moves 80 % ± 0.5 % of 100 000 keys (murmur3-hashed)', () => {
    let moved = 0;
    for (let i = 0; i < 100_000; i++) {
      const h = vnodeKeyHash(`key-${i}`);
      if (modN(h, 4) !== modN(h, 5)) moved++;
    }
    expect(Math.abs(moved / 100_000 - 0.8)).toBeLessThan(0.005);
  });

  it('rejects a node count below 1', () => {
    expect(() => modN(5, 0)).toThrow(RangeError);
  });
});
