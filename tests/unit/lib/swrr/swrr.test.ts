import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counts, letters, longestRun, maxGap, pick, picks, reset, swrr, trace, WeightsError } from '../../../../src/lib/swrr/index.ts';

const weightSets = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0));

describe('swrr', () => {
  it('swrr(5,1,1) repeats a a b a c a a (nginx’s commit message) and its current weights return to 0', () => {
    const s = swrr([5, 1, 1]);
    const seen: number[][] = [];
    const seq = [];
    for (let i = 0; i < 7; i++) {
      seq.push(pick(s));
      seen.push(Array.from(s.current));
    }
    expect(letters(seq).toLowerCase()).toBe('aabacaa');
    expect(seen).toEqual([[-2, 1, 1], [-4, 2, 2], [1, -4, 3], [-1, -3, 4], [4, -2, -2], [2, -1, -1], [0, 0, 0]]);
  });

  it('swrr(5,2,3) and swrr(4,2,1) give the reference sequences', () => {
    expect(letters(picks(swrr([5, 2, 3]), 10)).toLowerCase()).toBe('acbaacabca');
    expect(letters(picks(swrr([4, 2, 1]), 14)).toLowerCase()).toBe('abacabaabacaba');
  });

  it('swrr(5,3,1) repeats a b a c a b a b a: the article’s nine-round table, row by row', () => {
    const rows = trace(swrr([5, 3, 1]), 9);
    expect(letters(rows.map((r) => r.picked))).toBe('ABACABABA');
    expect(rows.map((r) => r.added)).toEqual([
      [5, 3, 1], [1, 6, 2], [6, 0, 3], [2, 3, 4], [7, 6, -4], [3, 9, -3], [8, 3, -2], [4, 6, -1], [9, 0, 0],
    ]);
    expect(rows.map((r) => r.after)).toEqual([
      [-4, 3, 1], [1, -3, 2], [-3, 0, 3], [2, 3, -5], [-2, 6, -4], [3, 0, -3], [-1, 3, -2], [4, -3, -1], [0, 0, 0],
    ]);
  });

  it('gives every node exactly its weight in each cycle of total-weight picks, and ends the cycle at all zeros', () => {
    fc.assert(
      fc.property(weightSets, fc.integer({ min: 1, max: 3 }), (w, cycles) => {
        const s = swrr(w);
        const total = w.reduce((a, b) => a + b, 0);
        for (let c = 0; c < cycles; c++) {
          expect(counts(picks(s, total), w.length)).toEqual(w);
          expect(Array.from(s.current).every((x) => x === 0)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  // A gap of g picks between two picks of a node of weight w: g < 2·total/w is not a property of
  // SWRR (it was asserted here until fast-check found weights 109, 493, 101, 499, where the node of
  // weight 493 waits 5 picks and 2·1202/493 = 4.88). What holds on every input tried (fast-check
  // here, and 40 000 random weight sets up to 10 nodes, where (g − 1)·w/total reached 1.62) is one
  // pick more: (g − 1)·w < 2·total. An observed bound, not a proven one; a counterexample would
  // fail this test with its weights.
  it('keeps a node of weight w waiting fewer than 2·total/w + 1 picks (an observed gap bound; the tighter 2·total/w fails)', () => {
    const tight = [109, 493, 101, 499];
    const tightTotal = tight.reduce((a, b) => a + b, 0);
    expect(maxGap(picks(swrr(tight), tightTotal), 1, true) * tight[1]).toBeGreaterThanOrEqual(2 * tightTotal);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 10 }).filter((w) => w.some((x) => x > 0)), (w) => {
        const total = w.reduce((a, b) => a + b, 0);
        const seq = picks(swrr(w), total);
        w.forEach((wi, i) => {
          if (wi > 0) expect((maxGap(seq, i, true) - 1) * wi).toBeLessThan(2 * total);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('never picks a node of weight 0', () => {
    fc.assert(
      fc.property(weightSets, (w) => {
        const total = w.reduce((a, b) => a + b, 0);
        const seq = picks(swrr(w), 2 * total);
        w.forEach((wi, i) => {
          if (wi === 0) expect(seq).not.toContain(i);
        });
      }),
    );
  });

  it('refuses all-zero weights, an empty list and negative or fractional weights with a named error', () => {
    const code = (w: number[]) => {
      try {
        swrr(w);
        return null;
      } catch (e) {
        expect(e).toBeInstanceOf(WeightsError);
        return (e as WeightsError).code;
      }
    };
    expect(code([0, 0, 0])).toBe('all-zero');
    expect(() => swrr([0, 0])).toThrow(/every weight is 0/);
    expect(code([])).toBe('no-nodes');
    expect(code([1, -1])).toBe('bad-weight');
    expect(code([1.5])).toBe('bad-weight');
  });

  it('breaks ties toward the node listed first, as nginx does: 1:1:1 goes A B C', () => {
    expect(letters(picks(swrr([1, 1, 1]), 6))).toBe('ABCABC');
  });

  it('keeps runs short: 2:1 over 12 picks never picks one node more than twice in a row', () => {
    expect(longestRun(picks(swrr([2, 1]), 12))).toBeLessThanOrEqual(2);
  });

  it('reset returns to the first pick of the cycle', () => {
    const s = swrr([5, 3, 1]);
    picks(s, 4);
    reset(s);
    expect(letters(picks(s, 3))).toBe('ABA');
  });
});
