/**
 * One experiment, one definition: everything about an experiment is in its module (the compiler
 * requires each field; this checks what the compiler cannot), and the registry's tables derive
 * from it. A definition that lacks a piece, or names a parameter it does not have, fails here.
 */
import { describe, expect, it } from 'vitest';
import { figures } from '../../../components/figures/index.ts';
import { MAX_PHONE_SECONDS, PHONE_FACTOR, phoneSeconds, workOf } from '../../../src/experiments/shared/cost.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';
import type { Given } from '../../../src/experiments/shared/types.ts';

const ids = Object.keys(registry);

/** The names a parameter set uses that the experiment does not have. */
const unknownNames = (id: string, given: Given) => Object.keys(given).filter((n) => !Object.hasOwn(registry[id].params, n));

describe.each(ids)('%s: its definition', (id) => {
  const exp = registry[id];

  it('has a one-line summary, at most three primary controls that are its parameters, and figures that exist', () => {
    expect(exp.summary.length).toBeGreaterThan(10);
    expect(exp.summary).not.toMatch(/\n/);
    expect(exp.primary.length).toBeGreaterThan(0);
    expect(exp.primary.length).toBeLessThanOrEqual(3);
    expect(new Set(exp.primary).size).toBe(exp.primary.length);
    for (const name of exp.primary) expect(Object.keys(exp.params), `primary ${name}`).toContain(name);
    for (const f of exp.figures) expect(Object.keys(figures), `figure ${f}`).toContain(f);
  });

  it("has a cost: instant (the defaults cost the floor), or a knob that is its parameter, a positive rate, and probes and a slow set its specs accept", () => {
    const defaults = resolve(id, {});
    expect(defaults.ok).toBe(true);
    if (!defaults.ok) return;
    if (exp.cost === 'instant') {
      expect(workOf(exp, defaults.params)).toBe(0);
      return;
    }
    const { knob, secondsPerUnit, probes, slow } = exp.cost;
    expect(Object.keys(exp.params)).toContain(knob);
    expect(secondsPerUnit).toBeGreaterThan(0);
    expect(secondsPerUnit).toBeLessThan(1e-3);
    for (const [name, given] of [['calibrate', probes.calibrate], ['check', probes.check], ['slow', slow]] as const) {
      expect(unknownNames(id, given), `${name} names only the experiment's parameters`).toEqual([]);
      const r = resolve(id, given);
      expect(r.ok, `${name}: ${r.ok ? '' : r.errors.map((e) => e.message).join('; ')}`).toBe(true);
      if (r.ok) expect(workOf(exp, r.params), `${name}: some work`).toBeGreaterThan(0);
    }
    // The probes take a fraction of a second of CPU on the build machine; the slow set is slow
    // enough to be caught mid-run (a quarter of a second on the build machine, by the model) and
    // within the bound.
    const at = (given: Given) => {
      const r = resolve(id, given);
      return r.ok ? phoneSeconds(exp, r.params) : NaN;
    };
    expect(at(probes.calibrate)).toBeLessThan(MAX_PHONE_SECONDS / 4);
    expect(at(probes.check)).toBeLessThan(MAX_PHONE_SECONDS / 4);
    expect(at(slow) / PHONE_FACTOR).toBeGreaterThan(0.25);
  });
});

describe('the cost bound', () => {
  it('accepts every experiment’s defaults, and refuses the links that used to start minutes of work, naming the cost', () => {
    for (const id of Object.keys(registry)) expect(resolve(id, {}).ok, id).toBe(true);
    for (const [id, given] of [
      ['mols.speed', { candidates: '256', calls: '5000000', repeats: '10' }],
      ['balls.growth', { from: '1', to: '7', seeds: '20', choices: '5,6,7,8' }],
    ] as const) {
      const r = resolve(id, given);
      expect(r.ok, id).toBe(false);
      if (!r.ok) expect(r.errors[0], id).toMatchObject({ code: 'too-costly' });
    }
  });

  it('bounds every accepted parameter set by two minutes on a phone', () => {
    // The check is joined to every experiment's own: whatever it accepts costs at most the limit.
    for (const [id, exp] of Object.entries(registry)) {
      const r = resolve(id, {});
      if (r.ok) expect(phoneSeconds(exp, r.params), id).toBeLessThanOrEqual(MAX_PHONE_SECONDS);
    }
  });

  it('names the definition’s knob when it refuses a run', () => {
    const r = resolve('balls.growth', { from: '1', to: '7', seeds: '20', choices: '5,6,7,8' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ code: 'too-costly', param: 'to' });
  });
});
