import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance, chiSquare, coefficientOfVariation, counts, noiseFloor, spread } from '../../../../src/lib/stats/dispersion.ts';

describe('coefficientOfVariation', () => {
  it('is the population standard deviation over the mean', () => {
    // mean 5, squared deviations 9 + 1 + 1 + 9 = 20, population variance 5
    expect(coefficientOfVariation([2, 4, 6, 8])).toBe(Math.sqrt(5) / 5);
    expect(coefficientOfVariation(new Uint32Array([7, 7, 7]))).toBe(0);
  });
  it('gives the same bits when the caller passes the mean of integer counts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 50 }), (xs) => {
        const total = xs.reduce((s, x) => s + x, 0);
        fc.pre(total > 0);
        expect(coefficientOfVariation(xs, total / xs.length)).toBe(coefficientOfVariation(xs));
      }),
    );
  });
  it('does not change when every value is scaled', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 30 }), fc.integer({ min: 2, max: 64 }), (xs, k) => {
        expect(coefficientOfVariation(xs.map((x) => x * k))).toBeCloseTo(coefficientOfVariation(xs), 12);
      }),
    );
  });
});

describe('chiSquare', () => {
  it('is Σ (observed − expected)² / expected against an even split', () => {
    expect(chiSquare([5, 5, 5, 5])).toBe(0);
    // expected 10: (4 + 4 + 0) / 10
    expect(chiSquare([12, 8, 10])).toBeCloseTo(0.8, 15);
  });
});

describe('counts', () => {
  it('counts how many owners name each slot, and every owner once', () => {
    expect([...counts([2, 0, 2, 1, 2], 4)]).toEqual([1, 1, 3, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.nat(n - 1), { maxLength: 200 }))), ([n, owners]) => {
        const c = counts(Uint16Array.from(owners), n);
        expect(c).toHaveLength(n);
        expect(c.reduce((s, x) => s + x, 0)).toBe(owners.length);
        for (let i = 0; i < n; i++) expect(c[i]).toBe(owners.filter((o) => o === i).length);
      }),
    );
  });
});

describe('spread', () => {
  it('is the least, the largest and the population standard deviation around the mean', () => {
    // mean 5, population variance 5
    expect(spread([2, 4, 6, 8])).toEqual({ mean: 5, min: 2, max: 8, std: Math.sqrt(5) });
  });
  it('gives the coefficient of variation as its std over its mean, to the bit', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 50 }), (xs) => {
        const total = xs.reduce((s, x) => s + x, 0);
        fc.pre(total > 0);
        const s = spread(xs, total / xs.length);
        expect(s.std / s.mean).toBe(coefficientOfVariation(xs, total / xs.length));
        expect(s.min).toBe(Math.min(...xs));
        expect(s.max).toBe(Math.max(...xs));
      }),
    );
  });
});

describe('balance', () => {
  it('reads the fullest and emptiest node and the CV, each over the mean', () => {
    // 40 keys on 4 nodes: mean 10
    const b = balance([16, 8, 10, 6], 40);
    expect(b.maxmean).toBe(1.6);
    expect(b.minmean).toBe(0.6);
    expect(b.cv).toBe(coefficientOfVariation([16, 8, 10, 6]));
    expect(balance([5, 5, 5], 15)).toEqual({ maxmean: 1, minmean: 1, cv: 0 });
  });
});

describe('noiseFloor', () => {
  it('is the CV uniform throws give on average: sqrt((N − 1) / keys)', () => {
    expect(noiseFloor(5, 400)).toBe(0.1);
    // 20 000 keys on 10 nodes, uniformly at random: the measured CV of many throws averages near it.
    let state = 1;
    const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const trials = 200;
    let sum = 0;
    for (let t = 0; t < trials; t++) {
      const owners = Uint16Array.from({ length: 20_000 }, () => Math.floor(next() * 10));
      sum += coefficientOfVariation(counts(owners, 10), 2_000);
    }
    expect(sum / trials).toBeCloseTo(noiseFloor(10, 20_000), 2);
  });
});
