/**
 * Every reachable failure is a checked input (the notebook contract, section 6): for any parameters
 * within their bounds, an experiment either refuses them through its check, with a message, or
 * runs to finite, JSON-serialisable results. It never throws. Values are drawn at the bounds, near
 * them and across the range (log-uniform for wide integer ranges); a run still going after a short
 * budget is cancelled, which is also an allowed end: the property is about what breaks, not speed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatParam, resolveParams } from '../../../src/experiments/params.ts';
import { registry } from '../../../src/experiments/registry.ts';
import type { ParamSpec, ParamValue } from '../../../src/experiments/types.ts';

const BUDGET_MS = Number(process.env.ANY_PARAMS_BUDGET_MS ?? 150);
const RUNS = Number(process.env.ANY_PARAMS_RUNS ?? 30);

function intIn(min: number, max: number, atMin = 1): fc.Arbitrary<number> {
  const span = max - min;
  const logUniform = fc.double({ min: 0, max: Math.log1p(span), noNaN: true }).map((x) => Math.min(max, min + Math.floor(Math.expm1(x))));
  return fc.oneof({ arbitrary: fc.constant(min), weight: atMin }, fc.constant(max), fc.integer({ min, max: Math.min(max, min + 8) }), logUniform);
}

function valueOf(spec: ParamSpec): fc.Arbitrary<ParamValue> {
  switch (spec.kind) {
    case 'int':
      return intIn(spec.min, spec.max);
    case 'number':
      return fc.oneof(fc.constant(spec.min), fc.constant(spec.max), fc.double({ min: spec.min, max: spec.max, noNaN: true }));
    case 'choice':
      return fc.constantFrom(...spec.options);
    case 'int-list': {
      // List items sit at the minimum often (weights of 0 next to one that fails, and the like).
      const items = fc.array(intIn(spec.min, spec.max, 4), { minLength: 1, maxLength: Math.min(spec.maxItems, 8) });
      return (spec.distinct === false ? items : items.map((xs) => [...new Set(xs)])).filter((xs) => xs.length > 0);
    }
    case 'text':
      // Text params are parsed by the experiment's check: mutate the default's lines and add junk.
      return fc
        .array(fc.oneof(fc.constantFrom(...spec.default.split('\n')), fc.string({ maxLength: 24 })), { minLength: 0, maxLength: Math.min(spec.maxLines, 12) })
        .map((lines) => lines.join('\n').slice(0, spec.maxLength));
  }
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

describe('any parameters within bounds: refused with a message, or finite JSON results; never an exception', () => {
  for (const [id, exp] of Object.entries(registry)) {
    it(id, async () => {
      const arb = fc.record(Object.fromEntries(Object.entries(exp.params).map(([name, spec]) => [name, valueOf(spec)])));
      await fc.assert(
        fc.asyncProperty(arb, async (raw) => {
          const given = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, formatParam(v as ParamValue)]));
          const r = resolveParams(exp.params, given, exp.check?.bind(exp));
          if (!r.ok) {
            for (const e of r.errors) expect(e.message, `${id} refused ${JSON.stringify(given)} without a message`).toMatch(/\S/);
            return;
          }
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), BUDGET_MS);
          try {
            const out = await exp.run(r.params as never, { progress: () => {}, signal: controller.signal });
            const json = JSON.parse(JSON.stringify(out)) as { results: Record<string, unknown> };
            for (const [key, value] of Object.entries(out.results)) {
              if (typeof value === 'number') expect(Number.isFinite(value), `${id} ${JSON.stringify(given)}: ${key} = ${value}`).toBe(true);
              else expect(typeof value, `${id}: ${key}`).toBe('string');
              expect(json.results[key], `${id}: ${key} survives JSON`).toEqual(value);
            }
          } catch (e) {
            if (!isAbort(e)) throw new Error(`${id} threw on ${JSON.stringify(given)}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
          } finally {
            clearTimeout(timer);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});

describe('the failures readers reached are checked inputs now', () => {
  const refused = (id: string, given: Record<string, string>) => {
    const exp = registry[id];
    const r = resolveParams(exp.params, given, exp.check?.bind(exp));
    expect(r.ok, `${id} ${JSON.stringify(given)} should be refused`).toBe(false);
    return r.ok ? [] : r.errors;
  };
  it('swrr.failure: the failing node may not be the only one with a weight (5,0,0 reached undefined.peer)', () => {
    expect(refused('swrr.failure', { weights: '5,0,0', node: '1' })[0]).toMatchObject({ param: 'weights', code: 'no-other-node' });
  });
  it('lab.compare: M must exceed the nodes the run builds, the added one included (M = 101 at 100 nodes threw in maglevTable)', () => {
    expect(refused('lab.compare', { M: '101', nodes: '100' })[0]).toMatchObject({ param: 'M', code: 'm-small' });
    expect(refused('lab.sweep', { x: 'N', M: '101' }).length).toBeGreaterThan(0);
  });
  it('mols.churn: at 3 relays no client stays to be counted (NaN%), so relays start at 4', () => {
    expect(refused('mols.churn', { relays: '3' })[0]).toMatchObject({ param: 'relays' });
  });
});
