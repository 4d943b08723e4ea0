import { describe, expect, it } from 'vitest';
import { vnodeRing } from '../../../../src/lib/hashing/points-vnodes.ts';
import { MULTIPROBE_K, multiProbeLookup, multiProbeShares } from '../../../../src/lib/placement/multiprobe.ts';
import { xoshiro128ss } from '../../../../src/lib/random/xoshiro128.ts';

const names = (n: number, salt: number) => Array.from({ length: n }, (_, i) => `${salt}/10.0.0.${i}:80`);

describe('multi-probe consistent hashing', () => {
  it('exact expected shares sum to 1, and one probe gives each node its arc', () => {
    const ring = vnodeRing(names(50, 3), 1);
    for (const k of [1, 2, 21]) expect(multiProbeShares(ring, k).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const one = multiProbeShares(ring, 1);
    for (let j = 0; j < ring.hashes.length; j++) {
      const prev = ring.hashes[(j + ring.hashes.length - 1) % ring.hashes.length];
      expect(one[ring.nodes[j]]).toBeCloseTo(((ring.hashes[j] - prev) >>> 0) / 2 ** 32, 12);
    }
  });

  it('the shares it computes are what 400 000 keys measure, within sampling noise', () => {
    const ring = vnodeRing(names(20, 1), 1);
    const expected = multiProbeShares(ring, 5);
    const counts = new Float64Array(20);
    const rng = xoshiro128ss(9);
    const keys = 400_000;
    for (let i = 0; i < keys; i++) counts[multiProbeLookup(ring, rng.nextUint32(), 5)]++;
    for (let n = 0; n < 20; n++) {
      const sd = Math.sqrt((expected[n] * (1 - expected[n])) / keys);
      expect(Math.abs(counts[n] / keys - expected[n])).toBeLessThan(5 * sd + 1e-9);
    }
  });

  it('the paper: 21 probes give a peak-to-average ratio of about 1.05 (median over 15 layouts of 100 nodes, exact shares)', () => {
    const peaks = Array.from({ length: 15 }, (_, salt) => Math.max(...multiProbeShares(vnodeRing(names(100, salt), 1), MULTIPROBE_K)) * 100).sort((a, b) => a - b);
    expect(Math.abs(peaks[7] - 1.05)).toBeLessThan(0.02);
    // One probe is the bare ring: peaks of 4 and more.
    expect(Math.max(...multiProbeShares(vnodeRing(names(100, 0), 1), 1)) * 100).toBeGreaterThan(3);
  });
});
