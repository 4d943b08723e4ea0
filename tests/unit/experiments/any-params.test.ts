/**
 * Every reachable failure is a checked input (the notebook contract, section 6): for any parameters
 * within their bounds, an experiment either refuses them through its check, with a message, or
 * runs to finite, JSON-serialisable results. It never throws.
 *
 * What is covered, per experiment in the registry:
 * - SMALL_RUNS (150) cases drawn in bounds, then made cheap: where the cost model (cost.ts: the
 *   experiment's work times its measured seconds per unit) puts a case above SMALL_CPU_SECONDS
 *   (1 ms of build-machine CPU), its integer parameters and list entries are halved toward their
 *   minimum, one at a time and only where that lowers the estimate, until it is under; the few
 *   sizes the model does not count (UNCOUNTED) are first brought down to a small value.
 *   Everything else stays as drawn (choices, seeds, reals, text), every value stays in bounds,
 *   and the check and the run see them exactly as a reader's: every code path runs, only on small
 *   sizes. An experiment without a cost model (always a few ms) is not shrunk. A small case still
 *   going after SMALL_BUDGET_MS (25 ms) is cancelled, an allowed end that also exercises the
 *   abort; every UNTIMED-th case has no budget and runs to its end, so how many cases run does not
 *   depend on the machine's speed. At least one case in 25 of each experiment must get past its
 *   check and run to the end, so the property cannot pass by refusals or cancels alone (the
 *   unbudgeted cases alone give one in five, less the refusals).
 * - FULL_RUNS (6) cases drawn in bounds and left as drawn (the bounds themselves, the largest
 *   sizes the check allows), each cancelled after BUDGET_MS (150 ms) if still going, which is an
 *   allowed end: the property is about what breaks, not speed.
 * Values are drawn at the bounds, near them and across the range (log-uniform for wide integer
 * ranges); lists' entries sit at the minimum often; text is the default's lines (or, on one line,
 * some of its comma-separated words) with junk among them; in half of swrr.trace's and
 * swrr.failure's cases the related values are made to fit each other (SHAPED), which independent
 * draws rarely do.
 * ANY_PARAMS_RUNS and ANY_PARAMS_FULL_RUNS override the counts (a deeper search before a release).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatParam, resolveParams } from '../../../src/experiments/shared/params.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { cheap as cheapen } from './small-params.ts';
import type { Experiment, ParamSpec, ParamValue, Params } from '../../../src/experiments/shared/types.ts';

const BUDGET_MS = Number(process.env.ANY_PARAMS_BUDGET_MS ?? 150);
const SMALL_BUDGET_MS = 25;
/** Every UNTIMED-th small case runs without a budget (to its end): the count of runs is the machine's speed's no more. */
const UNTIMED = 5;
const SMALL_RUNS = Number(process.env.ANY_PARAMS_RUNS ?? 150);
const FULL_RUNS = Number(process.env.ANY_PARAMS_FULL_RUNS ?? 6);
const SMALL_CPU_SECONDS = 0.001;

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
    case 'text': {
      // Text params are parsed by the experiment's check. On one line (names, policies, schemes):
      // mostly some of the default's comma-separated words in any order, else words and junk,
      // repeats allowed. On many lines (servers, keys): the default's lines and junk.
      const one = spec.maxLines === 1;
      const parts = one ? spec.default.split(/,\s*/) : spec.default.split('\n');
      const junk = fc.string({ maxLength: 24 }).map((j) => (one ? j.replace(/[\r\n]/g, ' ') : j));
      const mixed = fc.array(fc.oneof({ arbitrary: fc.constantFrom(...parts), weight: 3 }, junk), { minLength: 0, maxLength: Math.min(spec.maxLines, 12) });
      const pick = one ? fc.oneof({ arbitrary: fc.shuffledSubarray(parts, { minLength: 1 }), weight: 3 }, mixed) : mixed;
      return pick.map((xs) => xs.join(one ? ', ' : '\n').slice(0, spec.maxLength));
    }
  }
}

/** The parameters made cheap (small-params.ts), under SMALL_CPU_SECONDS. */
const cheap = (exp: Experiment, given: Params): Params => cheapen(exp, given, SMALL_CPU_SECONDS);

/**
 * Cross-parameter shapes that independent draws rarely hit, made in half the cases: a name per
 * weight (swrr.trace); a failing node among the nodes, with a weight and another node with one,
 * failing before the last round (swrr.failure).
 */
const SHAPED: Record<string, (p: Params) => Params> = {
  'swrr.trace': (p) => {
    const names = String(p.names).split(/,\s*/);
    return { ...p, names: Array.from({ length: (p.weights as number[]).length }, (_, i) => names[i % names.length] || `n${i}`).join(', ') };
  },
  'swrr.failure': (p) => {
    const weights = [...(p.weights as number[])];
    const node = 1 + ((Number(p.node) - 1) % weights.length);
    // The failing node has a weight, and so has another one where there is another.
    weights[node - 1] ||= 1;
    if (weights.length > 1 && weights.every((w, i) => i === node - 1 || w === 0)) weights[node % weights.length] = 1;
    return { ...p, weights, node, failAt: Math.min(Number(p.failAt), Number(p.rounds)) };
  },
};

type Outcome = 'refused' | 'ran' | 'cancelled';

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/** One case: refused with a message, or run to finite JSON results (or cancelled after `budget` ms; null: never); anything else fails. */
async function check(id: string, exp: Experiment, raw: Params, budget: number | null = BUDGET_MS): Promise<Outcome> {
  const given = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, formatParam(v)]));
  const r = resolveParams(exp.params, given, exp.check?.bind(exp));
  if (!r.ok) {
    const silent = r.errors.find((e) => !/\S/.test(e.message));
    if (silent) throw new Error(`${id} refused ${JSON.stringify(given)} without a message (${silent.param})`);
    return 'refused';
  }
  const controller = new AbortController();
  const timer = budget === null ? undefined : setTimeout(() => controller.abort(), budget);
  try {
    const out = await exp.run(r.params as never, { progress: () => {}, signal: controller.signal });
    const json = JSON.parse(JSON.stringify(out)) as { results: Record<string, unknown> };
    // Plain checks per result (thousands of cases: an expect each, with its message built, cost
    // more than many of the runs); the first bad one fails the case, named.
    for (const [key, value] of Object.entries(out.results)) {
      if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string') throw new Error(`${id} ${JSON.stringify(given)}: ${key} = ${String(value)} (${typeof value}), not a finite number or a string`);
      if (!Object.is(json.results[key], value)) throw new Error(`${id} ${JSON.stringify(given)}: ${key} = ${String(value)} does not survive JSON (${String(json.results[key])})`);
    }
    return 'ran';
  } catch (e) {
    if (!isAbort(e)) throw new Error(`${id} threw on ${JSON.stringify(given)}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    return 'cancelled';
  } finally {
    clearTimeout(timer);
  }
}

describe('any parameters within bounds: refused with a message, or finite JSON results; never an exception', () => {
  for (const [id, exp] of Object.entries(registry)) {
    const record = fc.record(Object.fromEntries(Object.entries(exp.params).map(([name, spec]) => [name, valueOf(spec)]))) as fc.Arbitrary<Params>;
    const shape = SHAPED[id];
    const drawn = shape ? fc.tuple(record, fc.boolean()).map(([p, shaped]) => (shaped ? shape(p) : p)) : record;
    it(`${id}: ${SMALL_RUNS} small cases, ${FULL_RUNS} as drawn`, async () => {
      const seen: Record<Outcome, number> = { refused: 0, ran: 0, cancelled: 0 };
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          drawn.map((p) => cheap(exp, p)),
          async (p) => void seen[await check(id, exp, p, n++ % UNTIMED === 0 ? null : SMALL_BUDGET_MS)]++,
        ),
        { numRuns: SMALL_RUNS, endOnFailure: true },
      );
      expect(seen.ran, `${id}: only ${seen.ran} of ${SMALL_RUNS} small cases ran (${JSON.stringify(seen)})`).toBeGreaterThanOrEqual(SMALL_RUNS / 25);
      await fc.assert(
        fc.asyncProperty(drawn, async (p) => void (await check(id, exp, p))),
        { numRuns: FULL_RUNS, endOnFailure: true },
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
