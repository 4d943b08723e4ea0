import { describe, expect, it } from 'vitest';
import { claims } from '../../../src/claims/registry.ts';
import { measure, verdict } from '../../../src/claims/verdict.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';

describe('claims registry', () => {
  it('every claim names an experiment, valid parameters and a result key that run produces', () => {
    for (const c of claims) {
      if (!c.experiment) {
        if (c.uncheckable) continue;
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
    // A setting of ours or a definition is never shown as a confirmation; a claim no run can test has no value.
    if (c.byConstruction) return expect(m.verdict).toBe('by construction');
    if (c.uncheckable) return expect([m.verdict, m.value]).toEqual(['cannot be checked here', Number.NaN]);
    if (c.format === 'yes-no') {
      expect([0, 1]).toContain(c.article);
      expect([0, 1]).toContain(m.value);
    }
    if (c.articleIsWrong) expect(m.verdict).toMatch(/^article is wrong/);
    // A known difference is expected to stay one: if the article's number came back within
    // tolerance, the explanation in the registry (and the chapter) would be out of date.
    else if (c.knownDifference) expect(m.verdict).toBe('differs');
    // A bound holds for anything up to it: only the excess above it counts against the tolerance.
    else if (c.bound === 'at-most') expect(m.value - c.article).toBeLessThanOrEqual(c.tolerance);
    // Agreeing means equal at the article's printed precision, or within the claim's tolerance.
    else expect(['reproduced', 'within noise']).toContain(m.verdict);
    // Five minutes: under npm test a claim's run may be the build's, computed in the other lane
    // and waited for (src/build/memo.ts), such as the article-scale ketama ring (tens of seconds).
  }, 300_000);

  it('judges a value by the claim’s tolerance', () => {
    const c = { ...claims[0], article: 10, tolerance: 0.5 };
    expect(verdict(c, 10)).toBe('reproduced');
    expect(verdict(c, 10.4)).toBe('within noise');
    expect(verdict(c, 11)).toBe('differs');
    expect(verdict({ ...c, articleIsWrong: 'the fixed point is 3.38' }, 11)).toBe('article is wrong: the fixed point is 3.38');
  });

  it('says reproduced at the article’s printed precision, and never for a setting or an uncheckable number', () => {
    const c = { ...claims[0], article: 0.416, tolerance: 0.001, digits: 1, kind: 'percent' as const };
    expect(verdict(c, 0.41593)).toBe('reproduced');
    expect(verdict(c, 0.4154)).toBe('within noise');
    expect(verdict({ ...c, tolerance: 0 }, 0.4154)).toBe('differs');
    expect(verdict({ ...c, digits: 0, kind: 'int' as const, article: 511 }, 510.68)).toBe('reproduced');
    expect(verdict({ ...c, byConstruction: 'our constant' }, 0.416)).toBe('by construction');
    expect(verdict({ ...c, uncheckable: 'their fleet' }, 0.416)).toBe('cannot be checked here');
  });

  it('marks every claim whose value is one of our own constants as by construction', async () => {
    // A claim with no run and no uncheckable reason reads a constant of this code: it cannot confirm the article.
    for (const c of claims.filter((x) => !x.experiment && !x.uncheckable && x.derive && x.derive({}, undefined) === x.article)) {
      expect(c.byConstruction ?? c.knownDifference ?? c.articleIsWrong, `${c.id} reads a constant equal to the article`).toBeDefined();
    }
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
