import { describe, expect, it } from 'vitest';
import { claims } from '../../../src/claims/registry.ts';
import { measure, verdict } from '../../../src/claims/verdict.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/run.ts';

describe('claims registry', () => {
  it('every claim names an experiment, valid parameters and a result key that run produces', () => {
    for (const c of claims) {
      if (!c.experiment) {
        expect(c.derive, `${c.id} has neither an experiment nor a formula`).toBeDefined();
        continue;
      }
      expect(registry[c.experiment], c.id).toBeDefined();
      expect(resolve(c.experiment, c.params ?? {}).ok, c.id).toBe(true);
    }
    expect(new Set(claims.map((c) => c.id)).size).toBe(claims.length);
  });

  it.each(claims.map((c) => [c.id, c]))('%s stays within its tolerance of the article, or keeps its stated verdict', async (_id, c) => {
    const m = await measure(c);
    if (c.articleIsWrong) expect(m.verdict).toMatch(/^article is wrong/);
    // A known difference is expected to stay one: if the article's number came back within
    // tolerance, the explanation in the registry (and the chapter) would be out of date.
    else if (c.knownDifference) expect(m.verdict).toBe('differs');
    // A bound holds for anything up to it: only the excess above it counts against the tolerance.
    else if (c.bound === 'at-most') expect(m.value - c.article).toBeLessThanOrEqual(c.tolerance);
    else expect(Math.abs(m.value - c.article)).toBeLessThanOrEqual(c.tolerance);
  });

  it('judges a value by the claim’s tolerance', () => {
    const c = { ...claims[0], article: 10, tolerance: 0.5 };
    expect(verdict(c, 10)).toBe('reproduced');
    expect(verdict(c, 10.4)).toBe('within noise');
    expect(verdict(c, 11)).toBe('differs');
    expect(verdict({ ...c, articleIsWrong: 'the fixed point is 3.38' }, 11)).toBe('article is wrong: the fixed point is 3.38');
  });

  it('judges a bound one-sided: anything up to it holds, anything above it differs', () => {
    const c = { ...claims[0], article: 0.01, tolerance: 0, bound: 'at-most' as const };
    expect(verdict(c, 0)).toBe('reproduced');
    expect(verdict(c, 0.005)).toBe('reproduced');
    expect(verdict(c, 0.01)).toBe('reproduced');
    expect(verdict(c, 0.0101)).toBe('differs');
    expect(verdict(c, 0.02)).toBe('differs');
    expect(verdict({ ...c, tolerance: 0.001 }, 0.0105)).toBe('within noise');
  });
});
