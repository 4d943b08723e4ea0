import { describe, expect, it } from 'vitest';
import { checkPair, cyclicPairValid, cyclicSquare, gcd, latinFault, orthogonalPairExists } from '../../../../src/lib/mols/index.ts';

const primes = (max: number): number[] => Array.from({ length: max - 1 }, (_, i) => i + 2).filter((p) => Array.from({ length: p - 2 }, (_, i) => i + 2).every((d) => p % d));

describe('cyclic Latin squares over GF(p)', () => {
  it('every prime ≤ 101 and every pair of distinct multipliers gives an orthogonal pair, checked over all p² cells', () => {
    const ps = primes(101);
    expect(ps).toHaveLength(26);
    expect(ps.at(-1)).toBe(101);
    let pairs = 0;
    for (const p of ps) {
      const squares = Array.from({ length: p }, (_, a) => (a ? cyclicSquare(p, a) : null));
      for (let a = 1; a < p; a++) expect(latinFault(squares[a]!, p), `p=${p} a=${a}`).toBeNull();
      const seen = new Uint8Array(p * p);
      for (let a = 1; a < p; a++) {
        const A = squares[a]!;
        for (let b = a + 1; b < p; b++) {
          const B = squares[b]!;
          seen.fill(0);
          let distinct = 0;
          for (let c = 0; c < p * p; c++) {
            const k = A[c] * p + B[c];
            if (!seen[k]) {
              seen[k] = 1;
              distinct++;
            }
          }
          if (distinct !== p * p) expect.fail(`p=${p}: L${a} and L${b} repeat a pair`);
          pairs++;
        }
      }
    }
    expect(pairs).toBe(ps.reduce((s, p) => s + ((p - 1) * (p - 2)) / 2, 0));
  });

  it('checkPair agrees with the gcd rule for every n ≤ 30 and every pair of multipliers', () => {
    for (let n = 2; n <= 30; n++) {
      for (let a = 1; a < n; a++) {
        for (let b = 1; b < n; b++) {
          const c = checkPair(n, a, b);
          expect(c.orthogonal, `n=${n} a=${a} b=${b}`).toBe(a !== b && cyclicPairValid(n, a, b));
          expect(c.distinctPairs === n * n).toBe(gcd(a - b, n) === 1);
        }
      }
    }
  });

  it('says why a pair fails: a multiplier that shares a factor with n, or a difference that does', () => {
    const six = checkPair(6, 3, 5);
    expect(six.reason).toBe('a-not-latin');
    expect(six.gcdA).toBe(3);
    expect(six.latinA).toMatchObject({ line: 'column' });
    const nine = checkPair(9, 1, 4);
    expect(nine.reason).toBe('difference-not-unit');
    expect(nine.gcdDiff).toBe(3);
    expect(nine.distinctPairs).toBe(27);
    expect(nine.repeat).not.toBeNull();
    expect(checkPair(7, 2, 2).reason).toBe('same-multiplier');
    expect(checkPair(7, 3, 5)).toMatchObject({ orthogonal: true, reason: null, distinctPairs: 49, repeat: null });
  });

  it('has no orthogonal pair of order 6 among cyclic squares, and none exists for 2 and 6 at all', () => {
    for (let a = 1; a < 6; a++) for (let b = 1; b < 6; b++) expect(checkPair(6, a, b).orthogonal).toBe(false);
    expect([2, 6].map(orthogonalPairExists)).toEqual([false, false]);
    expect([3, 4, 5, 7, 8, 10, 14].every(orthogonalPairExists)).toBe(true);
  });

  it('no even n has a valid cyclic pair: its units are all odd, so their difference is not one', () => {
    for (let n = 2; n <= 40; n += 2) for (let a = 1; a < n; a++) for (let b = 1; b < n; b++) expect(cyclicPairValid(n, a, b)).toBe(false);
  });
});
