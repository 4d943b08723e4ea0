import { describe, expect, it } from 'vitest';
import { fmix32 } from '../../../../src/lib/hashing/murmur3.ts';
import { cellTargets, failover, layeredGrid, makeFleet, rankTargets, textbookRank } from '../../../../src/lib/mols/index.ts';
import type { LayeredGrid } from '../../../../src/lib/mols/index.ts';

/** One client on every cell of the design's grid; for each relay f, where f's clients go when f dies. */
function exactFailover(g: LayeredGrid): number[][] {
  const { n } = g;
  const rows = g.design === 'rows' ? Array.from({ length: n - 1 }, (_, i) => i + 1) : Array.from({ length: n }, (_, i) => i);
  const to = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const row of rows) {
    for (let col = 0; col < n; col++) {
      const order = rankTargets(cellTargets(row, col, g), n);
      to[order[0]][order[1]]++;
    }
  }
  return to;
}

describe('the layered router: failover share', () => {
  it('the article’s dual-target scheme sends 2/n of a dead relay’s clients to one relay (rows 0 and one other)', () => {
    for (const n of [5, 7, 11, 13, 17, 19, 23]) {
      const g = layeredGrid(n, 'article');
      expect(g.single).toBe(false);
      exactFailover(g).forEach((to, f) => {
        const displaced = to.reduce((s, c) => s + c, 0);
        expect(displaced).toBe(n);
        expect(to[f]).toBe(0);
        expect(Math.max(...to) / displaced, `n=${n} f=${f}`).toBeCloseTo(2 / n, 12);
        // The one that takes 2/n is the clockwise neighbour, t1 + 1.
        expect(to[(f + 1) % n]).toBe(2);
        expect(to.filter((c) => c === 1)).toHaveLength(n - 2);
      });
    }
  });

  it('standing clients on rows 1 … n−1 only sends exactly 1/(n − 1) to every survivor, odd n and even', () => {
    for (const n of [3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 21]) {
      const g = layeredGrid(n, 'rows');
      expect(g.single).toBe(false);
      exactFailover(g).forEach((to, f) => {
        to.forEach((c, j) => expect(c, `n=${n} ${f}->${j}`).toBe(j === f ? 0 : 1));
      });
    }
  });

  it('for even n the article’s design has no pair and falls back to one square: the whole backup goes to one relay', () => {
    for (const n of [4, 6, 8]) {
      const g = layeredGrid(n, 'article');
      expect(g).toMatchObject({ m1: 1, m2: 1, single: true });
      exactFailover(g).forEach((to) => expect(Math.max(...to)).toBe(n));
    }
  });

  it('uses the article’s base pair (3, 5), then (7, 11), then the smallest valid pair', () => {
    expect(layeredGrid(7)).toMatchObject({ m1: 3, m2: 5 });
    expect(layeredGrid(9)).toMatchObject({ m1: 7, m2: 11 });
    expect(layeredGrid(21)).toMatchObject({ m1: 1, m2: 2 });
  });

  it('reproduces 2/7 on 700 clients dealt evenly over the grid (the article’s 28.8%)', () => {
    const f = failover(makeFleet(700, 7, 0, 'grid'), 'layered');
    expect(f.chi2).toBeLessThan(0.5);
    expect(Math.abs(f.maxShare - 2 / 7)).toBeLessThan(0.02);
    expect(failover(makeFleet(700, 7, 0, 'grid'), 'rows').maxShare).toBeLessThan(0.2);
  });
});

describe('the textbook router', () => {
  it('always backs up on the primary’s left neighbour: L2 never breaks a tie', () => {
    for (const n of [5, 7, 11]) {
      for (let h = 0; h < 500; h++) {
        const [p, b] = textbookRank(h * 2654435761, n);
        expect(b).toBe((p + n - 1) % n);
      }
    }
  });

  it('with multiplier 3 and n = 6 puts every primary on relay 5 or 2 (gcd(3, 6) = 3)', () => {
    const tops = new Set(Array.from({ length: 600 }, (_, h) => textbookRank(fmix32(h), 6)[0]));
    expect([...tops].sort()).toEqual([2, 5]);
    expect(new Set(Array.from({ length: 600 }, (_, h) => textbookRank(fmix32(h), 6, 1, 5)[0])).size).toBe(6);
  });

  it('herds the whole failover onto one relay on any fleet', () => {
    for (const salt of [0, 1, 2, 3]) expect(failover(makeFleet(700, 7, salt), 'textbook').maxShare).toBe(1);
  });
});
