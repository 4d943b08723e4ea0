import type { Measured } from '../../src/claims/verdict.ts';
import { t, type Key, type Locale } from '../../src/i18n/index.ts';
import { formatValue } from '../notebook/render.ts';

/**
 * A claim's numbers as the page writes them (<Claim>'s text and popup, the chapter's table of the
 * article's numbers): the article's value as the article wrote it, this site's at the claim's
 * digits, and the finer of the two for the popup and the table.
 */
export interface ClaimTexts {
  /** The article's value as written (41.6%, 15 201, 3.5; "yes" for a finding), with "≤ " for a bound. */
  article: string;
  /** The article's value without the bound's sign, as written. */
  articleBare: string;
  /** This site's value at the claim's digits (the prose's text); the article's for a claim no run can test. */
  shown: string;
  /** This site's value at the claim's digits or the article's, whichever is finer; undefined when no run can test it. */
  ours: string | undefined;
}

/**
 * Where a chapter's claims come from: its source article (the chapter's front matter `source`),
 * or, in a chapter without one (the placement lab), the papers each claim cites (src/claims/).
 */
export type ClaimOrigin = 'article' | 'papers';

/** The words that name a claim's origin, by origin: the tally, the table's heading, lead and column, the chip's detail and popup. */
export const ORIGIN_WORDS = {
  article: { tally: 'claims.tally', heading: 'claims.table.heading', lead: 'claims.table.lead', column: 'claims.table.article', label: 'claim.article', detail: 'claim.detail.article' },
  papers: { tally: 'claims.tally.papers', heading: 'claims.table.heading.papers', lead: 'claims.table.lead.papers', column: 'claims.table.article.papers', label: 'claim.article.papers', detail: 'claim.detail.article.papers' },
} as const satisfies Record<ClaimOrigin, Record<string, Key>>;

/** The origin of a chapter's claims from its front matter: a `source` article, or the papers. */
export const claimOrigin = (data: { source?: unknown }): ClaimOrigin => (data.source ? 'article' : 'papers');

/** The most fraction digits an article's value is written with: 0.99%, 0.816497. */
export const WRITTEN_DIGITS = { percent: 2, decimal: 6 } as const;

export function claimTexts(m: Measured, locale: Locale): ClaimTexts {
  const c = m.claim;
  const percent = c.kind === 'percent';
  // A finding rather than a number: 1 is "yes", 0 is "no".
  const yesNo = (v: number) => t(locale, v ? 'claim.yes' : 'claim.no');
  const fixed = (v: number, digits: number) => new Intl.NumberFormat(locale, { style: percent ? 'percent' : 'decimal', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const asWritten = (v: number) =>
    c.format === 'yes-no' ? yesNo(v) : new Intl.NumberFormat(locale, { style: percent ? 'percent' : 'decimal', maximumFractionDigits: WRITTEN_DIGITS[percent ? 'percent' : 'decimal'] }).format(v);
  // The reproduced value at the article's precision (digits), as a percentage where the claim is one.
  const atDigits = (v: number) => (c.format === 'yes-no' ? yesNo(v) : c.digits === undefined ? formatValue(c.kind, v, locale) : fixed(v, c.digits));
  // The finer of the claim's digits and the article's as written (0.990% is not "1%" beside an
  // article's 0.99%: a std and a mean that differ must not read alike). As written means as
  // asWritten shows it, at most 2 digits of a percentage and 6 of a decimal: a value given as a
  // fraction (1/101, 0.990099…%) is written 0.99%, and ours then reads 1.01%, not 1.008100000000%.
  const writtenDigits = (v: number) => {
    const s = String(Number((v * (percent ? 100 : 1)).toPrecision(12)));
    const digits = s.includes('.') && !s.includes('e') ? s.length - s.indexOf('.') - 1 : 0;
    return Math.min(digits, WRITTEN_DIGITS[percent ? 'percent' : 'decimal']);
  };
  const oursDigits = c.digits === undefined ? undefined : Math.max(c.digits, writtenDigits(c.article));
  const ours = c.uncheckable ? undefined : c.format === 'yes-no' ? yesNo(m.value) : oursDigits === undefined ? formatValue(c.kind, m.value, locale) : fixed(m.value, oursDigits);
  const articleBare = asWritten(c.article);
  return {
    article: `${c.bound === 'at-most' ? '≤ ' : ''}${articleBare}`,
    articleBare,
    shown: c.uncheckable ? articleBare : atDigits(m.value),
    ours,
  };
}
