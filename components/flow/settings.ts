import { isPolicy, POLICIES, type Policy } from '../../src/lib/flow/policy.ts';
import type { ViewSettings } from './protocol.ts';

/**
 * The view's settings: their bounds, their defaults, and how they are read from text (a form
 * control or the page's query string, as `<view id>.<name>=<value>`). Pure, so tests can read it.
 */
export const VIEW_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

export interface Bound {
  min: number;
  max: number;
  integer: boolean;
}

export const BOUNDS = {
  servers: { min: 1, max: 40, integer: true },
  load: { min: 0.05, max: 0.99, integer: false },
  choices: { min: 1, max: 8, integer: true },
  refresh: { min: 0, max: 100, integer: false },
  seed: { min: 0, max: 2 ** 31 - 1, integer: true },
} satisfies Record<string, Bound>;

export const SPEED_BOUND: Bound = { min: 1, max: 10, integer: true };

/**
 * Requests in the build's run of a view's settings (flow.compare): the numbers its HTML carries.
 * Prose that quotes them names the same run.
 */
export const VIEW_REQUESTS = 20_000;

/** The panels' policy fields, in order: a view has two or three panels. */
export const PANEL_FIELDS = ['a', 'b', 'c'] as const;
export type PanelField = (typeof PANEL_FIELDS)[number];

export const DEFAULTS: ViewSettings = { servers: 8, load: 0.9, choices: 2, refresh: 0, speeds: [1], seed: 1, policies: ['random', 'p2c'] };

/** Parses one setting's text; null when it is not allowed. */
export function parseNumber(text: string, b: Bound): number | null {
  const t = text.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const v = Number(t);
  if (b.integer && !Number.isInteger(v)) return null;
  return v >= b.min && v <= b.max ? v : null;
}

export function parseSpeeds(text: string, servers: number): number[] | null {
  const parts = text.split(/[\s,]+/).filter((s) => s !== '');
  if (parts.length === 0 || parts.length > servers) return null;
  const out: number[] = [];
  for (const p of parts) {
    const v = parseNumber(p, SPEED_BOUND);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

export function parsePolicy(text: string): Policy | null {
  const t = text.trim();
  return isPolicy(t) ? t : null;
}

/** The text form of each setting, by name: what the form shows and the URL carries. */
export function formatSettings(s: ViewSettings): Record<string, string> {
  const panels = Object.fromEntries(s.policies.map((p, k) => [PANEL_FIELDS[k], p]));
  return {
    ...panels,
    servers: String(s.servers),
    load: String(s.load),
    choices: String(s.choices),
    refresh: String(s.refresh),
    speeds: s.speeds.join(','),
    seed: String(s.seed),
  };
}

/**
 * Reads every setting from text (missing ones keep `base`); returns the settings, or the names
 * that are not allowed.
 */
export function readSettings(text: Readonly<Record<string, string | undefined>>, base: ViewSettings): { ok: true; settings: ViewSettings } | { ok: false; bad: string[] } {
  const bad: string[] = [];
  const num = (name: keyof typeof BOUNDS, fallback: number): number => {
    const t = text[name];
    if (t === undefined) return fallback;
    const v = parseNumber(t, BOUNDS[name]);
    if (v === null) bad.push(name);
    return v ?? fallback;
  };
  const pol = (name: PanelField, fallback: Policy): Policy => {
    const t = text[name];
    if (t === undefined) return fallback;
    const v = parsePolicy(t);
    if (v === null) bad.push(name);
    return v ?? fallback;
  };
  const servers = num('servers', base.servers);
  const settings: ViewSettings = {
    servers,
    load: num('load', base.load),
    choices: num('choices', base.choices),
    refresh: num('refresh', base.refresh),
    seed: num('seed', base.seed),
    speeds: base.speeds,
    // As many panels as the base has: a URL or a form can change their policies, not their number.
    policies: base.policies.map((p, k) => pol(PANEL_FIELDS[k], p)),
  };
  const speedsText = text.speeds ?? base.speeds.join(',');
  const speeds = parseSpeeds(speedsText, servers);
  if (speeds === null) bad.push('speeds');
  else settings.speeds = speeds;
  return bad.length ? { ok: false, bad } : { ok: true, settings };
}

export function allowedText(name: string): string {
  if ((PANEL_FIELDS as readonly string[]).includes(name)) return POLICIES.join(', ');
  if (name === 'speeds') return `${SPEED_BOUND.min}–${SPEED_BOUND.max}, ≤ servers`;
  const b = BOUNDS[name as keyof typeof BOUNDS];
  return `${b.min}–${b.max}`;
}
