import type { VerdictKind } from '../../src/claims/verdict.ts';

/**
 * A claim's verdict chip: a small button after the number (a symbol, and the verdict's word
 * where the verdict does not simply confirm the number) that opens a popup with the article's
 * value and this site's. Keyboard and touch reach it like any button; nothing needs a hover.
 */
export const VERDICT_SYMBOL: Record<VerdictKind, string> = {
  reproduced: '✓',
  'within noise': '≈',
  differs: '≠',
  'article is wrong': '✗',
  'by construction': '≡',
  'cannot be checked here': '?',
};

/**
 * A reproduced number shows a quiet mark only (the word is in the button's name and the popup):
 * prose has dozens. Every other verdict says itself in words beside the number.
 */
export const compactVerdict = (kind: VerdictKind): boolean => kind === 'reproduced';

/** The verdicts that set two values apart: beside the word, the other value (ours after the article's, or the article's after ours). */
export const twoValues = (kind: VerdictKind): boolean => kind === 'within noise' || kind === 'differs' || kind === 'article is wrong';

export interface ChipText {
  symbol: string;
  /** The verdict in the page's language. */
  word: string;
  /** Whether the word is shown beside the symbol, or only to screen readers. */
  wordVisible: boolean;
  /** The other value in words, shown after the word ("we get 587"), for a verdict that sets two apart; '' otherwise. */
  detail: string;
  /** The popup's lines: the verdict, the article's value, this site's (when a run has one). */
  lines: string[];
}

export function chipText(
  kind: VerdictKind,
  label: { verdict: string; word: string; article: string; ours: string; none: string },
  articleValue: string,
  oursValue: string | undefined,
  /** The other value's words, for twoValues kinds: `{value}` filled with it (the caller picks ours or the article's). */
  other?: { template: string; value: string },
): ChipText {
  return {
    symbol: VERDICT_SYMBOL[kind],
    word: label.word,
    wordVisible: !compactVerdict(kind),
    detail: twoValues(kind) && other ? other.template.replace('{value}', other.value) : '',
    lines: [`${label.verdict}: ${label.word}`, `${label.article}: ${articleValue}`, `${label.ours}: ${oursValue ?? label.none}`],
  };
}

/**
 * Whether this is the first claim rendered for a page in this build (it carries the popup's
 * words for the whole page). Kept here, not in Claim.astro, whose frontmatter runs per render.
 */
const labelled = new Set<string>();
export function firstOnPage(path: string): boolean {
  if (labelled.has(path)) return false;
  labelled.add(path);
  return true;
}
