import { describe, expect, it } from 'vitest';
import { DEFAULTS, fieldsFor, formatSettings, linkedText, readSettings, viewSpecs } from '../../../components/flow/settings.ts';
import { paramErrorText } from '../../../components/notebook/messages.ts';
import { flowParams } from '../../../src/experiments/flow/flow-common.ts';
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
    for (const name of ['servers', 'load', 'choices', 'refresh', 'speeds', 'seed'] as const) {
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
});
