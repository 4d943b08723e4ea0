import { describe, expect, it } from 'vitest';
import type { RunContext } from '../../../src/experiments/shared/types.ts';
import { expectCancelAtChunk } from './cancel.ts';

/** A run of `chunks` chunks that reads its signal between chunks only when `reads`. */
const fake = (chunks: number, reads: boolean) => async (ctx: RunContext) => {
  for (let i = 1; i <= chunks; i++) {
    await new Promise((r) => setTimeout(r, 0));
    if (reads && ctx.signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    ctx.progress(i / chunks);
  }
};

describe('the clock-free cancel check', () => {
  it('passes a run that stops at the next chunk, and fails one that runs on, or never reports progress', async () => {
    await expectCancelAtChunk(fake(10, true));
    await expect(expectCancelAtChunk(fake(10, false))).rejects.toThrow(/ended as finished|reported progress/);
    await expect(expectCancelAtChunk(async () => {})).rejects.toThrow(/without reporting progress/);
  });
});
