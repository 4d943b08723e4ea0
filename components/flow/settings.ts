import { checkFlow, flowParams, trafficParams, type FlowParams } from '../../src/experiments/flow/flow-common.ts';
import { formatParam, parseParam, type ParseResult } from '../../src/experiments/shared/params.ts';
import type { CheckFailure, ParamSpec } from '../../src/experiments/shared/types.ts';
import { isPolicy, POLICIES, type Policy } from '../../src/lib/flow/policy.ts';
import { VIEW_REQUESTS, type ViewSettings } from '../../src/worker/flow-protocol.ts';

/**
 * The view's settings: ParamSpecs taken from flow.sim's and flow.compare's own (`flowParams`), so
 * the view accepts exactly the values a cell and `npm run reproduce` accept, read with the
 * notebook's `parseParam` and reported with its messages. Only the defaults are the view's (each
 * view's props). Pure, so tests can read it.
 */
export const VIEW_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

/** Requests in the build's run of a view's settings (flow-protocol.ts: the worker places a slow stretch by it too). */
export { VIEW_REQUESTS };

/** The panels' policy fields, in order: a view has two or three panels. */
export const PANEL_FIELDS = ['a', 'b', 'c'] as const;
export type PanelField = (typeof PANEL_FIELDS)[number];

export const SETTING_FIELDS = ['servers', 'load', 'choices', 'refresh', 'speeds', 'seed', 'slow', 'slowFactor', 'slowFrom', 'slowFor'] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
export type Field = PanelField | SettingField;

/** The slow stretch's fields: flow.compare's traffic settings the view plays (the others stay at their defaults). */
export const SLOW_FIELDS = ['slow', 'slowFactor', 'slowFrom', 'slowFor'] as const;
type SlowField = (typeof SLOW_FIELDS)[number];

/** No server slows down unless a view or a scene says so: flowParams' own defaults. */
const SLOW_DEFAULTS = { slow: trafficParams.slow.default, slowFactor: trafficParams.slowFactor.default, slowFrom: trafficParams.slowFrom.default, slowFor: trafficParams.slowFor.default } satisfies Pick<ViewSettings, SlowField>;

export const DEFAULTS: ViewSettings = { servers: 8, load: 0.9, choices: 2, refresh: 0, speeds: [1], seed: 1, ...SLOW_DEFAULTS, policies: ['random', 'p2c'] };

/** A panel's policy: one of the engine's. */
const policySpec = (d: Policy): ParamSpec => ({ kind: 'choice', default: d, options: POLICIES });

/** Every field's spec, its default the view's own (`base`), its bounds flowParams'. */
export function viewSpecs(base: ViewSettings): Record<Field, ParamSpec> {
  return {
    a: policySpec(base.policies[0] ?? DEFAULTS.policies[0]),
    b: policySpec(base.policies[1] ?? DEFAULTS.policies[1]),
    c: policySpec(base.policies[2] ?? 'jsq'),
    servers: { ...flowParams.servers, default: base.servers },
    load: { ...flowParams.load, default: base.load },
    choices: { ...flowParams.choices, default: base.choices },
    refresh: { ...flowParams.refresh, default: base.refresh },
    speeds: { ...flowParams.speeds, default: base.speeds },
    seed: { ...flowParams.seed, default: base.seed },
    slow: { ...flowParams.slow, default: base.slow },
    slowFactor: { ...flowParams.slowFactor, default: base.slowFactor },
    slowFrom: { ...flowParams.slowFrom, default: base.slowFrom },
    slowFor: { ...flowParams.slowFor, default: base.slowFor },
  };
}

/** The fields a view with this many panels shows. */
export const fieldsFor = (panels: number): readonly Field[] => [...PANEL_FIELDS.slice(0, panels), ...SETTING_FIELDS];

/** What is wrong with one field: a value its spec refuses, or flow.compare's own check on the whole. */
export type SettingError = { field: Field; failure: Extract<ParseResult, { ok: false }> } | { field: Field; check: CheckFailure };

/** The text form of each setting, by name: what the form shows and the URL carries. */
export function formatSettings(s: ViewSettings): Record<Field, string> {
  return {
    a: s.policies[0] ?? '',
    b: s.policies[1] ?? '',
    c: s.policies[2] ?? '',
    servers: formatParam(s.servers),
    load: formatParam(s.load),
    choices: formatParam(s.choices),
    refresh: formatParam(s.refresh),
    speeds: formatParam(s.speeds),
    seed: formatParam(s.seed),
    slow: formatParam(s.slow),
    slowFactor: formatParam(s.slowFactor),
    slowFrom: formatParam(s.slowFrom),
    slowFor: formatParam(s.slowFor),
  };
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/**
 * Reads every setting from text (missing ones keep `base`); returns the settings, or every field
 * that is not allowed with why. A base of two panels stays two: a URL or a form can change the
 * panels' policies, not their number.
 */
export function readSettings(text: Readonly<Partial<Record<string, string>>>, base: ViewSettings): { ok: true; settings: ViewSettings } | { ok: false; errors: SettingError[] } {
  const specs = viewSpecs(base);
  const errors: SettingError[] = [];
  const values = new Map<Field, unknown>();
  for (const field of fieldsFor(base.policies.length)) {
    const t = text[field];
    if (t === undefined) continue;
    const r = parseParam(specs[field], t);
    if (r.ok) values.set(field, r.value);
    else errors.push({ field, failure: r });
  }
  const policies = base.policies.map((p, k) => {
    const v = values.get(PANEL_FIELDS[k]);
    return typeof v === 'string' && isPolicy(v) ? v : p;
  });
  const speeds = values.get('speeds');
  const settings: ViewSettings = {
    servers: num(values.get('servers'), base.servers),
    load: num(values.get('load'), base.load),
    choices: num(values.get('choices'), base.choices),
    refresh: num(values.get('refresh'), base.refresh),
    seed: num(values.get('seed'), base.seed),
    slow: num(values.get('slow'), base.slow),
    slowFactor: num(values.get('slowFactor'), base.slowFactor),
    slowFrom: num(values.get('slowFrom'), base.slowFrom),
    slowFor: num(values.get('slowFor'), base.slowFor),
    speeds: Array.isArray(speeds) ? speeds.filter((x): x is number => typeof x === 'number') : base.speeds,
    policies,
  };
  if (errors.length > 0) return { ok: false, errors };
  // flow.compare's own check on the build's run of these settings (more speeds, or slow servers, than servers).
  const { policies: _, ...flow } = settings;
  // The view plays the default traffic but for its slow stretch (exponential work, unbounded queues).
  const traffic = Object.fromEntries(Object.entries(trafficParams).map(([k, spec]) => [k, spec.default])) as Pick<FlowParams, keyof typeof trafficParams>;
  const check = checkFlow({ ...traffic, ...flow, requests: VIEW_REQUESTS }, policies);
  if (check) return { ok: false, errors: [{ field: check.param === 'speeds' || check.param === 'slow' ? check.param : 'servers', check }] };
  return { ok: true, settings };
}

/** The view's settings from a query string: `<view id>.<field>=<value>`; only the fields it names. */
export function linkedText(params: URLSearchParams, id: string, fields: readonly Field[]): Partial<Record<Field, string>> {
  const text: Partial<Record<Field, string>> = {};
  for (const name of fields) {
    const v = params.get(`${id}.${name}`);
    if (v !== null) text[name] = v;
  }
  return text;
}

/** The query string (with its `?`, or empty) of `search` with the view's settings that differ from its own (`base`). */
export function settingsQuery(search: string, id: string, s: ViewSettings, base: ViewSettings): string {
  const params = new URLSearchParams(search);
  const now = formatSettings(s);
  const def = formatSettings(base);
  for (const name of fieldsFor(base.policies.length)) {
    const key = `${id}.${name}`;
    if (now[name] === def[name]) params.delete(key);
    else params.set(key, now[name]);
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}
