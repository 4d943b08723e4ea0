import { describe, expect, it } from 'vitest';
import { churn, gridIdentity, makeFleet, textbookRow } from '../../../../src/lib/mols/index.ts';
import { chiSquare } from '../../../../src/lib/stats/dispersion.ts';

describe('fleets', () => {
  it('deals grid clients evenly on the rows of both designs', () => {
    for (const n of [5, 6, 7, 10]) {
      const rows = new Array<number>(n).fill(0);
      const rows1 = new Array<number>(n - 1).fill(0);
      for (let i = 0; i < n * (n - 1) * 3; i++) {
        const h = gridIdentity(i, n);
        rows[textbookRow(h, n)]++;
        rows1[h % (n - 1)]++;
      }
      expect(chiSquare(rows)).toBe(0);
      expect(chiSquare(rows1)).toBe(0);
    }
  });

  it('N → N − 1 remaps about 5/6 of the unaffected clients without the sticky layer, and none with it', () => {
    const f = makeFleet(700, 7, 0);
    for (const r of ['textbook', 'layered'] as const) {
      const c = churn(f, r);
      expect(c.unaffected).toBeGreaterThan(550);
      expect(c.moved / c.unaffected).toBeGreaterThan(0.75);
      expect(c.moved / c.unaffected).toBeLessThan(0.92);
      expect(churn(f, r, true).moved).toBe(0);
    }
  });
});
