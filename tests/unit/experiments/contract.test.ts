/**
 * The notebook contract, over every registered experiment, without a browser: labels and help
 * in both locales, bounds enforced, a bad value refused with a message, cancel within 100 ms,
 * same params -> same result, and JSON-serialisable output. What only a browser can show (the
 * cell's markup, the worker, URL state, axe) stays in tests/browser/.
 */
import { describe, expect, it } from 'vitest';
import { allowedMessage, resultLabel } from '../../../components/notebook/render.ts';
import { ownCellStrings, sharedCellStrings } from '../../../src/i18n/cell-strings.ts';
import { locales } from '../../../src/i18n/index.ts';
import { resolveParams } from '../../../src/experiments/shared/params.ts';
import { registry } from '../../../src/experiments/registry.ts';
import type { Experiment, Output, ParamSpec, Params } from '../../../src/experiments/shared/types.ts';
import { SLOW } from '../../browser/lib/slow.ts';
import { expectCancelAtChunk } from './cancel.ts';

/**
 * Parameters that keep a run short, for experiments whose defaults take seconds (the same-params
 * check runs twice). The others run with their defaults.
 */
const QUICK: Record<string, Record<string, string>> = {
  'balls.growth': { to: '5' },
  'supermarket.t': { n: '100', horizon: '200' },
  'supermarket.table': { horizon: '2000' },
  'herd.stale': { horizon: '400' },
};

const ids = Object.keys(registry);

function resolved(exp: Experiment, given: Record<string, string>): Params {
  const r = resolveParams(exp.params, given, exp.check?.bind(exp));
  if (!r.ok) throw new Error(`${exp.id}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.params;
}

const quiet = () => ({ progress: () => {}, signal: new AbortController().signal });

/** Values outside a parameter's bounds, from its spec. */
function outOfBounds(spec: ParamSpec): string[] {
  switch (spec.kind) {
    case 'int':
      return [String(spec.max + 1), ...(spec.min > 0 ? [String(spec.min - 1)] : []), 'abc', '1.5'];
    case 'number':
      return [String(spec.max * 2 + 1), ...(spec.min > 0 ? [String(spec.min / 2)] : []), 'x'];
    case 'choice':
      return ['no-such-option', ''];
    case 'int-list':
      return [String(spec.max + 1), ...(spec.min > 0 ? [String(spec.min - 1)] : []), Array.from({ length: spec.maxItems + 1 }, (_, i) => spec.min + i).join(','), 'a,b'];
    case 'text':
      return ['x'.repeat(spec.maxLength + 1), ...(spec.maxLines > 1 ? [Array.from({ length: spec.maxLines + 1 }, (_, i) => `l${i}`).join('\n')] : [])];
  }
}

/** Each experiment's output from its quick (or default) parameters, computed once for the file. */
const outputs = new Map<string, Promise<Output>>();
function outputOf(id: string): Promise<Output> {
  let o = outputs.get(id);
  if (!o) {
    const exp = registry[id];
    o = exp.run(resolved(exp, QUICK[id] ?? {}), quiet());
    outputs.set(id, o);
  }
  return o;
}

describe('the notebook contract, for every registered experiment', () => {
  it('the registry lists experiments under their own ids, each with parameters', () => {
    expect(ids.length).toBeGreaterThan(20);
    for (const [id, exp] of Object.entries(registry)) {
      expect(exp.id).toBe(id);
      expect(Object.keys(exp.params).length, id).toBeGreaterThan(0);
    }
    for (const id of Object.keys(QUICK)) expect(ids, `QUICK names ${id}`).toContain(id);
  });

  describe.each(ids)('%s', (id) => {
    const exp = registry[id];
    const params = Object.entries(exp.params);

    it('every parameter has a label and a help text in both locales; every option of a choice is named', () => {
      for (const locale of locales) {
        const own: Readonly<Record<string, string | undefined>> = ownCellStrings(locale, id);
        const strings = { ...sharedCellStrings(locale), ...own };
        for (const [name, spec] of params) {
          const label = own[`cell.${id}.param.${name}`];
          expect(label, `${locale}: cell.${id}.param.${name}`).toBeTruthy();
          const help = allowedMessage(spec, strings, locale);
          expect(help, `${locale}: help for ${name}`).toBeTruthy();
          expect(help, `${locale}: help for ${name} has an unfilled placeholder`).not.toMatch(/\{\w+\}|undefined|NaN/);
          if (spec.kind === 'choice') {
            for (const o of spec.options) expect(own[`cell.${id}.option.${o}`], `${locale}: cell.${id}.option.${o}`).toBeTruthy();
          }
        }
      }
    });

    it('every result key of a run has a label in both locales', async () => {
      const out = await outputOf(id);
      const keys = Object.keys(out.results);
      expect(keys.length).toBeGreaterThan(0);
      for (const locale of locales) {
        const strings = ownCellStrings(locale, id);
        for (const key of keys) {
          const label = resultLabel(key, id, strings, locale);
          expect(label, `${locale}: no label for result ${key}`).not.toBe(key);
          expect(label, `${locale}: label of ${key}`).not.toMatch(/\{\w+\}/);
        }
      }
    });

    it('enforces every bound: a value outside it is refused with a message that names the parameter and what is allowed', () => {
      expect(resolveParams(exp.params, {}, exp.check?.bind(exp)).ok, 'the defaults are accepted').toBe(true);
      for (const [name, spec] of params) {
        for (const bad of outOfBounds(spec)) {
          const r = resolveParams(exp.params, { [name]: bad }, exp.check?.bind(exp));
          expect(r.ok, `${name} = ${JSON.stringify(bad)} was accepted`).toBe(false);
          if (r.ok) continue;
          const mine = r.errors.find((e) => e.param === name);
          expect(mine, `${name} = ${JSON.stringify(bad)}: no error for ${name}`).toBeDefined();
          expect(mine!.message).toContain(name);
          expect(mine!.message.length).toBeGreaterThan(name.length + 10);
        }
        // The bounds themselves are allowed.
        if (spec.kind === 'int' || spec.kind === 'number') {
          for (const edge of [spec.min, spec.max]) {
            const r = resolveParams(exp.params, { [name]: String(edge) });
            expect(r.ok || r.errors.every((e) => e.param !== name), `${name} = ${edge} (a bound) was refused`).toBe(true);
          }
        }
      }
      // An inherited name is not a parameter.
      for (const name of ['constructor', 'toString', '__proto__']) {
        const r = resolveParams(exp.params, { [name]: '1' });
        expect(r.ok, name).toBe(false);
      }
    });

    it('same params give the same result, and the output is plain JSON', async () => {
      const first = await outputOf(id);
      const again = await exp.run(resolved(exp, QUICK[id] ?? {}), quiet());
      // Measured times, their notes (`timing`: the clock's step, the spread) and the data behind them vary by nature.
      const stable = (o: Output) => ({ ...o, results: Object.fromEntries(Object.entries(o.results).filter(([k]) => !(exp.timed?.(k) ?? false))), data: Object.keys(o.results).some((k) => exp.timed?.(k)) ? undefined : o.data, timing: undefined });
      expect(JSON.stringify(stable(again))).toBe(JSON.stringify(stable(first)));
      // JSON round trip loses nothing: no undefined, NaN, Infinity, typed array, Map or class instance.
      // (toEqual tells -0 from 0, as Object.is does; an absent `data` and an undefined one are alike.)
      expect(JSON.parse(JSON.stringify(first))).toEqual(first);
      const plain = (v: unknown, at: string): void => {
        if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
        if (typeof v === 'number') {
          expect(Number.isFinite(v), `${at} is ${v}`).toBe(true);
          return;
        }
        expect(typeof v === 'object', `${at} is a ${typeof v}`).toBe(true);
        const proto = Object.getPrototypeOf(v);
        expect(Array.isArray(v) || proto === Object.prototype || proto === null, `${at} is a ${(v as object).constructor?.name}`).toBe(true);
        for (const [k, x] of Object.entries(v as object)) plain(x, `${at}.${k}`);
      };
      plain(first.results, 'results');
      for (const [k, v] of Object.entries(first.results)) expect(['number', 'string'], `results.${k}`).toContain(typeof v);
      if (first.data !== undefined) plain(first.data, 'data');
      // A timing note is about a measured time of this run: a timed result key, with its clock and spread.
      for (const [k, note] of Object.entries(first.timing ?? {})) {
        expect(exp.timed?.(k) && Object.hasOwn(first.results, k), `timing.${k} is not a measured result of the run`).toBe(true);
        plain(note, `timing.${k}`);
        expect(note.step, `timing.${k}.step`).toBeGreaterThan(0);
        expect(note.samples, `timing.${k}.samples`).toBeGreaterThanOrEqual(2);
      }
    });

    const slow = SLOW[id];
    if (slow === null || slow === undefined) {
      it('an aborted signal before the run ends it with an AbortError or lets it finish (the experiment is instant)', async () => {
        const ac = new AbortController();
        ac.abort();
        await exp.run(resolved(exp, {}), { progress: () => {}, signal: ac.signal }).catch((e: Error) => expect(e.name).toBe('AbortError'));
      });
    } else {
      it(`cancel mid-run (${Object.entries(slow).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults'}) ends it at the next chunk with an AbortError`, async () => {
        const params = resolved(exp, slow);
        await expectCancelAtChunk((ctx) => exp.run(params, ctx));
      });
    }
  });
});
