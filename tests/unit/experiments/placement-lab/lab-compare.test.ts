import { describe, expect, it } from 'vitest';
import type { LabCompareData } from '../../../../src/experiments/placement-lab/lab-compare.ts';
import { labCompare } from '../../../../src/experiments/placement-lab/lab-compare.ts';
import { SCHEME_IDS } from '../../../../src/experiments/placement-lab/lab-common.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { expectLabels, expectPromptCancel } from '../queue-cells.ts';

/** Everything but the measured times. */
const untimed = (r: Record<string, number | string>) => Object.fromEntries(Object.entries(r).filter(([k]) => !labCompare.timed!(k)));

describe('lab.compare', () => {
  it('at its defaults: every scheme on 100 nodes, minimal schemes move about 1/(N+1) and 1/N, mod-N nearly everything; every key labelled', async () => {
    const { params, output } = await runExperiment('lab.compare');
    expect(params.nodes).toBe(100);
    const r = output.results as Record<string, number>;
    expectLabels('lab.compare', Object.keys(r));
    const data = output.data as LabCompareData;
    expect(data.rows.map((x) => x.id)).toEqual(SCHEME_IDS);
    expect(r['ideal.add']).toBeCloseTo(1 / 101, 12);
    expect(r['moved.add.mod-n']).toBeGreaterThan(0.95);
    for (const id of ['ring-nginx', 'ring-ketama', 'jump', 'multiprobe']) {
      expect(r[`moved.add.${id}`]).toBeLessThan(0.02);
      expect(r[`moved.remove.${id}`]).toBeLessThan(0.02);
    }
    // Jump and mod-N balance at the sampling floor; a 160-point ring does not.
    expect(r['cv.jump'] / r['noise.cv']).toBeLessThan(1.3);
    expect(r['cv.ring-nginx'] / r['noise.cv']).toBeGreaterThan(1.5);
    expect(r['maxmean.bounded']).toBeLessThanOrEqual(1.25);
    expect(r['bytes.jump']).toBe(0);
    expect(r['bytes.maglev']).toBe(65_537 * 2);
    expect(r['bytes.ring-nginx']).toBe(100 * 160 * 6);
    expect(r['ns.jump']).toBeGreaterThan(0);
  });

  it('gives the same untimed results on a second run', async () => {
    const a = await runExperiment('lab.compare', { nodes: '20', keys: '5000', seed: '3' });
    const b = await runExperiment('lab.compare', { nodes: '20', keys: '5000', seed: '3' });
    expect(untimed(a.output.results)).toEqual(untimed(b.output.results));
  });

  it('refuses unknown schemes, a composite M, M not above N, and runs too big to finish', () => {
    const bad = (given: Record<string, string>) => {
      const r = resolve('lab.compare', given);
      return r.ok ? null : r.errors[0].code;
    };
    expect(bad({ schemes: 'jump, chord' })).toBe('unknown-scheme');
    expect(bad({ schemes: '' })).not.toBeNull();
    expect(bad({ M: '65536' })).toBe('not-prime');
    expect(bad({ M: '101', nodes: '200' })).toBe('m-small');
    expect(bad({ keys: '1000000', nodes: '5000', schemes: 'multiprobe', probes: '100' })).toBe('lab-too-much-work');
    expect(bad({ V: '1000', nodes: '5000', schemes: 'ring-nginx' })).toBe('too-many-points');
    expect(bad({ schemes: 'maglev jump' })).toBeNull();
  });

  it('stops promptly when cancelled', async () => {
    const r = resolve('lab.compare', { keys: '200000' });
    if (!r.ok) throw new Error('bad params');
    await expectPromptCancel(labCompare, r.params);
  });
});
