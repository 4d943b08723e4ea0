import { afterEach, describe, expect, it } from 'vitest';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';
import { kernelUse, pathBetween, setKernelModule } from '../../../src/kernels/load.ts';

/** Runs an experiment with its defaults and says which path computed it, as the worker does. */
async function pathOf(id: string, params: Record<string, number | string> = {}) {
  const r = resolve(id, params);
  if (!r.ok) throw new Error(`${id}: ${JSON.stringify(r.errors)}`);
  const before = kernelUse();
  await registry[id].run(r.params, { signal: new AbortController().signal, progress() {} });
  return pathBetween(before, kernelUse());
}

describe('a run says which path computed it', () => {
  afterEach(() => setKernelModule(undefined));

  it('the kernel when it loads, the TypeScript reference when it cannot, none for an experiment with no kernel', async () => {
    expect(await pathOf('balls.maxload', { n: 1000 })).toBe('kernel');
    setKernelModule(null);
    expect(await pathOf('balls.maxload', { n: 1000 })).toBe('typescript');
    setKernelModule(undefined);
    expect(await pathOf('swrr.trace')).toBe('none');
  });
});
