import { describe, expect, it } from 'vitest';
import { DEFAULTS, fieldsFor, formatSettings, linkedText, readSettings, SLOW_FIELDS, VIEW_REQUESTS, viewSpecs } from '../../../components/flow/settings.ts';
import { paramErrorText } from '../../../components/notebook/messages.ts';
import { flowOptions, flowParams, type FlowParams } from '../../../src/experiments/flow/flow-common.ts';
import { slowWindow } from '../../../src/lib/flow/index.ts';
import { dictionary, fill } from '../../../src/i18n/index.ts';
import type { Policy } from '../../../src/lib/flow/policy.ts';

const refused = (text: Record<string, string>) => {
  const r = readSettings(text, DEFAULTS);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(text)}`);
  return r.errors;
};

describe('the flow view’s settings', () => {
  it('have flowParams’ bounds, field for field (only the defaults are the view’s)', () => {
    const specs = viewSpecs(DEFAULTS);
    for (const name of ['servers', 'load', 'choices', 'refresh', 'speeds', 'seed', 'slow', 'slowFactor', 'slowFrom', 'slowFor'] as const) {
      const { default: _, ...bounds } = specs[name];
      const { default: __, ...theirs } = flowParams[name];
      expect(bounds, name).toEqual(theirs);
    }
    expect(specs.servers.default).toBe(DEFAULTS.servers);
  });

  it('accept what flow.compare accepts at its edges: 1000 servers, speeds of 100, seed 2^53 − 1', () => {
    const r = readSettings({ servers: '1000', speeds: '100,1', seed: String(Number.MAX_SAFE_INTEGER) }, DEFAULTS);
    expect(r.ok && r.settings).toMatchObject({ servers: 1000, speeds: [100, 1], seed: Number.MAX_SAFE_INTEGER });
  });

  it('refuse servers=0 with the cells’ own message, in both locales', () => {
    const errors = refused({ servers: '0' });
    expect(errors.map((e) => e.field)).toEqual(['servers']);
    const e = errors[0];
    if (!('failure' in e)) throw new Error('expected a parse failure');
    expect(e.failure.reason).toBe('out-of-range');
    expect(paramErrorText(viewSpecs(DEFAULTS).servers, e.failure, dictionary('en'), 'en')).toBe('0 is below the smallest allowed value, 1.');
    expect(paramErrorText(viewSpecs(DEFAULTS).servers, e.failure, dictionary('ko'), 'ko')).toContain('1');
  });

  it('refuse every bad field at once, and never fall back to a default', () => {
    expect(refused({ servers: '1001', load: '1.5', a: 'fastest', speeds: '0', seed: 'x' }).map((e) => e.field)).toEqual(['a', 'servers', 'load', 'speeds', 'seed']);
  });

  it('refuse more speeds than servers with flow.compare’s own check (its code, so its message)', () => {
    const [e] = refused({ servers: '2', speeds: '1,2,3' });
    if (!('check' in e)) throw new Error('expected the check');
    expect(e.field).toBe('speeds');
    expect(e.check.code).toBe('flow-speeds-gt-servers');
    expect(fill(dictionary('en')[`cell.check.${e.check.code}`], e.check.vars)).toBe('3 speeds for 2 servers: give at most one speed per server (the list repeats across the servers).');
  });

  it('read the URL’s and the form’s text; the text read back gives the same settings', () => {
    expect(readSettings({}, DEFAULTS)).toEqual({ ok: true, settings: DEFAULTS });
    const r = readSettings({ a: 'jsq', servers: '12', refresh: '2.5', speeds: '1,2' }, DEFAULTS);
    expect(r).toEqual({ ok: true, settings: { ...DEFAULTS, servers: 12, refresh: 2.5, speeds: [1, 2], policies: ['jsq', 'p2c'] } });
    expect(readSettings({ constructor: '1' }, DEFAULTS).ok).toBe(true);
    const three = { ...DEFAULTS, servers: 3, speeds: [5, 3, 1], policies: ['rr', 'swrr', 'p2c'] as Policy[] };
    expect(formatSettings(three)).toMatchObject({ a: 'rr', b: 'swrr', c: 'p2c', speeds: '5,3,1' });
    expect(readSettings(formatSettings(three), three)).toEqual({ ok: true, settings: three });
    expect(readSettings({ c: 'jsq' }, three)).toEqual({ ok: true, settings: { ...three, policies: ['rr', 'swrr', 'jsq'] } });
    expect(readSettings({ c: 'least' }, DEFAULTS).ok).toBe(true);
    expect(readSettings({ c: 'least' }, three).ok).toBe(false);
  });

  it('keep the panels’ number: a link may change a policy, not add a panel', () => {
    const r = readSettings({ a: 'jsq', c: 'rr' }, DEFAULTS);
    expect(r.ok && r.settings.policies).toEqual(['jsq', 'p2c']);
  });

  it('read a link’s own fields by the view’s id, and write back the text they were read from', () => {
    const params = new URLSearchParams('v.servers=12&v.speeds=1,2&other.servers=3&v.constructor=1');
    const text = linkedText(params, 'v', fieldsFor(2));
    expect(text).toEqual({ servers: '12', speeds: '1,2' });
    const r = readSettings(text, DEFAULTS);
    expect(r.ok && formatSettings(r.settings)).toMatchObject({ servers: '12', speeds: '1,2', load: '0.9' });
  });

  it('carry flow.compare’s slow stretch (slow, slowFactor, slowFrom, slowFor), off by default: the view’s own run stays the one it was', () => {
    expect(SLOW_FIELDS.every((f) => fieldsFor(2).includes(f))).toBe(true);
    for (const f of SLOW_FIELDS) expect(DEFAULTS[f], f).toBe(flowParams[f].default);
    expect(DEFAULTS.slow).toBe(0);
    const r = readSettings({ slow: '1', slowFactor: '10', slowFrom: '0' }, DEFAULTS);
    expect(r).toEqual({ ok: true, settings: { ...DEFAULTS, slow: 1, slowFactor: 10, slowFrom: 0 } });
    expect(r.ok && formatSettings(r.settings)).toMatchObject({ slow: '1', slowFactor: '10', slowFrom: '0', slowFor: '0.3' });
  });

  it('refuse a slow stretch flow.compare refuses, with its messages: out of bounds, and more slow servers than servers (its check, on the slow field)', () => {
    expect(refused({ slow: '1001', slowFactor: '0.5', slowFrom: '2', slowFor: '-1' }).map((e) => e.field)).toEqual(['slow', 'slowFactor', 'slowFrom', 'slowFor']);
    const [f] = refused({ slowFactor: '101' });
    if (!('failure' in f)) throw new Error('expected a parse failure');
    expect(paramErrorText(viewSpecs(DEFAULTS).slowFactor, f.failure, dictionary('en'), 'en')).toBe('101 is above the largest allowed value, 100.');
    const [e] = refused({ slow: '9' });
    if (!('check' in e)) throw new Error('expected the check');
    expect(e.field).toBe('slow');
    expect(e.check.code).toBe('flow-slow-gt-servers');
    for (const locale of ['en', 'ko'] as const) expect(dictionary(locale)[`cell.check.${e.check.code}`]).toBeTruthy();
  });

  it('place the stretch where the build’s run of the same settings has it (flowOptions over VIEW_REQUESTS), so the animation plays that run', () => {
    const { policies: _, ...p } = { ...DEFAULTS, speeds: [5, 3, 1], servers: 3, load: 0.7, slow: 1, slowFactor: 10, slowFrom: 0.1, slowFor: 0.3 };
    const params: FlowParams = { ...p, service: 'exp', cv: 1, capacity: 0, decay: 10, requests: VIEW_REQUESTS };
    const o = flowOptions(params, 'p2c');
    expect(slowWindow(p.servers, p.speeds, p.load, VIEW_REQUESTS, p.slowFrom, p.slowFor)).toEqual({ slowFrom: o.slowFrom, slowTo: o.slowTo });
    expect(o.slowTo! - o.slowFrom!).toBeCloseTo((0.3 * VIEW_REQUESTS) / (0.7 * 9), 9);
  });
});
