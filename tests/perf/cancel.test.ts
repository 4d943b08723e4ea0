/**
 * The contract's cancel promise against the clock: a cancel mid-run ends it within a tenth of a
 * second, for every experiment's slow set (its definition's `cost.slow`), best of two. `npm test`
 * holds the clock-free half: the run stops at the next chunk (tests/unit/experiments), and the
 * chunks are short by the cost model (chunks.test.ts).
 */
import { describe, it } from 'vitest';
import { registry } from '../../src/experiments/registry.ts';
import { resolve } from '../../src/experiments/shared/run.ts';
import { expectCancelWithin } from '../unit/experiments/cancel.ts';

const CANCEL_MS = 100;

describe(`cancel mid-run ends a run within ${CANCEL_MS} ms`, () => {
  it.each(Object.keys(registry).filter((id) => registry[id].cost !== 'instant'))('%s', async (id) => {
    const exp = registry[id];
    if (exp.cost === 'instant') return;
    const r = resolve(id, exp.cost.slow);
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
    const params = r.params;
    await expectCancelWithin(CANCEL_MS, (ctx) => exp.run(params, ctx));
  });
});
