import { runOnce } from '../experiments/memo.ts';
import type { Claim } from './registry.ts';

export type Verdict = 'reproduced' | 'within noise' | 'differs' | `article is wrong: ${string}`;

export function verdict(c: Claim, value: number): Verdict {
  // A bound ("at most x") holds for every value up to x; only the excess above it is a gap.
  const gap = c.bound === 'at-most' ? Math.max(0, value - c.article) : Math.abs(value - c.article);
  if (c.articleIsWrong && gap > c.tolerance) return `article is wrong: ${c.articleIsWrong}`;
  if (gap === 0) return 'reproduced';
  return gap <= c.tolerance ? 'within noise' : 'differs';
}

export interface Measured {
  claim: Claim;
  value: number;
  verdict: Verdict;
}

/** Runs the claim's experiment (once per distinct run in this process) and judges it. */
export async function measure(c: Claim): Promise<Measured> {
  const output = c.experiment ? (await runOnce(c.experiment, c.params ?? {})).output : { results: {}, data: undefined };
  const raw = c.derive ? c.derive(output.results, output.data) : output.results[c.key];
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    throw new Error(`claim ${c.id}: ${c.experiment ?? 'its formula'} gives no number for "${c.key}"`);
  }
  return { claim: c, value: raw, verdict: verdict(c, raw) };
}
