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

  it('chash.remap runs MD5 on the kernel (the TypeScript without it); murmur3 has no kernel', async () => {
    const small = { keys: 2000, spread: 2 };
    expect(await pathOf('chash.remap', small)).toBe('kernel');
    expect(await pathOf('chash.remap', { ...small, hash: 'murmur3' })).toBe('none');
    setKernelModule(null);
    expect(await pathOf('chash.remap', small)).toBe('typescript');
  });

  it('every flow policy and traffic setting runs on the kernel, and says so', async () => {
    const traffic = { service: 'lognormal', cv: 2, capacity: 5, slow: 1, slowFactor: 4, requests: 10_000 };
    expect(await pathOf('flow.compare', { ...traffic, policies: 'random, rr, swrr, jsq, p2c, least_conn, random_two, least_request, peak_ewma' })).toBe('kernel');
    for (const policy of ['least_conn', 'random_two', 'least_request', 'peak_ewma']) expect(await pathOf('flow.sim', { ...traffic, policy }), policy).toBe('kernel');
    setKernelModule(null);
    expect(await pathOf('flow.sim', { ...traffic, policy: 'peak_ewma' })).toBe('typescript');
  });
});
