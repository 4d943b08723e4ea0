import { expect } from 'vitest';
import { resultLabel } from '../../../components/notebook/render.ts';
import { subset } from '../../../src/i18n/index.ts';
import type { Experiment, Params } from '../../../src/experiments/types.ts';

/**
 * Starts a run, aborts it once it has reported more than `after` of its progress, and checks it rejects with
 * an AbortError soon after, having made at most a little more progress. Returns the delay in ms.
 */
export async function expectPromptCancel(exp: Experiment, params: Params, after = 0.001): Promise<number> {
  const controller = new AbortController();
  const seen: number[] = [];
  let abortedAt = 0;
  const run = exp.run(params, {
    signal: controller.signal,
    progress(done) {
      seen.push(done);
      if (done > after && !controller.signal.aborted) {
        abortedAt = performance.now();
        controller.abort();
      }
    },
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  const delay = performance.now() - abortedAt;
  expect(controller.signal.aborted).toBe(true);
  // The run stopped at the first chunk boundary after the abort: no progress was reported after it.
  const last = seen.at(-1)!;
  expect(last).toBeLessThan(after + 0.05);
  return delay;
}

/** Every result key reads a label in both locales (not the bare key), with no {placeholder} left. */
export function expectLabels(experiment: string, keys: string[]): void {
  for (const locale of ['ko', 'en'] as const) {
    const strings = subset(locale, [`cell.${experiment}.`]);
    for (const key of keys) {
      const label = resultLabel(key, experiment, strings, locale);
      expect(label).not.toBe(key);
      expect(label).not.toMatch(/\{\w+\}/);
    }
  }
}
