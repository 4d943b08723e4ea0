import { describe, it, expect } from 'vitest';
import { maxLoadOrder } from '../../../../src/lib/balls/order.ts';

describe('maxLoadOrder', () => {
  it('matches the reference table for ln ln n / ln d (algorithms.md 4.2)', () => {
    const table: [number, number, number][] = [
      [1e3, 2.79, 1.76],
      [1e4, 3.2, 2.02],
      [1e5, 3.53, 2.22],
      [1e6, 3.79, 2.39],
      [1e7, 4.01, 2.53],
    ];
    for (const [n, d2, d3] of table) {
      expect(maxLoadOrder(n, 2)).toBeCloseTo(d2, 2);
      expect(maxLoadOrder(n, 3)).toBeCloseTo(d3, 2);
    }
  });

  it('is ln n / ln ln n for one choice: e at n = e^e, and 6 / ln 6 at n = e^6', () => {
    expect(maxLoadOrder(Math.E ** Math.E, 1)).toBeCloseTo(Math.E, 12);
    expect(maxLoadOrder(Math.exp(6), 1)).toBeCloseTo(6 / Math.log(6), 12);
  });

  it('falls as d grows, for every n in the figure range', () => {
    for (let n = 10; n <= 1e7; n *= 10) {
      expect(maxLoadOrder(n, 1)).toBeGreaterThan(maxLoadOrder(n, 2));
      expect(maxLoadOrder(n, 2)).toBeGreaterThan(maxLoadOrder(n, 3));
    }
  });

  it('rejects n below 3 and d that is not a positive integer', () => {
    expect(() => maxLoadOrder(2, 2)).toThrow(RangeError);
    expect(() => maxLoadOrder(100, 0)).toThrow(RangeError);
    expect(() => maxLoadOrder(100, 1.5)).toThrow(RangeError);
  });
});
