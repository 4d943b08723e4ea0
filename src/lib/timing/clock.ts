/** A clock in milliseconds, read as `performance.now()` reads it. */
export type Clock = () => number;

/**
 * The clock's step: the smallest positive difference between two successive readings, over
 * `changes` changes of the reading. Browsers coarsen `performance.now()` against timing attacks:
 * Firefox and WebKit to 1 ms outside a cross-origin-isolated page, Chromium to 0.1 ms; Node's
 * reads to well under a microsecond, where the "step" found is the cost of one reading. Costs
 * about `changes` steps of busy reading. `Infinity` when the clock did not move in `maxReads`.
 */
export function clockStep(now: Clock, changes = 6, maxReads = 50_000_000): number {
  let step = Infinity;
  let last = now();
  let seen = 0;
  for (let reads = 0; seen < changes && reads < maxReads; reads++) {
    const t = now();
    if (t === last) continue;
    if (t > last) step = Math.min(step, t - last);
    last = t;
    seen++;
  }
  return step;
}
