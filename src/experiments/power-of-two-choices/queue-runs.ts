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
}

/** Events per chunk: a few milliseconds at 20 to 40 million events a second. */
const CHUNK = 1 << 17;

/** The warm-up thrown away before each measurement, as a fraction of the measured horizon. */
export const WARMUP_FRACTION = 0.2;

export async function runQueueJobs(jobs: readonly QueueJob[], ctx: RunContext): Promise<Estimate[]> {
  const bar = meter(jobs.reduce((s, j) => s + totalEvents(j.plan), 0), ctx);
  const estimates: Estimate[] = [];
  ctx.progress(0);
  const loop = await eventRunner();
  for (const job of jobs) {
    const sim = job.start(loop);
    const rng = job.rng();
    const m = startMeasurement(job.plan);
    const run = (events: number): void => sim.step(events, rng);
    while (!finished(m)) await bar.advance(advance(m, sim.system, CHUNK, run));
    estimates.push(timeInSystem(m, sim.system));
  }
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
