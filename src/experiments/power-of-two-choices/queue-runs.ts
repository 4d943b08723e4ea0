import { eventRunner, type EventRunner } from '../../kernels/events.ts';
import type { Rng } from '../../lib/random/rng.ts';
import type { Estimate } from '../../lib/stats/batch-means.ts';
import { advance, finished, startMeasurement, timeInSystem, totalEvents, type MeasurePlan, type QueueSystem } from '../../lib/supermarket/index.ts';
import { meter } from '../shared/meter.ts';
import type { CheckFailure, RunContext } from '../shared/types.ts';

/**
 * The queueing cells' common driver: a list of simulations, each measured by batch means after a
 * warm-up, run one after another in chunks with a pause between chunks, so progress is reported
 * and a cancel is seen within one chunk.
 */
export interface QueueJob {
  plan: MeasurePlan;
  /**
   * Builds the simulation when its turn comes, so only one is in memory at a time. `run` is the
   * event loop to step it with: runEvents on the WebAssembly kernel when that loads, else runEvents.
   */
  start(run: EventRunner): { system: QueueSystem; step(events: number, rng: Rng): void };
  rng(): Rng;
  /**
   * Everything the simulation's result depends on besides its plan (the system, its parameters,
   * the generator and its seed), as a string: two jobs with the same key and plan give the same
   * estimate, so a run reuses what an earlier run of this page (or this process) measured.
   */
  key: string;
}

/** Jobs (by index) to simulate before the others, and what to do with their estimates: a first answer (RunContext.sketch). */
export interface FirstJobs {
  jobs: readonly number[];
  done(estimates: ReadonlyMap<number, Estimate>): void;
}

/**
 * Estimates measured so far, by job key and plan, the oldest dropped first. A simulation is
 * deterministic given its key and plan (its own generator, seeded), so a hand that moves a
 * control back and forth, or a cell that reads one more point of a grid already simulated, waits
 * only for the simulations it has not seen: the herd's age on its grid, supermarket's λ beside
 * its coarse grid, the table's cases that the figure's runs already made.
 */
const measured = new Map<string, Estimate>();
const KEEP = 2048;

/**
 * The page's worker turns the reuse on (src/worker/worker.ts): there the reader's hand asks again
 * and again. A one-shot run (the build, `reproduce`, a test) simulates everything it reports.
 * `hits` and `runs` count the simulations taken from `measured` and the ones run, for tests.
 */
export const queueCache = {
  enabled: false,
  hits: 0,
  runs: 0,
  clear(): void {
    measured.clear();
    this.hits = 0;
    this.runs = 0;
  },
};

const cacheKey = (job: QueueJob): string => `${job.key}|${JSON.stringify(job.plan)}`;

/** Events per chunk: a few milliseconds at 20 to 40 million events a second. */
const CHUNK = 1 << 17;

/** The warm-up thrown away before each measurement, as a fraction of the measured horizon. */
export const WARMUP_FRACTION = 0.2;

export async function runQueueJobs(jobs: readonly QueueJob[], ctx: RunContext, first?: FirstJobs): Promise<Estimate[]> {
  const keys = jobs.map(cacheKey);
  const reuse = queueCache.enabled;
  const todo = jobs.filter((_, i) => !(reuse && measured.has(keys[i])));
  const bar = meter(todo.reduce((s, j) => s + totalEvents(j.plan), 0), ctx);
  ctx.progress(0);
  const loop = await eventRunner();
  const fresh = new Map<string, Estimate>();
  const known = (i: number): Estimate | undefined => fresh.get(keys[i]) ?? (reuse ? measured.get(keys[i]) : undefined);
  // `first`'s jobs go first; each simulation is its own (its system, its generator from its seed),
  // so the order changes no estimate. Once they are done, and only if others are still to simulate,
  // `first.done` gets theirs.
  const early = new Set(first?.jobs ?? []);
  const order = [...early, ...jobs.map((_, i) => i).filter((i) => !early.has(i))];
  for (const [n, i] of order.entries()) {
    if (first && n === early.size && order.slice(n).some((j) => !known(j))) first.done(new Map([...early].map((j) => [j, known(j)!])));
    const job = jobs[i];
    const key = keys[i];
    const kept = reuse ? measured.get(key) : undefined;
    if (kept) {
      // Used again: the newest, so the last to be dropped.
      measured.delete(key);
      measured.set(key, kept);
    }
    if (kept || fresh.has(key)) {
      queueCache.hits++;
      continue;
    }
    const sim = job.start(loop);
    const rng = job.rng();
    const m = startMeasurement(job.plan);
    const run = (events: number): void => sim.step(events, rng);
    while (!finished(m)) await bar.advance(advance(m, sim.system, CHUNK, run));
    fresh.set(key, timeInSystem(m, sim.system));
    queueCache.runs++;
  }
  const estimates = keys.map((key) => {
    const e = fresh.get(key) ?? (reuse ? measured.get(key) : undefined);
    if (!e) throw new Error(`runQueueJobs: no estimate for ${key}`);
    return e;
  });
  // Kept only once the whole run has finished: a cancelled run leaves nothing half-measured.
  if (!reuse) return estimates;
  for (const [key, e] of fresh) {
    measured.delete(key);
    measured.set(key, e);
  }
  while (measured.size > KEEP) measured.delete(measured.keys().next().value as string);
  return estimates;
}

/** The events a set of jobs simulates: the queue cells' unit of work. */
export function jobEvents(jobs: readonly Pick<QueueJob, 'plan'>[]): number {
  return jobs.reduce((s, j) => s + totalEvents(j.plan), 0);
}

/** About a minute of simulation in Node here, a few in a slow browser; the progress bar shows it. */
export const MAX_EVENTS = 2e9;

/** Refuses a run whose plans add up to more than MAX_EVENTS events, naming `param` as the knob. */
export function checkWork(jobs: readonly Pick<QueueJob, 'plan'>[], param: string): CheckFailure | null {
  const events = jobs.reduce((s, j) => s + totalEvents(j.plan), 0);
  if (events <= MAX_EVENTS) return null;
  const millions = Math.ceil(events / 1e6);
  const limit = MAX_EVENTS / 1e6;
  return {
    param,
    code: 'too-much-work',
    vars: { millions, limit },
    message: `these parameters ask for ${millions} million simulated events; at most ${limit} million are allowed: lower n or the horizon`,
  };
}
