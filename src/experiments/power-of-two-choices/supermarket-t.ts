import { makeRng } from '../../lib/random/index.ts';
import { fixedPointTime, makeSupermarket, planRun } from '../../lib/supermarket/index.ts';
import { checkWork, jobEvents, runQueueJobs, WARMUP_FRACTION, type QueueJob } from './queue-runs.ts';
import type { Experiment } from '../shared/types.ts';

export interface SupermarketTParams extends Record<string, number | string | readonly number[]> {
  n: number;
  lambda: number;
  choices: readonly number[];
  horizon: number;
  seed: number;
}

export interface SupermarketTData {
  n: number;
  /** The λ the cell's results are read at. */
  lambda: number;
  /** The fixed point T(λ) over a fine grid, one curve per compared d. */
  curves: { d: number; points: { lambda: number; t: number }[] }[];
  /** Simulated T with its 95% batch-means half-width, at the coarse grid and the cell's λ. */
  sims: { d: number; lambda: number; fixedPoint: number; mean: number; halfWidth: number }[];
}

/** λ = 0.10, 0.11, …, 0.99: fine enough that 1/(1 − λ) looks smooth on a log axis. */
const FINE = Array.from({ length: 90 }, (_, k) => (10 + k) / 100);
const COARSE = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99];

/** The simulated (d, λ) pairs: the coarse grid, plus the cell's λ if it is not on it. */
function simCases(p: SupermarketTParams): { d: number; lambda: number }[] {
  const lambdas = COARSE.includes(p.lambda) ? COARSE : [...COARSE, p.lambda].sort((a, b) => a - b);
  return p.choices.flatMap((d) => lambdas.map((lambda) => ({ d, lambda })));
}

function jobs(p: SupermarketTParams, cases: { d: number; lambda: number }[]): QueueJob[] {
  return cases.map(({ d, lambda }) => ({
    plan: planRun({ n: p.n, lambda }, p.horizon, p.horizon * WARMUP_FRACTION),
    start(run) {
      const state = makeSupermarket({ n: p.n, lambda, d });
      return { system: state.system, step: (events, rng) => run(state.system, state.choice, events, rng) };
    },
    rng: () => makeRng('fast', p.seed),
    key: `supermarket|n=${p.n}|lambda=${lambda}|d=${d}|fast:${p.seed}`,
  }));
}

/**
 * Figure 4: mean time in system T against the arrival rate λ, the n → ∞ fixed point as lines
 * and a finite-n simulation as markers, for each compared d. Every simulation starts from the
 * same seed (common random numbers), its warm-up a fifth of the horizon.
 */
export const supermarketT: Experiment<SupermarketTParams, SupermarketTData, 'supermarket-t'> = {
  id: 'supermarket.t',
  summary: "the supermarket model: mean time in system against λ, fixed point and simulation",
  figures: ['supermarket-t'],
  cost: {
    work: (p) => jobEvents(jobs(p, simCases(p))),
    knob: 'horizon',
    // supermarket.*: on the event-loop kernel (src/kernels/events.ts), the median of three calibrations.
    secondsPerUnit: 1.26e-8,
    probes: { calibrate: { n: '100', horizon: '2000' }, check: { n: '500', horizon: '200', choices: '2,3' } },
    // horizon=200000 is refused by the experiment's own work cap (12557 million events > 2000 million
    // with n = 1000); 20000 (~1256 million) is allowed and runs for minutes.
    slow: { horizon: '20000' },
  },
  primary: ['lambda', 'choices'],
  params: {
    n: { kind: 'int', default: 1000, min: 1, max: 10_000 },
    lambda: { kind: 'number', default: 0.95, min: 0.1, max: 0.99 },
    choices: { kind: 'int-list', default: [1, 2, 3], min: 1, max: 10, maxItems: 4 },
    horizon: { kind: 'int', default: 1000, min: 20, max: 1_000_000 },
    seed: { kind: 'int', default: 1, min: 0, max: Number.MAX_SAFE_INTEGER },
  },
  check: (p) => checkWork(jobs(p, simCases(p)), 'horizon'),
  resultKind: () => 'decimal',
  async run(p, ctx) {
    const cases = simCases(p);
    const estimates = await runQueueJobs(jobs(p, cases), ctx);
    const sims = cases.map(({ d, lambda }, k) => ({ d, lambda, fixedPoint: fixedPointTime(lambda, d), mean: estimates[k].mean, halfWidth: estimates[k].halfWidth }));
    const results: Record<string, number> = {};
    for (const d of p.choices) {
      const sim = sims.find((s) => s.d === d && s.lambda === p.lambda)!;
      results[`t.d${d}`] = sim.fixedPoint;
      results[`sim.d${d}`] = sim.mean;
    }
    const data: SupermarketTData = {
      n: p.n,
      lambda: p.lambda,
      curves: p.choices.map((d) => ({ d, points: FINE.map((lambda) => ({ lambda, t: fixedPointTime(lambda, d) })) })),
      sims,
    };
    return { results, data };
  },
};
