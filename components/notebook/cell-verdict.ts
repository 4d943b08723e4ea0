import { fill, type Strings } from '../../src/i18n/index.ts';

/**
 * Says it in the cell (issue 28): after a run, whether the result is the article's setting and,
 * there, what became of the article's numbers that this cell's run checks (the claims of the
 * page whose run is the cell's build run: follow.ts). Same parameters give the same result, so at
 * the article's setting each claim's verdict is the build's; at another setting the article's
 * numbers say nothing about the run, and the cell says that instead of a verdict.
 */

/** What the page carries of one claim: its verdict kind and its two values as shown. */
export interface ClaimSeen {
  id: string;
  kind: string;
  article: string;
  ours: string;
  /** The number is a paper's (a chapter with no source article: the lab's), not an article's. */
  papers: boolean;
}

/** The claims the followers hold, once each (a claim may be quoted twice on a page). */
export function claimsSeen(elements: readonly HTMLElement[]): ClaimSeen[] {
  const seen = new Map<string, ClaimSeen>();
  for (const el of elements) {
    const id = el.dataset.claim!;
    const button = el.querySelector<HTMLElement>('button.verdict');
    const [article = '', ours = ''] = (button?.dataset.pop ?? '').split('|');
    if (!seen.has(id)) seen.set(id, { id, kind: button?.dataset.kind ?? '', article, ours, papers: el.dataset.origin === 'papers' });
  }
  return [...seen.values()];
}

/** The kinds in the order a reader wants them: what differs first. */
const ORDER = ['article is wrong', 'differs', 'within noise', 'reproduced', 'by construction', 'cannot be checked here'];

/** The sentence for a run, or null when no claim of the page speaks of this cell's runs. */
export function verdictText(claims: readonly ClaimSeen[], atArticleSetting: boolean, s: Strings, locale: string): string | null {
  if (claims.length === 0) return null;
  // The papers' words where the numbers are papers' (the lab), the article's elsewhere.
  const of = claims.every((c) => c.papers) ? '.papers' : '';
  const key = (name: 'same' | 'other' | 'gap') => s[`cell.verdict.${name}${of}` as 'cell.verdict.same'];
  if (!atArticleSetting) return fill(key('other'), { n: claims.length });
  const words = s as Readonly<Record<string, string | undefined>>;
  const parts = ORDER.flatMap((kind) => {
    const of = claims.filter((c) => c.kind === kind);
    if (of.length === 0) return [];
    const count = fill(s['cell.verdict.count'], { count: of.length, verdict: words[`claim.verdict.${kind}`] ?? kind });
    // How far apart: the article's number beside this run's, for what does not agree.
    const gaps = kind === 'differs' || kind === 'article is wrong' ? of.filter((c) => c.ours).map((c) => fill(key('gap'), { article: c.article, ours: c.ours })) : [];
    return [gaps.length ? `${count} ${gaps.join(', ')}` : count];
  });
  return fill(key('same'), { n: claims.length, summary: new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts) });
}
