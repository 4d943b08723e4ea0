/**
 * What every bench section shares: the clock, interleaved repetitions, medians, the npm
 * baselines' loader, a forced collection, and the way tables and targets are printed.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RunContext } from '../../src/experiments/types.ts';

export { median } from '../../src/lib/stats/quantile.ts';

/** The npm baselines are CommonJS packages without types. */
export const requireCjs = createRequire(import.meta.url);

/** A run context for experiments timed as the page runs them: no progress shown, never cancelled. */
export const quiet: RunContext = { progress: () => {}, signal: new AbortController().signal };

/** Milliseconds one call takes. */
export function msOf(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Each candidate once as a warm-up, then `reps` rounds that time every candidate in turn, so that
 * drift on a shared machine hits all alike. `prepare(rep)` runs off the clock (rep −1 is the
 * warm-up: fresh keys for the batch, say) and returns the call that is timed.
 */
export function interleaved<K extends string>(candidates: Record<K, (rep: number) => () => void>, reps: number): Record<K, number[]> {
  const names = Object.keys(candidates) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (const name of names) candidates[name](-1)();
  for (let rep = 0; rep < reps; rep++) {
    for (const name of names) {
      const run = candidates[name](rep);
      times[name].push(msOf(run));
    }
  }
  return times;
}

/** A full collection, from --expose-gc or, failing that, by exposing gc at run time through V8's flags. */
export function collector(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

/** Prints a table in columns two spaces apart; `right(col)` says which columns align right. */
export function printTable(table: string[][], right: (col: number) => boolean): void {
  const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
  for (const line of table) console.log(line.map((cell, col) => (right(col) ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join('  '));
}

/** The line every section ends on: a target, met or not, and the measured value. */
export function target(what: string, met: boolean, measured: string): void {
  console.log(`target: ${what}: ${met ? 'met' : 'NOT met'} (${measured})`);
}
