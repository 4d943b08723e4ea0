import { batchMeansInterval, type Estimate } from '../stats/batch-means.ts';
import { eventRate, type QueueSystem } from './system.ts';

/**
 * A run's schedule, in events: a warm-up that is thrown away, then `batches` equal batches. Time
 * is converted to events at the uniformised rate n(λ + 1), so a batch is a fixed length of time.
 */
export interface MeasurePlan {
  warmupEvents: number;
  batchEvents: number;
  batches: number;
}

export interface Measurement {
  readonly plan: MeasurePlan;
  /** Events run so far under this plan, warm-up included. */
  done: number;
  /** Mean number in system, per finished batch. */
  readonly batchMeans: number[];
}

export const DEFAULT_BATCHES = 20;

/**
 * `horizon` and `warmup` are in units of time (mean service times). Rounding the batch up to a
 * whole event makes the window at most `batches` events longer than asked.
 */
export function planRun(sys: Pick<QueueSystem, 'n' | 'lambda'>, horizon: number, warmup: number, batches = DEFAULT_BATCHES): MeasurePlan {
  if (!(horizon > 0) || !(warmup >= 0)) throw new RangeError(`planRun: need horizon > 0 and warmup >= 0, got ${horizon} and ${warmup}`);
  if (!Number.isInteger(batches) || batches < 2) throw new RangeError(`planRun: need at least two batches, got ${batches}`);
  const rate = eventRate(sys);
  return { warmupEvents: Math.round(warmup * rate), batchEvents: Math.max(1, Math.ceil((horizon * rate) / batches)), batches };
}

export function totalEvents(plan: MeasurePlan): number {
  return plan.warmupEvents + plan.batchEvents * plan.batches;
}

export function startMeasurement(plan: MeasurePlan): Measurement {
  return { plan, done: 0, batchMeans: [] };
}

export function finished(m: Measurement): boolean {
  return m.done >= totalEvents(m.plan);
}

/**
 * Runs at most `budget` more events through `run` (which advances the simulation that owns
 * `sys`), never across a batch boundary in one call, and closes each batch as it fills. Returns
 * how many events it ran. The warm-up's area is dropped when the first batch starts.
 */
export function advance(m: Measurement, sys: QueueSystem, budget: number, run: (events: number) => void): number {
  const { warmupEvents, batchEvents } = m.plan;
  const total = totalEvents(m.plan);
  let ran = 0;
  while (ran < budget && m.done < total) {
    const inWarmup = m.done < warmupEvents;
    const boundary = inWarmup ? warmupEvents : warmupEvents + (m.batchMeans.length + 1) * batchEvents;
    const count = Math.min(budget - ran, boundary - m.done);
    run(count);
    m.done += count;
    ran += count;
    if (m.done === boundary) {
      if (!inWarmup) m.batchMeans.push(sys.area / batchEvents);
      sys.area = 0;
    }
  }
  return ran;
}

/**
 * Mean time in system by Little's law, T = (mean number in system)/(λn), batch by batch, with
 * its 95% batch-means interval.
 */
export function timeInSystem(m: Measurement, sys: Pick<QueueSystem, 'n' | 'lambda'>): Estimate {
  if (!finished(m)) throw new Error('timeInSystem: the run has not finished');
  const throughput = sys.lambda * sys.n;
  return batchMeansInterval(m.batchMeans.map((meanN) => meanN / throughput));
}
