import { burstRoundRobin, counts, letter, longestRun, pick, pickBurst, pickRoundRobin, roundRobin, swrr } from '../../lib/swrr/index.ts';
import type { Swrr } from '../../lib/swrr/index.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';

export interface SwrrTestsParams extends Record<string, number | string | readonly number[]> {
  scheme: string;
  callers: number;
  picks: number;
}

/** A picker as the tests see it: something to call for the next node, possibly asynchronously. */
type Picker = () => number | Promise<number>;

/**
 * SWRR written as a multithreaded program without a lock would behave: a caller adds the weights,
 * then is interrupted (here: awaits), and picks and subtracts only when it resumes, by which time
 * others have added and picked on the same state.
 */
function unlocked(s: Swrr): Picker {
  return async () => {
    for (let i = 0; i < s.weights.length; i++) s.current[i] += s.weights[i];
    await Promise.resolve();
    let best = 0;
    for (let i = 1; i < s.weights.length; i++) if (s.current[i] > s.current[best]) best = i;
    s.current[best] -= s.total;
    return best;
  };
}

function picker(scheme: string, weights: number[]): Picker {
  switch (scheme) {
    case 'wrr': {
      const s = burstRoundRobin(weights);
      return () => pickBurst(s);
    }
    case 'rr': {
      const s = roundRobin(weights);
      return () => pickRoundRobin(s);
    }
    case 'unlocked':
      return unlocked(swrr(weights));
    default: {
      const s = swrr(weights);
      return () => pick(s);
    }
  }
}

async function sequential(next: Picker, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await next());
  return out;
}

const tally = (seq: number[], n: number): string =>
  counts(seq, n)
    .map((c, i) => `${letter(i)} ${c}`)
    .join(' · ');

const CONCURRENT_WEIGHTS = [5, 3, 1];

/**
 * The article's four tests, run live against a scheme of the reader's choice: SWRR passes all
 * four; burst WRR, plain round robin and an unlocked SWRR each fail the ones they should.
 */
export const swrrTests: Experiment<SwrrTestsParams, unknown, never> = {
  id: 'swrr.tests',
  summary: "the article's four tests of a picker, run against a scheme of your choice",
  figures: [],
  cost: 'instant',
  primary: ['scheme', 'callers', 'picks'],
  params: {
    scheme: { kind: 'choice', default: 'swrr', options: ['swrr', 'wrr', 'rr', 'unlocked'] },
    callers: { kind: 'int', default: 10, min: 1, max: 100 },
    picks: { kind: 'int', default: 90, min: 9, max: 900 },
  },
  check(p): CheckFailure | null {
    return p.picks % 9 === 0
      ? null
      : { param: 'picks', code: 'not-whole-cycles', vars: { picks: p.picks, cycle: 9 }, message: `picks per caller (${p.picks}) must be a multiple of 9, the cycle of weights 5, 3, 1, for the shares to come out exact` };
  },
  resultKind: (key) => (key === 'concurrent.run' ? 'int' : 'text'),
  async run(p, ctx) {
    const results: Record<string, string | number> = {};
    const verdict = (ok: boolean) => (ok ? 'pass' : 'fail');

    // 1. weight 5:1, 6 picks: exactly 5 and 1.
    const t1 = await sequential(picker(p.scheme, [5, 1]), 6);
    const c1 = counts(t1, 2);
    results.ratio = verdict(c1[0] === 5 && c1[1] === 1);
    results['ratio.got'] = tally(t1, 2);

    // 2. weights 1:1:1, 9 picks: 3 each.
    const t2 = await sequential(picker(p.scheme, [1, 1, 1]), 9);
    results.equal = verdict(counts(t2, 3).every((c) => c === 3));
    results['equal.got'] = tally(t2, 3);

    // 3. weights 2:1, 12 picks: never more than 2 in a row.
    const t3 = await sequential(picker(p.scheme, [2, 1]), 12);
    const run = longestRun(t3);
    results.smooth = verdict(run <= 2);
    results['smooth.got'] = `${t3.map(letter).join('')} (${run})`;

    // 4. callers pick at once, interleaved on one instance: the shares stay exact.
    const next = picker(p.scheme, CONCURRENT_WEIGHTS);
    const all: number[] = [];
    await Promise.all(
      Array.from({ length: p.callers }, async () => {
        for (let i = 0; i < p.picks; i++) {
          all.push(await next());
          // Let the other callers in between picks, as threads would be.
          await Promise.resolve();
        }
      }),
    );
    const total = p.callers * p.picks;
    const c4 = counts(all, 3);
    results.concurrent = verdict(c4.every((c, i) => c === (CONCURRENT_WEIGHTS[i] * total) / 9));
    results['concurrent.got'] = tally(all, 3);
    // Not one of the article's assertions: how bursty the interleaved picks came out.
    results['concurrent.run'] = longestRun(all);
    ctx.progress(1);
    return { results };
  },
};
