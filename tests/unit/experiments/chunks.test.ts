/**
 * What the clock tests protect (npm run test:perf: cancel latency, no long task), held here
 * without a clock: every costed experiment reports its work in chunks, and by the cost model no
 * chunk is long. At its cost probe's check set each run reports progress at least a few times, and
 * the model's phone seconds divided by the chunks stay under MAX_CHUNK_PHONE_SECONDS, so a
 * cancel is read within a fraction of a second on a phone.
 */
import { describe, expect, it } from 'vitest';
import { phoneSeconds } from '../../../src/experiments/shared/cost.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';

/** The longest mean chunk the model allows, in seconds on a mid-range phone. */
const MAX_CHUNK_PHONE_SECONDS = 0.1;

const costed = Object.entries(registry).filter(([, e]) => e.cost !== 'instant');

describe('every costed experiment works in short chunks (by the cost model)', () => {
  it.each(costed.map(([id]) => id))('%s', async (id) => {
    const exp = registry[id];
    if (exp.cost === 'instant') return;
    const r = resolve(id, exp.cost.probes.check);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    let chunks = 0;
    let last = 0;
    await exp.run(r.params, {
      progress: (done) => {
        chunks++;
        expect(done).toBeGreaterThanOrEqual(last);
        last = done;
      },
      signal: new AbortController().signal,
    });
    const perChunk = phoneSeconds(exp, r.params) / Math.max(1, chunks);
    if (process.env.CHUNK_DEBUG) console.log(`${id}: ${chunks} chunks, ${(perChunk * 1000).toFixed(1)} ms a chunk on a phone`);
    expect(chunks, 'progress reports').toBeGreaterThanOrEqual(3);
    expect(perChunk, `${chunks} chunks`).toBeLessThanOrEqual(MAX_CHUNK_PHONE_SECONDS);
  });
});
