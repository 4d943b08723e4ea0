import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairHash, rendezvousPick, rendezvousRank, unit } from '../../../../src/lib/hashing/rendezvous.ts';
import { churn, makeFleet } from '../../../../src/lib/mols/index.ts';

describe('rendezvous hashing', () => {
  it('removing a node moves only that node’s keys (weighted or not, many seeds)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 2, maxLength: 24 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.nat(),
        fc.boolean(),
        (nodes, seed, drop, weighted) => {
          const gone = drop % nodes.length;
          const weights = weighted ? nodes.map((x) => 1 + (x % 7)) : undefined;
          const restNodes = nodes.filter((_, j) => j !== gone);
          const restWeights = weights?.filter((_, j) => j !== gone);
          for (let k = 0; k < 200; k++) {
            const key = pairHash(seed, k);
            const before = nodes[rendezvousPick(key, nodes, weights)];
            const after = restNodes[rendezvousPick(key, restNodes, restWeights)];
            // Plain checks per key (an expect per key costs more than the ranking); the first
            // moved key fails the property, named.
            const want = before !== nodes[gone] ? before : nodes[rendezvousRank(key, nodes, weights)[1]];
            if (after !== want) throw new Error(`key ${k}: went from ${before} to ${after} when ${nodes[gone]} left (expected ${want})`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('wins in proportion to weight with score −w/ln(u), within sampling error', () => {
    const weights = [1, 2, 3, 4, 10];
    const nodes = weights.map((_, j) => pairHash(0xabcdef, j));
    const total = weights.reduce((s, w) => s + w, 0);
    const keys = 200_000;
    const wins = new Array<number>(weights.length).fill(0);
    for (let k = 0; k < keys; k++) wins[rendezvousPick(pairHash(k, 99), nodes, weights)]++;
    weights.forEach((w, j) => {
      const p = w / total;
      const sd = Math.sqrt((p * (1 - p)) / keys);
      expect(Math.abs(wins[j] / keys - p), `weight ${w}`).toBeLessThan(4 * sd);
    });
  });

  it('the inverted score −1/(w·ln u) would make a heavier node win less', () => {
    const nodes = [pairHash(1, 1), pairHash(2, 2)];
    let heavy = 0;
    for (let k = 0; k < 20_000; k++) {
      const s = nodes.map((n, j) => -1 / ([1, 3][j] * Math.log(unit(pairHash(k, n)))));
      if (s[1] > s[0]) heavy++;
    }
    expect(heavy / 20_000).toBeGreaterThan(0.2);
    expect(heavy / 20_000).toBeLessThan(0.3);
  });

  it('spreads unweighted keys evenly (χ² of 16 nodes below the 99.9th percentile)', () => {
    const nodes = Array.from({ length: 16 }, (_, j) => pairHash(7, j));
    const wins = new Array<number>(16).fill(0);
    for (let k = 0; k < 160_000; k++) wins[rendezvousPick(k, nodes)]++;
    const chi2 = wins.reduce((s, w) => s + (w - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(37.7);
  });

  it('keeps every unaffected client when a relay leaves the fleet', () => {
    for (const salt of [0, 1, 2, 3, 4]) expect(churn(makeFleet(700, 7, salt), 'rendezvous').moved).toBe(0);
  });
});
