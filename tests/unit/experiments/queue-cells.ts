import { expect } from 'vitest';
import { resultLabel } from '../../../components/notebook/render.ts';
import { subset } from '../../../src/i18n/index.ts';
import type { Experiment, Params } from '../../../src/experiments/shared/types.ts';

/**
 * Starts a run, aborts it once it has reported more than `after` of its progress, and checks it
 * rejects with an AbortError at the next chunk boundary: at most one more progress report after
 * the abort, and little more progress. No clock: how long a chunk takes is the cost model's (the
 * chunks test) and `npm run test:perf`'s.
 */
export async function expectPromptCancel(exp: Experiment, params: Params, after = 0.001): Promise<void> {
  const controller = new AbortController();
  const seen: number[] = [];
  let reportsAfter = 0;
  const run = exp.run(params, {
    signal: controller.signal,
    progress(done) {
      if (controller.signal.aborted) reportsAfter++;
      seen.push(done);
      if (done > after && !controller.signal.aborted) controller.abort();
    },
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  expect(controller.signal.aborted).toBe(true);
  expect(reportsAfter, 'progress reports after the abort').toBeLessThanOrEqual(1);
  const last = seen.at(-1)!;
  expect(last).toBeLessThan(after + 0.05);
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
