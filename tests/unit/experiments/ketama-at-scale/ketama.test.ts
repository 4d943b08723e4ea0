import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { registry } from '../../../../src/experiments/registry.ts';
import type { KetamaCollisionsData } from '../../../../src/experiments/ketama-at-scale/ketama-collisions.ts';
import type { KetamaLookupData } from '../../../../src/experiments/ketama-at-scale/ketama-lookup.ts';
import type { KetamaMigrationData } from '../../../../src/experiments/ketama-at-scale/ketama-migration.ts';
import type { KetamaSpreadData } from '../../../../src/experiments/ketama-at-scale/ketama-spread.ts';
import { predictedLost } from '../../../../src/lib/ketama/collisions.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

describe('ketama.spread', () => {
  it('at its defaults: the formula gives 7.87% at k = 160 and the nginx rings measure within a fifth of it, 99% at k = 1', async () => {
    const { output } = await runExperiment('ketama.spread');
    const r = output.results;
    expectLabels('ketama.spread', Object.keys(r));
    expect(r['cv.formula']).toBeCloseTo(0.0787, 4);
    expect(Math.abs((r.cv as number) / (r['cv.formula'] as number) - 1)).toBeLessThan(0.2);
    expect(r.max_over_mean).toBeGreaterThan(1.05);
    const data = output.data as KetamaSpreadData;
    expect(data.series.map((s) => s.k)).toEqual([1, 2, 5, 10, 20, 50, 100, 160]);
    expect(data.series[0].formula).toBeCloseTo(0.99, 3);
    for (const s of data.series) expect(s.cvMin).toBeLessThanOrEqual(s.cvMax);
  });

  it('uniform random points over 100 rings meet the formula at k = 1 within noise', async () => {
    const { output } = await runExperiment('ketama.spread', { points: 1, scheme: 'random', rings: 100 });
    expect(Math.abs((output.results.cv as number) - 0.99)).toBeLessThan(0.06);
  });

  it('refuses a run past its work limit, and cancels promptly', async () => {
    expect(resolve('ketama.spread', { nodes: 4096, points: 10_000 }).ok).toBe(false);
    const r = resolve('ketama.spread', { nodes: 1000, points: 1000, rings: 3 });
    if (!r.ok) throw new Error('expected valid params');
    await expectPromptCancel(registry['ketama.spread'], r.params);
  });
});

describe('ketama.collisions', () => {
  it('at its defaults: counts k up to 1000 exactly, near the birthday prediction, and predicts beyond', async () => {
    const { output } = await runExperiment('ketama.collisions');
    expectLabels('ketama.collisions', Object.keys(output.results));
    const data = output.data as KetamaCollisionsData;
    expect(data.rows.map((r) => r.method)).toEqual(['ring', 'ring', 'ring', 'ring', 'predicted', 'predicted']);
    // Each lost point leaves an arc of about 1/M whose server depends on the tie-break.
    const ppm = (key: string) => output.results[key] as number;
    expect(ppm('tiebreak.ppm.k1000') / ppm('lost.ppm.k1000')).toBeGreaterThan(0.7);
    expect(ppm('tiebreak.ppm.k1000') / ppm('lost.ppm.k1000')).toBeLessThan(1.4);
    const k1000 = data.rows[3];
    expect(Math.abs(k1000.lost - predictedLost(k1000.m))).toBeLessThan(5 * Math.sqrt(k1000.m ** 2 / 2 ** 33));
    expect(output.results['exact.points']).toBe(1000);
    expect(output.results['fraction.max']).toBeCloseTo(0.0235, 4);
    expect(output.results['inflation.max']).toBeGreaterThan(0.011);
    expect(output.results['inflation.max']).toBeLessThan(0.013);
  });

  it('refuses past its point limit, and a run that counts past the ring limit (bitmap) cancels promptly', async () => {
    const r = resolve('ketama.collisions', { nodes: 300, exact: 100_000 });
    if (!r.ok) throw new Error('expected valid params');
    await expectPromptCancel(registry['ketama.collisions'], r.params, 0.05);
    expect(resolve('ketama.collisions', { nodes: 4000, exact: 100_000 }).ok).toBe(false);
  });
});

describe('ketama.memory', () => {
  it('reads 6 and 8 bytes a point from the typed arrays: a quarter saved', async () => {
    const { output } = await runExperiment('ketama.memory', { lookups: 20_000, rings: 3 });
    const r = output.results;
    expectLabels('ketama.memory', Object.keys(r));
    expect(r.points).toBe(16_000);
    expect(r['bytes.6']).toBe(96_000);
    expect(r['bytes.8']).toBe(128_000);
    expect(r.saving).toBe(0.25);
    expect(r['total.6']).toBe(3 * 96_000);
    expect(r['lookup.ns.6']).toBeGreaterThan(0);
    expect(registry['ketama.memory'].timed?.('lookup.ns.8')).toBe(true);
  });
});

describe('ketama.migration', () => {
  it('at its defaults: about 89% of keys move, p = 0.25 misses about a quarter of that, rollback returns the same keys', async () => {
    const { output } = await runExperiment('ketama.migration');
    const r = output.results;
    expectLabels('ketama.migration', Object.keys(r));
    expect(r['moved.formula']).toBeCloseTo(0.891, 3);
    expect(Math.abs((r.moved as number) - 0.889)).toBeLessThan(0.02);
    expect(Math.abs((r.moved as number) - (r['moved.space'] as number))).toBeLessThan(0.01);
    expect(Math.abs((r.misses as number) - 0.25 * (r.moved as number))).toBeLessThan(0.02);
    expect(r['rollback.keys']).toBe(Math.round((r.misses as number) * 20_000));
    expect(r['rollback.same']).toBe(1);
    const data = output.data as KetamaMigrationData;
    expect(data.curve[0].misses).toBe(0);
    expect(data.curve.at(-1)!.misses).toBeCloseTo(r.moved as number, 12);
    for (let i = 1; i < data.curve.length; i++) expect(data.curve[i].misses).toBeGreaterThanOrEqual(data.curve[i - 1].misses);
  });
});

describe('ketama.lookup', () => {
  it('places pingora\u2019s sample keys as nginx does, with data.placement in key order', async () => {
    const { output } = await runExperiment('ketama.lookup', {
      servers: '127.0.0.1:7777\n127.0.0.1:7778',
      keys: '/some/path\n/some/longer/path\n/sad/zaidoon\n/g',
    });
    const data = output.data as KetamaLookupData;
    expect(data.placement).toEqual(['127.0.0.1:7778', '127.0.0.1:7777', '127.0.0.1:7778', '127.0.0.1:7777']);
    expect(output.results).toEqual({ servers: 2, points: 320, keys: 4, first: '127.0.0.1:7778' });
    expectLabels('ketama.lookup', Object.keys(output.results));
    for (const row of data.rows) expect(row.point).toBeGreaterThanOrEqual(row.hash >= Math.max(...data.rows.map((x) => x.point)) ? 0 : row.hash);
  });

  it('a bad line gets a message that names it', () => {
    const r = resolve('ketama.lookup', { servers: '10.0.0.1:80\n10.0.0.2:80 wieght=2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toContain('line 2');
    const dup = resolve('ketama.lookup', { servers: 'a:1\na:1' });
    expect(dup.ok).toBe(false);
  });

  it('libketama puts 160 points a server at equal weights', async () => {
    const { output } = await runExperiment('ketama.lookup', { servers: 'a:1\nb:1\nc:1', scheme: 'libketama' });
    expect(output.results.points).toBe(480);
  });
});
