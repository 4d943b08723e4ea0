import { describe, expect, it } from 'vitest';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';
import type { Output } from '../../../src/experiments/shared/types.ts';
import { queueCache } from '../../../src/experiments/power-of-two-choices/queue-runs.ts';

/** Runs an experiment with a sketch listener: its sketches, in order, and its output. */
async function withSketches(id: string, raw: Record<string, string>): Promise<{ sketches: Output[]; output: Output }> {
  const r = resolve(id, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const sketches: Output[] = [];
  const output = await registry[id].run(r.params, { progress: () => {}, signal: new AbortController().signal, sketch: (o) => sketches.push(structuredClone(o)) });
  return { sketches, output };
}

describe('a first answer before the whole (RunContext.sketch)', () => {
  it('chash.remap sketches after each layout but the last, each over the layouts so far, the first layout’s numbers already the run’s', async () => {
    const { sketches, output } = await withSketches('chash.remap', { keys: '5000', spread: '4', hash: 'murmur3' });
    expect(sketches.map((s) => (s.data as { salts: number[] }).salts)).toEqual([[0], [0, 1], [0, 1, 2]]);
    const first = sketches[0].results;
    for (const k of ['mod.moved', 'ring1.moved', 'ring.moved', 'ring.std', 'ring.min.after']) expect(first[k]).toBe(output.results[k]);
    // The figure's data of a sketch is the whole run's, cut at its layouts.
    const whole = output.data as { settings: { moved: number[] }[] };
    for (const [k, s] of sketches.entries()) {
      const part = s.data as { settings: { moved: number[] }[] };
      part.settings.forEach((setting, i) => expect(setting.moved).toEqual(whole.settings[i].moved.slice(0, k + 1)));
    }
  });

  it('without a listener a run is the same (the build and the terminal pass none)', async () => {
    const r = resolve('chash.remap', { keys: '5000', spread: '3', hash: 'murmur3' });
    if (!r.ok) throw new Error('refused');
    const quiet = await registry['chash.remap'].run(r.params, { progress: () => {}, signal: new AbortController().signal });
    const { output } = await withSketches('chash.remap', { keys: '5000', spread: '3', hash: 'murmur3' });
    expect(output).toEqual(quiet);
  });

  it('herd.stale sketches once, every strategy at the grid’s ends, one age a decade and the headline age, each point the whole run’s; with every simulation already kept it does not', async () => {
    const raw = { n: '20', horizon: '60', choices: '1,2' };
    const { sketches, output } = await withSketches('herd.stale', raw);
    expect(sketches).toHaveLength(1);
    type Herd = { ages: number[]; series: { strategy: unknown; points: { age: number; mean: number; halfWidth: number }[] }[] };
    const part = sketches[0].data as Herd;
    const whole = output.data as Herd;
    expect(part.ages).toEqual([0.1, 1, 5, 10, 100]);
    expect(part.series.map((s) => s.strategy)).toEqual(whole.series.map((s) => s.strategy));
    for (const [i, s] of part.series.entries()) for (const pt of s.points) expect(pt).toEqual(whole.series[i].points[whole.ages.indexOf(pt.age)]);
    // The headline numbers are already the run's (the headline age is among the first).
    for (const k of Object.keys(output.results).filter((k) => k.startsWith('t.'))) expect(sketches[0].results[k]).toBe(output.results[k]);
    const r = resolve('herd.stale', raw);
    if (!r.ok) throw new Error('refused');
    const quiet = await registry['herd.stale'].run(r.params, { progress: () => {}, signal: new AbortController().signal });
    expect(output).toEqual(quiet);
    queueCache.clear();
    queueCache.enabled = true;
    try {
      await withSketches('herd.stale', raw);
      const again = await withSketches('herd.stale', raw);
      expect(again.sketches).toHaveLength(0);
      expect(again.output).toEqual(quiet);
    } finally {
      queueCache.enabled = false;
      queueCache.clear();
    }
  });

  it('lab.compare sketches after each scheme but the last, each with the schemes measured so far in the run’s order, their rows the run’s', async () => {
    const { sketches, output } = await withSketches('lab.compare', { keys: '3000', nodes: '5', schemes: 'jump, mod-n, rendezvous' });
    type Lab = { rows: { id: string }[] };
    const whole = (output.data as Lab).rows;
    const ids = whole.map((r) => r.id);
    expect(ids).toHaveLength(3);
    expect(sketches.map((s) => (s.data as Lab).rows.map((r) => r.id))).toEqual([ids.slice(0, 1), ids.slice(0, 2)]);
    for (const s of sketches) (s.data as Lab).rows.forEach((row, i) => expect(row).toEqual(whole[i]));
    // The key shows the run's schemes while their bars come in.
    for (const s of sketches) expect((s.data as { asked?: string[] }).asked).toEqual(ids);
    expect((output.data as { asked?: string[] }).asked).toBeUndefined();
    expect(Object.keys(sketches[1].results)).toEqual(Object.keys(output.results).filter((k) => !k.endsWith(`.${ids[2]}`)));
  });
});
