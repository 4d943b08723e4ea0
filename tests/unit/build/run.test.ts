import { describe, expect, it } from 'vitest';
import { runOnce } from '../../../src/build/memo.ts';
import { runKey, runTag } from '../../../src/build/run-key.ts';
import { buildRun, nameRun } from '../../../src/build/run.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';

describe('nameRun', () => {
  it('resolves the parameters over the defaults and tags the run, without running it', () => {
    const named = nameRun('Cell t', 'swrr.trace', { rounds: 6 });
    expect(named.experiment).toBe(registry['swrr.trace']);
    expect(named.params).toMatchObject({ rounds: 6, names: registry['swrr.trace'].params.names.default });
    expect(named.tag).toBe(runTag('swrr.trace', named.params));
    // Defaults left out or spelled out: the same run, the same tag.
    expect(nameRun('Value', 'swrr.trace', { ...named.params }).tag).toBe(named.tag);
  });
  it('stops the build with the component’s name on an unknown experiment or a refused parameter', () => {
    expect(() => nameRun('Cell x', 'no.such', {})).toThrow('Cell x: no experiment "no.such"');
    expect(() => nameRun('Value', 'swrr.trace', { rounds: 0 })).toThrow(/^Value: swrr\.trace: .*rounds/);
    // The experiment's own check (and the cost bound joined to it) refuses too.
    expect(() => nameRun('Claim c', 'swrr.trace', { names: 'a, b' })).toThrow(/^Claim c: swrr\.trace: /);
  });
});

describe('buildRun', () => {
  it('gives the experiment’s output for the named run, computed once however the run is spelled', async () => {
    const a = await buildRun('Cell t', 'swrr.trace', { rounds: 5 });
    const b = await buildRun('Value', 'swrr.trace', { ...a.params });
    expect(a.tag).toBe(b.tag);
    expect(b.output).toBe(a.output);
    expect(a.output).toEqual((await runExperiment('swrr.trace', { rounds: 5 })).output);
    expect((await runOnce('swrr.trace', { rounds: '5' })).output).toBe(a.output);
    expect(runKey('swrr.trace', a.params)).toContain('rounds=5');
  });
});
