import { describe, expect, it } from 'vitest';
import { claimOrigin, claimTexts, ORIGIN_WORDS, WRITTEN_DIGITS } from '../../../components/prose/claim-format.ts';
import { t } from '../../../src/i18n/index.ts';
import { claims } from '../../../src/claims/registry.ts';
import type { Claim } from '../../../src/claims/types.ts';
import type { Measured } from '../../../src/claims/verdict.ts';

/**
 * A claim's "ours" (the chip's "we get …", the claims table's column) is written at the claim's
 * digits or the article's as written, whichever is finer, and never finer than that: an article's
 * 1/101 is written 0.99%, so ours is 1.01%, not 1.008100000000% (the lab's jump claim did).
 */

/** The fraction digits of a formatted number ("1.01%" 2, "9,787" 0, "0,816497" 6). */
const fractionDigits = (text: string) => /[.,](\d+)\D*$/.exec(text.replace(/,\d{3}(?!\d)/g, ''))?.[1].length ?? 0;

/** A value with digits to spare near the article's, as a run gives: 1.0081% beside 0.99%. */
const measured = (c: Claim): Measured => ({ claim: c, value: (c.article === 0 ? 0.01 : c.article) * (1 + 1 / 97) + 1e-9, verdict: 'reproduced' });

const numbered = claims.filter((c) => c.format !== 'yes-no' && !c.uncheckable && c.digits !== undefined);

describe('a claim’s own value is written no finer than the claim’s digits or the article’s as written', () => {
  it('covers the claims with digits', () => {
    expect(numbered.length).toBeGreaterThan(20);
  });

  it.each(numbered.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    for (const locale of ['en', 'ko'] as const) {
      const texts = claimTexts(measured(c), locale);
      const bound = Math.max(c.digits!, fractionDigits(texts.articleBare));
      expect(bound, `${c.id}: the article is written ${texts.articleBare}`).toBeLessThanOrEqual(Math.max(c.digits!, WRITTEN_DIGITS[c.kind === 'percent' ? 'percent' : 'decimal']));
      expect(fractionDigits(texts.ours!), `${c.id} (${locale}): ours "${texts.ours}" beside the article's "${texts.articleBare}" and digits ${c.digits}`).toBeLessThanOrEqual(bound);
      // At least the claim's digits: the prose's own value is never rounded past them.
      expect(fractionDigits(texts.ours!)).toBeGreaterThanOrEqual(c.digits!);
    }
  });

  it('writes the lab’s jump claim (1/101 of the keys move) as 0.99% against 1.01%', () => {
    const jump = claims.find((c) => c.id === 'lab.jump.moved')!;
    const texts = claimTexts({ claim: jump, value: 0.010081, verdict: 'reproduced' }, 'en');
    expect([texts.articleBare, texts.ours]).toEqual(['0.99%', '1.01%']);
  });

  it('keeps an article’s finer digits: 0.990% is not 1% beside its 0.99%', () => {
    const c: Claim = { id: 'x', chapter: 'x', article: 0.0099, key: 'k', tolerance: 0, digits: 0, kind: 'percent', note: 'a planted claim' };
    expect(claimTexts({ claim: c, value: 0.0099, verdict: 'reproduced' }, 'en').ours).toBe('0.99%');
  });
});

describe('the words for where a chapter’s numbers come from', () => {
  it('name the papers, never an article, in a chapter with no source article (the lab), and the article in one with a source', () => {
    expect(claimOrigin({})).toBe('papers');
    expect(claimOrigin({ source: { ref: 'article-ketama' } })).toBe('article');
    for (const locale of ['en', 'ko'] as const) {
      const papers = Object.values(ORIGIN_WORDS.papers).map((key) => t(locale, key));
      for (const text of papers) expect(text, `${locale}: ${text}`).not.toMatch(/원문|article/i);
      for (const text of papers) expect(text, `${locale}: ${text}`).toMatch(/논문|paper/i);
      for (const key of Object.values(ORIGIN_WORDS.article)) expect(t(locale, key)).toMatch(/원문|article/i);
    }
  });
});
