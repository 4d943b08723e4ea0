import { runOnce } from '../build/memo.ts';
import type { Claim } from './types.ts';

export type Verdict = 'reproduced' | 'within noise' | 'differs' | `article is wrong: ${string}` | 'by construction' | 'cannot be checked here';

/** The verdict kinds, each with its own label in the page (an "article is wrong" verdict keeps its reason apart). */
export type VerdictKind = 'reproduced' | 'within noise' | 'differs' | 'article is wrong' | 'by construction' | 'cannot be checked here';

export const verdictKind = (v: Verdict): VerdictKind => (v.startsWith('article is wrong') ? 'article is wrong' : (v as VerdictKind));

/** A value as the article prints it: percentages in percent, rounded to the claim's digits. */
function printed(c: Claim, v: number): number {
  const scale = c.kind === 'percent' ? 100 : 1;
  const digits = c.digits ?? 0;
  return Math.round(v * scale * 10 ** digits);
}

export function verdict(c: Claim, value: number): Verdict {
  // A setting of ours or a definition confirms nothing, whatever it equals.
  if (c.byConstruction) return 'by construction';
  if (c.uncheckable) return 'cannot be checked here';
  // A bound ("at most x") holds for every value up to x; only the excess above it is a gap.
  const gap = c.bound === 'at-most' ? Math.max(0, value - c.article) : Math.abs(value - c.article);
  if (c.articleIsWrong && gap > c.tolerance) return `article is wrong: ${c.articleIsWrong}`;
  // Reproduced: equal at the precision the article prints (its digits), or exactly.
  if (gap === 0 || (c.digits !== undefined && !c.bound && printed(c, value) === printed(c, c.article))) return 'reproduced';
  return gap <= c.tolerance ? 'within noise' : 'differs';
}

export interface Measured {
  claim: Claim;
  /** What this code gives; NaN for a claim that cannot be checked here. */
  value: number;
  verdict: Verdict;
}

/** Runs the claim's experiment (once per distinct run in this process) and judges it. */
export async function measure(c: Claim): Promise<Measured> {
  if (c.uncheckable) return { claim: c, value: Number.NaN, verdict: 'cannot be checked here' };
  const output = c.experiment ? (await runOnce(c.experiment, c.params ?? {})).output : { results: {}, data: undefined };
  const raw = c.derive ? c.derive(output.results, output.data) : output.results[c.key];
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    throw new Error(`claim ${c.id}: ${c.experiment ?? 'its formula'} gives no number for "${c.key}"`);
  }
  return { claim: c, value: raw, verdict: verdict(c, raw) };
}
