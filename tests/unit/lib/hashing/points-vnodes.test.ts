import { describe, it, expect } from 'vitest';
import { murmur3 } from '../../../../src/lib/hashing/murmur3.ts';
import { vnodeKeyHash, vnodePoints, vnodeRing } from '../../../../src/lib/hashing/points-vnodes.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('vnodeRing', () => {
  it('names point i of node n `${n}#${i}` and hashes it with murmur3, seed 0', () => {
    expect(Array.from(vnodePoints('cache-a', 3))).toEqual([0, 1, 2].map((i) => murmur3(text(`cache-a#${i}`))));
    expect(vnodeKeyHash('user:42')).toBe(murmur3(text('user:42')));
  });

  it('has V points per node', () => {
    const r = vnodeRing(['a', 'b', 'c'], 100);
    expect(r.hashes.length).toBe(300);
    expect([0, 1, 2].map((n) => r.nodes.filter((x) => x === n).length)).toEqual([100, 100, 100]);
  });

  it('spreads 100 nodes x 160 points to a share CV near 1/sqrt(160) ≈ 7.9 % (algorithms.md 2.2)', () => {
    const r = vnodeRing(
      Array.from({ length: 100 }, (_, i) => `node-${i}`),
      160,
    );
    const share = new Float64Array(100);
    for (let i = 0; i < r.hashes.length; i++) {
      const arc = i === 0 ? r.hashes[0] + 2 ** 32 - r.hashes[r.hashes.length - 1] : r.hashes[i] - r.hashes[i - 1];
      share[r.nodes[i]] += arc / 2 ** 32;
    }
    const mean = share.reduce((a, b) => a + b, 0) / 100;
    const cv = Math.sqrt(share.reduce((a, s) => a + (s - mean) ** 2, 0) / 99) / mean;
    expect(cv).toBeGreaterThan(0.05);
    expect(cv).toBeLessThan(0.11);
  });
});
