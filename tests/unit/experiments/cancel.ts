import type { RunContext } from '../../../src/experiments/shared/types.ts';

/** How a cancelled run ended, and how long after the abort. */
export interface Cancelled {
  ms: number;
  /** 'AbortError' when it stopped as it should; 'finished' or another error name when not. */
  how: string;
  /** The progress last reported before the abort (0 to 1). */
  reported: number;
}

/**
 * Starts a run, lets it work until it has reported progress and `settle` ms more (so the cancel
 * lands mid-work), aborts it, and times the end. Throws if the run finished before it reported
 * any progress: its parameters are not slow enough to cancel.
 */
export async function cancelMidRun(start: (ctx: RunContext) => Promise<unknown>, settle = 30): Promise<Cancelled> {
  const ac = new AbortController();
  let reported = 0;
  let resolveProgress: () => void = () => {};
  const progressed = new Promise<void>((ok) => (resolveProgress = ok));
  const outcome = start({
    progress(done) {
      reported = done;
      if (done > 0) resolveProgress();
    },
    signal: ac.signal,
  }).then(
    () => 'finished',
    (e: Error) => e.name,
  );
  const first = await Promise.race([progressed.then(() => 'progress'), outcome]);
  if (first !== 'progress') throw new Error('the slow parameters finished before reporting any progress: make them slower');
  await new Promise((r) => setTimeout(r, settle));
  const t0 = performance.now();
  ac.abort();
  const how = await outcome;
  return { ms: performance.now() - t0, how, reported };
}

/**
 * Best of `attempts`: one attempt can meet a scheduler hiccup or a major collection on a shared
 * two-core machine busy with the browser suite, while a run that does not read its signal between
 * chunks misses every time. Fails with every attempt's time when none ends within `limit` ms, or
 * at once when a run ends other than with an AbortError.
 */
export async function expectCancelWithin(limit: number, start: (ctx: RunContext) => Promise<unknown>, attempts = 2): Promise<void> {
  const seen: string[] = [];
  for (let k = 0; k < attempts; k++) {
    const c = await cancelMidRun(start);
    if (c.how !== 'AbortError') throw new Error(`after the abort at ${(c.reported * 100).toFixed(1)}% the run ended as ${c.how}`);
    seen.push(`${c.ms.toFixed(1)} ms at ${(c.reported * 100).toFixed(1)}%`);
    if (c.ms <= limit) return;
  }
  throw new Error(`cancel took longer than ${limit} ms in each of ${attempts} attempts: ${seen.join(', ')}`);
}

/**
 * Without a clock: starts a run, aborts it from inside its first progress report past the start,
 * and expects an AbortError at the next chunk boundary (at most one more report after the abort).
 * How long a chunk takes is bounded by the cost model (chunks.test.ts); the time itself is
 * `npm run test:perf`'s (tests/perf/cancel.test.ts).
 */
export async function expectCancelAtChunk(start: (ctx: RunContext) => Promise<unknown>): Promise<void> {
  const ac = new AbortController();
  let reportsAfter = 0;
  let reported = 0;
  const how = await start({
    progress(done) {
      if (ac.signal.aborted) reportsAfter++;
      else if (done > 0) {
        reported = done;
        ac.abort();
      }
    },
    signal: ac.signal,
  }).then(
    () => 'finished',
    (e: Error) => e.name,
  );
  if (!ac.signal.aborted) throw new Error('the run finished without reporting progress: it cannot be cancelled mid-run');
  if (how !== 'AbortError') throw new Error(`after the abort at ${(reported * 100).toFixed(1)}% the run ended as ${how}`);
  if (reportsAfter > 1) throw new Error(`the run reported progress ${reportsAfter} times after the abort: it does not read its signal between chunks`);
}
