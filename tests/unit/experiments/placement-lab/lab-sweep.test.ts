import { describe, expect, it } from 'vitest';
import type { LabSweepData } from '../../../../src/experiments/placement-lab/lab-sweep.ts';
import { labSweep, sweepGrid } from '../../../../src/experiments/placement-lab/lab-sweep.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('lab.sweep', () => {
  it('at its defaults: the CV of every scheme against N up to 200, with the sampling floor; jump tracks the floor, the nginx ring stays above it', async () => {
    const { output } = await runExperiment('lab.sweep');
    expectLabels('lab.sweep', Object.keys(output.results));
    const data = output.data as LabSweepData;
    expect(data.series[0].points.map((p) => p.x)).toEqual([2, 5, 10, 20, 50, 100, 200]);
    expect(data.floor).toHaveLength(7);
    const jump = data.series.find((s) => s.id === 'jump')!.points;
    const ring = data.series.find((s) => s.id === 'ring-nginx')!.points;
    jump.forEach((p, i) => expect(p.value / data.floor[i].value).toBeLessThan(1.6));
    expect(ring[2].value / data.floor[2].value).toBeGreaterThan(2);
  });

  it('grids: N up to `nodes`, M only primes above N', () => {
    expect(sweepGrid('nodes', 30)).toEqual([2, 5, 10, 20, 30]);
    expect(sweepGrid('M', 300)).toEqual([1009, 4099, 16_411, 65_537, 262_147, 655_373]);
  });

  it('sweeping M changes only Maglev: its table shares even out and its extra moves shrink as M grows', async () => {
    const { output } = await runExperiment('lab.sweep', { x: 'M', metric: 'moved.remove', schemes: 'maglev, jump', nodes: '50', keys: '20000' });
    const data = output.data as LabSweepData;
    const maglev = data.series.find((s) => s.id === 'maglev')!.points;
    const jump = data.series.find((s) => s.id === 'jump')!.points;
    expect(new Set(jump.map((p) => p.value)).size).toBe(1);
    expect(maglev[0].value).toBeGreaterThan(maglev[maglev.length - 1].value);
    expect(data.ideal.every((p) => p.value === 1 / 50)).toBe(true);
  });

  it('sweeping c: bounded loads’ fullest node stays at or below c times the mean', async () => {
    const { output } = await runExperiment('lab.sweep', { x: 'c', metric: 'maxmean', schemes: 'bounded', nodes: '50', keys: '20000', V: '1' });
    for (const p of (output.data as LabSweepData).series[0].points) expect(p.value).toBeLessThanOrEqual(p.x + 1e-12);
  });

  it('puts measured times under time.* keys', async () => {
    const { output } = await runExperiment('lab.sweep', { metric: 'ns', schemes: 'jump', nodes: '20', keys: '2000' });
    expect(Object.keys(output.results)).toEqual(['points', 'time.jump']);
    expect(labSweep.timed!('time.jump')).toBe(true);
    expect(labSweep.timed!('at.jump')).toBe(false);
  });

  it('stops promptly when cancelled', async () => {
    const r = resolve('lab.sweep', { keys: '300000' });
    if (!r.ok) throw new Error('bad params');
    await expectPromptCancel(labSweep, r.params);
  });
});
