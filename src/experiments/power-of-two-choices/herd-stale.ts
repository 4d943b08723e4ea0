import { makeHerd, step, type Strategy } from '../../lib/herd/index.ts';
import { makeRng } from '../../lib/random/index.ts';
import { planRun } from '../../lib/supermarket/index.ts';
import { checkWork, jobEvents, runQueueJobs, WARMUP_FRACTION, type FirstJobs, type QueueJob } from './queue-runs.ts';
import type { Estimate } from '../../lib/stats/batch-means.ts';
import type { Experiment, Output, Said } from '../shared/types.ts';

export interface HerdStaleParams extends Record<string, number | string | readonly number[]> {
  n: number;
  lambda: number;
  choices: readonly number[];
  age: number;
  horizon: number;
  seed: number;
}

export interface HerdStaleData {
  n: number;
  lambda: number;
  /** The headline age the results are read at. */
  age: number;
  ages: number[];
  /** One series per strategy, the compared d in order and then least loaded; points follow `ages`. */
  series: { strategy: Strategy; points: { age: number; mean: number; halfWidth: number }[] }[];
}

/**
 * Board ages (update periods), log-spaced over 0.1 to 100 mean service times: far enough for two
 * choices to fall behind one random choice too (n = 100, λ = 0.9: between 20 and 50).
 */
const AGES = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];

/** A result key's segment for an age: 5 gives `age5`, 0.5 gives `age0.5`. */
const ageKey = (age: number): string => `age${age}`;
const strategyKey = (s: Strategy): string => (s === 'least-loaded' ? 'all' : `d${s}`);

function ages(p: HerdStaleParams): number[] {
  return AGES.includes(p.age) ? AGES : [...AGES, p.age].sort((a, b) => a - b);
}

function strategies(p: HerdStaleParams): Strategy[] {
  return [...[...p.choices].sort((a, b) => a - b), 'least-loaded'];
}

function jobs(p: HerdStaleParams): QueueJob[] {
  return strategies(p).flatMap((strategy) =>
    ages(p).map((period) => ({
      plan: planRun({ n: p.n, lambda: p.lambda }, p.horizon, p.horizon * WARMUP_FRACTION),
      start(run) {
        const state = makeHerd({ n: p.n, lambda: p.lambda, strategy, period });
        return { system: state.system, step: (events, rng) => step(state, events, rng, run) };
      },
      rng: () => makeRng('fast', p.seed),
      key: `herd|n=${p.n}|lambda=${p.lambda}|strategy=${strategy}|period=${period}|fast:${p.seed}`,
    })),
  );
}

/**
 * The smallest age on the grid from which on `worse` stays above `better`: where more choices
 * start to hurt. '>' and the grid's last age ('>100' at the defaults) when that never happens on it.
 */
function hurtsFrom(worse: HerdStaleData['series'][number], better: HerdStaleData['series'][number], grid: number[]): number | string {
  let from: number | null = null;
  for (let k = grid.length - 1; k >= 0; k--) {
    if (worse.points[k].mean > better.points[k].mean) from = grid[k];
    else break;
  }
  return from ?? `>${grid[grid.length - 1]}`;
}

/** A `say` case for where d falls behind the d before it, `before`: the age, never on the grid, or a run that does not compare the two. */
function hurtsCase(p: HerdStaleParams, r: Record<string, number | string>, d: number, before: number): Said {
  const ds = [...p.choices].sort((a, b) => a - b);
  const i = ds.indexOf(d);
  const vars = { x: { result: `hurts.d${d}` }, last: { count: Math.max(...ages(p)) } };
  if (i < 1 || ds[i - 1] !== before) return { case: 'absent', vars: {} };
  return { case: typeof r[`hurts.d${d}`] === 'number' ? 'from' : 'never', vars };
}

/** The ages a first answer has besides the grid's ends and the headline age: one a decade. */
const SKETCH_AGES = [1, 10];

/** The run's output over `grid` (the whole grid, or a first answer's ages), from each strategy's estimate at each age. */
function herdOutput(p: HerdStaleParams, grid: number[], order: Strategy[], estimate: (s: number, k: number) => Estimate): Output<HerdStaleData> {
  const series = order.map((strategy, s) => ({
    strategy,
    points: grid.map((age, k) => ({ age, mean: estimate(s, k).mean, halfWidth: estimate(s, k).halfWidth })),
  }));
  const at = grid.indexOf(p.age);
  const results: Record<string, number | string> = {};
  for (const s of series) results[`t.${strategyKey(s.strategy)}.${ageKey(p.age)}`] = s.points[at].mean;
  for (let s = 1; s < series.length; s++) results[`hurts.${strategyKey(series[s].strategy)}`] = hurtsFrom(series[s], series[s - 1], grid);
  return { results, data: { n: p.n, lambda: p.lambda, age: p.age, ages: grid, series } };
}

/**
 * Mitzenmacher's bulletin board: mean time in system against the age of the posted loads (the
 * update period T), one series per strategy; every simulation starts from the same seed.
 */
export const herdStale: Experiment<HerdStaleParams, HerdStaleData, 'herd-stale'> = {
  id: 'herd.stale',
  summary: 'the herd effect: queues when every client reads a load board that is refreshed only so often',
  figures: ['herd-stale'],
  cost: {
    work: (p) => jobEvents(jobs(p)),
    knob: 'horizon',
    secondsPerUnit: 2.23e-8,
    probes: { calibrate: { horizon: '400' }, check: { n: '300', horizon: '100', choices: '2,5' } },
    slow: { horizon: '100000' },
  },
  primary: ['age', 'choices', 'lambda'],
  params: {
    n: { kind: 'int', default: 100, min: 1, max: 10_000 },
    lambda: { kind: 'number', default: 0.9, min: 0.1, max: 0.99 },
    choices: { kind: 'int-list', default: [1, 2, 3, 5], min: 1, max: 20, maxItems: 5 },
    age: { kind: 'number', default: 5, min: 0.1, max: 200 },
    horizon: { kind: 'int', default: 4000, min: 20, max: 1_000_000 },
    seed: { kind: 'int', default: 1, min: 0, max: Number.MAX_SAFE_INTEGER },
  },
  check: (p) => checkWork(jobs(p), 'horizon'),
  resultKind: () => 'decimal',
  say: {
    // The mean times at the headline age: the article's d = 2, 3, 5, or the smallest and largest d compared.
    rise(p) {
      const ds = [...p.choices].sort((a, b) => a - b);
      const at = (d: number | string) => ({ result: `t.${d === 'all' ? 'all' : `d${d}`}.${ageKey(p.age)}` });
      const article = p.age === 5 && [2, 3, 5].every((d) => ds.includes(d));
      const vars = { age: { param: 'age' }, d2: at(2), d3: at(3), d5: at(5), all: at('all'), dlo: { count: ds[0] }, lo: at(ds[0]), dhi: { count: ds[ds.length - 1] }, hi: at(ds[ds.length - 1]) };
      return { case: article ? 'article' : ds.length === 1 ? 'one' : 'other', vars };
    },
    // Where d = 2 falls behind d = 1 (two), d = 5 behind d = 3 (five), least loaded behind the largest d (all): from an age, never on the grid, or not compared.
    two: (p, r) => hurtsCase(p, r, 2, 1),
    five: (p, r) => hurtsCase(p, r, 5, 3),
    all(p, r) {
      const ds = [...p.choices].sort((a, b) => a - b);
      return { case: typeof r['hurts.all'] === 'number' ? 'from' : 'never', vars: { x: { result: 'hurts.all' }, d: { count: ds[ds.length - 1] } } };
    },
  },
  async run(p, ctx) {
    const grid = ages(p);
    const order = strategies(p);
    // A first answer (RunContext.sketch): every strategy at a few ages across the grid, its ends
    // and the headline age, drawn while the rest of the grid is simulated.
    const coarse = grid.filter((age, k) => k === 0 || k === grid.length - 1 || age === p.age || SKETCH_AGES.includes(age));
    const sketch = ctx.sketch;
    const first: FirstJobs | undefined =
      sketch && coarse.length < grid.length
        ? {
            jobs: order.flatMap((_, s) => coarse.map((age) => s * grid.length + grid.indexOf(age))),
            done: (got) => sketch(herdOutput(p, coarse, order, (s, k) => got.get(s * grid.length + grid.indexOf(coarse[k]))!)),
          }
        : undefined;
    const estimates = await runQueueJobs(jobs(p), ctx, first);
    return herdOutput(p, grid, order, (s, k) => estimates[s * grid.length + k]);
  },
};
