import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tailFractions } from '../../../../src/lib/supermarket/fixed-point.ts';
import { fixedPointProfile } from '../../../../src/lib/supermarket/profile.ts';

describe('fixedPointProfile', () => {
  it('puts s_i of the queues (to the nearest 1/n) at i customers or more', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.99, noNaN: true }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3000 }), (lambda, d, n) => {
        const q = fixedPointProfile(lambda, d, n);
        expect(q).toHaveLength(n);
        const s = tailFractions(lambda, d, 0.5 / n);
        for (let i = 1; i <= s.length + 1; i++) {
          const atLeast = q.filter((x) => x >= i).length;
          const expected = i <= s.length ? s[i - 1] : 0;
          expect(Math.abs(atLeast - n * expected)).toBeLessThanOrEqual(0.5 + 1e-9);
        }
      }),
    );
  });

  it('for d = 1 at λ = 0.9 and n = 10 000 holds 9 customers per queue on average, the M/M/1 mean', () => {
    const q = fixedPointProfile(0.9, 1, 10_000);
    expect(q.reduce((a, b) => a + b, 0) / 10_000).toBeCloseTo(9, 2);
  });
});
