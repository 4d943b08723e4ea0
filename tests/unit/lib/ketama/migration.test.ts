import { describe, it, expect } from 'vitest';
import { lookup, nginxKeyHash, nginxRing } from '../../../../src/lib/hashing/index.ts';
import { movedSpace, predictedMoved, usesNewRing } from '../../../../src/lib/ketama/migration.ts';
import { serverName } from '../../../../src/lib/ketama/schemes.ts';

const fleet = (n: number, seed = 0) => Array.from({ length: n }, (_, i) => ({ server: serverName(i, seed) }));

describe('movedSpace', () => {
  it('is 0 between a ring and itself, and agrees with counting keys', () => {
    const a = nginxRing(fleet(7), 20);
    const b = nginxRing(fleet(7), 3);
    expect(movedSpace(a, a)).toBe(0);
    let moved = 0;
    const keys = 200_000;
    for (let i = 0; i < keys; i++) {
      const h = nginxKeyHash(`k${i}`);
      if (lookup(a, h) !== lookup(b, h)) moved++;
    }
    // Binomial noise on 200 000 keys: well under 0.01.
    expect(Math.abs(moved / keys - movedSpace(a, b))).toBeLessThan(0.01);
    expect(movedSpace(a, b)).toBe(movedSpace(b, a));
  });
});

describe('the migration fraction against (1 - k2/k1)(1 - 1/N)', () => {
  it.each([
    [100, 160, 16],
    [100, 160, 40],
    [100, 160, 80],
    [50, 1000, 100],
    [10, 160, 16],
  ])('N = %i, %i -> %i points: within 0.02 on average over 5 fleets', (n, k1, k2) => {
    let sum = 0;
    for (let seed = 0; seed < 5; seed++) sum += movedSpace(nginxRing(fleet(n, seed), k1), nginxRing(fleet(n, seed), k2));
    expect(Math.abs(sum / 5 - predictedMoved(n, k1, k2))).toBeLessThan(0.02);
  });

  it('the short chain is a prefix of the long one, so the new ring is a subset of the old', () => {
    const a = nginxRing(fleet(10), 160);
    const b = nginxRing(fleet(10), 16);
    const old = new Set(a.hashes);
    expect(Array.from(b.hashes).every((h) => old.has(h))).toBe(true);
  });
});

describe('usesNewRing', () => {
  it('raising p only adds requests, so rolling back returns exactly the ones it moved', () => {
    const hashes = Array.from({ length: 5000 }, (_, i) => nginxKeyHash(`decide-${i}`));
    const at = (p: number) => new Set(hashes.filter((h) => usesNewRing(h, p)));
    const low = at(0.2);
    const high = at(0.6);
    expect([...low].every((h) => high.has(h))).toBe(true);
    expect(at(0).size).toBe(0);
    expect(at(1).size).toBe(hashes.length);
    expect(Math.abs(high.size / hashes.length - 0.6)).toBeLessThan(0.03);
  });
});
