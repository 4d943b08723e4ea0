import { describe, expect, it } from 'vitest';
import type { MolsSquaresData } from '../../../../src/experiments/mols-relay-routing/mols-squares.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

describe('mols.squares', () => {
  it('defaults (n = 7, a = 3, b = 5): all 49 pairs distinct, every cell once', async () => {
    const { output } = await runExperiment('mols.squares', {});
    expect(output.results).toEqual({ distinct_pairs: 49, cells: 49, orthogonal: 1, 'gcd.a': 1, 'gcd.b': 1, 'gcd.diff': 1 });
    const d = output.data as MolsSquaresData;
    expect(d.multiplicity.every((m) => m === 1)).toBe(true);
    expect(d.left.slice(7, 14)).toEqual([3, 4, 5, 6, 0, 1, 2]);
  });

  it('n = 6, a = 3: says L3 is not Latin, with gcd(3, 6) = 3, and that no pair of order 6 exists', async () => {
    const { output } = await runExperiment('mols.squares', { n: '6', a: '3', b: '5' });
    expect(output.results).toMatchObject({ orthogonal: 0, 'gcd.a': 3, 'gcd.diff': 2 });
    const d = output.data as MolsSquaresData;
    expect(d.check.reason).toBe('a-not-latin');
    expect(d.exists).toBe(false);
    expect(Math.max(...d.multiplicity)).toBeGreaterThan(1);
  });

  it('n = 9, a = 1, b = 4: both Latin, but the difference 3 shares a factor with 9', async () => {
    const { output } = await runExperiment('mols.squares', { n: '9', a: '1', b: '4' });
    expect(output.results).toMatchObject({ distinct_pairs: 27, 'gcd.diff': 3, orthogonal: 0 });
    expect((output.data as MolsSquaresData).check.reason).toBe('difference-not-unit');
  });

  it('refuses n outside 2 … 16', () => {
    expect(resolve('mols.squares', { n: '17' }).ok).toBe(false);
    expect(resolve('mols.squares', { n: '1' }).ok).toBe(false);
  });
});
