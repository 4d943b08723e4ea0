import { describe, expect, it } from 'vitest';
import { herdStale, type HerdStaleData } from '../../../../src/experiments/power-of-two-choices/herd-stale.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('herd.stale', () => {
  it('at its defaults tells the herd story at T = 5: least loaded worse than random, d = 2 best, more choices hurting from T = 5 (d = 3) and T = 2 (d = 5), and d = 2 behind random from T = 50 (n = 100, λ = 0.9, horizon 4000, seed 1)', async () => {
    const { params, output } = await runExperiment('herd.stale');
    expect(params).toEqual({ n: 100, lambda: 0.9, choices: [1, 2, 3, 5], age: 5, horizon: 4000, seed: 1 });
    const r = output.results;
    expect(Object.keys(r)).toEqual(['t.d1.age5', 't.d2.age5', 't.d3.age5', 't.d5.age5', 't.all.age5', 'hurts.d2', 'hurts.d3', 'hurts.d5', 'hurts.all']);
    expectLabels('herd.stale', Object.keys(r));
    const t = (k: string) => r[k] as number;
    expect(t('t.all.age5')).toBeGreaterThan(t('t.d1.age5'));
    expect(Math.min(t('t.d1.age5'), t('t.d3.age5'), t('t.d5.age5'), t('t.all.age5'))).toBeGreaterThan(t('t.d2.age5'));
    // Two choices turn against themselves too, once the board is old enough: ahead of random at 20, behind it at 50 and 100.
    expect(r['hurts.d2']).toBe(50);
    expect(r['hurts.d3']).toBe(5);
    expect(r['hurts.d5']).toBe(2);
    const data = output.data as HerdStaleData;
    expect(data.ages).toEqual([0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]);
    expect(data.series.map((s) => s.strategy)).toEqual([1, 2, 3, 5, 'least-loaded']);
    const [random, two] = data.series;
    const at = (age: number) => data.ages.indexOf(age);
    expect(two.points[at(20)].mean + two.points[at(20)].halfWidth).toBeLessThan(random.points[at(20)].mean - random.points[at(20)].halfWidth);
    for (const age of [50, 100]) expect(two.points[at(age)].mean - two.points[at(age)].halfWidth).toBeGreaterThan(random.points[at(age)].mean + random.points[at(age)].halfWidth);
  });

  it('adds the headline age to the grid when it is not on it, and names it in the keys', async () => {
    const { output } = await runExperiment('herd.stale', { n: '20', choices: '2', age: '3', horizon: '40' });
    expect(Object.keys(output.results)).toEqual(['t.d2.age3', 't.all.age3', 'hurts.all']);
    expect((output.data as HerdStaleData).ages).toContain(3);
  });

  it('reads results at a board older than the grid’s last age (up to 200 service times), which joins the grid and bounds hurts.*', async () => {
    const { output } = await runExperiment('herd.stale', { n: '20', choices: '1,2', age: '200', horizon: '40' });
    const data = output.data as HerdStaleData;
    expect(data.ages.at(-1)).toBe(200);
    expect(Object.keys(output.results)).toEqual(['t.d1.age200', 't.d2.age200', 't.all.age200', 'hurts.d2', 'hurts.all']);
    // hurts.* is the grid's age from which the larger d stays behind, or '>200' (beyond the grid).
    const hurts = output.results['hurts.d2'];
    expect(typeof hurts === 'number' ? data.ages.includes(hurts) : hurts === '>200').toBe(true);
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const given = { n: '30', choices: '1,2', horizon: '100', seed: '4' };
    const a = await runExperiment('herd.stale', given);
    const b = await runExperiment('herd.stale', given);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('stops within a chunk when cancelled, with an AbortError', async () => {
    await expectPromptCancel(herdStale, { n: 1000, lambda: 0.9, choices: [1, 2, 3, 5], age: 5, horizon: 5000, seed: 1 });
  });

  it('refuses bad parameters before running', () => {
    for (const [given, param] of [
      [{ lambda: '0.995' }, 'lambda'],
      [{ age: '0' }, 'age'],
      [{ age: '201' }, 'age'],
      [{ choices: '1,2,3,4,5,6' }, 'choices'],
      [{ n: '100001' }, 'n'],
    ] as const) {
      const r = resolve('herd.stale', given);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0].param).toBe(param);
    }
  });
});
