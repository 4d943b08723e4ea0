import { describe, expect, it } from 'vitest';
import { meter } from '../../../src/experiments/shared/meter.ts';

const context = () => {
  const reported: number[] = [];
  const controller = new AbortController();
  return { reported, controller, ctx: { progress: (f: number) => reported.push(f), signal: controller.signal } };
};

describe('meter', () => {
  it('reports the fraction of the total done after each advance, never above 1', async () => {
    const { reported, ctx } = context();
    const m = meter(8, ctx);
    await m.advance(2);
    await m.advance(4);
    await m.advance(4);
    expect(reported).toEqual([0.25, 0.75, 1]);
  });

  it('throws an AbortError from the advance during which the run was cancelled, and from check', async () => {
    const { controller, ctx } = context();
    const m = meter(10, ctx);
    m.check();
    const pending = m.advance(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(() => m.check()).toThrow(expect.objectContaining({ name: 'AbortError' }));
  });

  it('refuses to start a run already cancelled', () => {
    const { controller, ctx } = context();
    controller.abort();
    expect(() => meter(10, ctx)).toThrow(expect.objectContaining({ name: 'AbortError' }));
  });
});
