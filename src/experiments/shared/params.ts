import type { CheckCode, CheckFailure, ParamSpec, ParamValue, Params } from './types.ts';

/**
 * Parses and bounds-checks one parameter from its text form (a form control or a query string).
 * The messages are in English for the terminal; the page shows its own localised message built
 * from `reason` and the spec, so nothing here needs a dictionary.
 */
export type ParseResult =
  | { ok: true; value: ParamValue }
  | { ok: false; reason: 'not-integer' | 'not-number' | 'out-of-range' | 'not-allowed' | 'duplicate' | 'too-many' | 'too-long' | 'empty'; at?: ParseDetail };

/**
 * Which part of a value is wrong, so a message can name it: the entry of a list (1-based) and its
 * text, the bound it crosses, the entry it repeats, or how many entries, lines or characters.
 */
export interface ParseDetail {
  item?: number;
  text?: string;
  side?: 'below' | 'above';
  first?: number;
  count?: number;
  /** Every bad entry of a list, in order (the first is also `item`, `text`, …), so a message names them all. */
  entries?: EntryFault[];
}

/** One bad entry of a list: which (1-based), its text, and what is wrong with it. */
export interface EntryFault {
  item: number;
  text: string;
  reason: 'not-integer' | 'out-of-range' | 'duplicate';
  side?: 'below' | 'above';
  first?: number;
}

const side = (n: number, spec: { min: number }): 'below' | 'above' => (n < spec.min ? 'below' : 'above');

const INT = /^\s*\d[\d_ ,]*\s*$/;
const REAL = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/;

function parseInt10(text: string): number | null {
  // Readers type 1,000,000 or 1 000 000 or 1_000_000; all mean the same integer.
  if (!INT.test(text)) return null;
  const n = Number(text.replace(/[_ ,]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

export function parseParam(spec: ParamSpec, raw: string): ParseResult {
  // Text areas send CRLF; a URL may carry either.
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') return { ok: false, reason: 'empty' };
  switch (spec.kind) {
    case 'int': {
      const n = parseInt10(text);
      if (n === null) return { ok: false, reason: 'not-integer', at: { text } };
      if (n < spec.min || n > spec.max) return { ok: false, reason: 'out-of-range', at: { text, side: side(n, spec) } };
      return { ok: true, value: n };
    }
    case 'number': {
      // Plain decimals only ("0.95", ".5"): no exponents, no signs, no thousands separators.
      if (!REAL.test(text)) return { ok: false, reason: 'not-number', at: { text } };
      const x = Number(text);
      if (x < spec.min || x > spec.max) return { ok: false, reason: 'out-of-range', at: { text, side: side(x, spec) } };
      return { ok: true, value: x };
    }
    case 'choice':
      return spec.options.includes(text) ? { ok: true, value: text } : { ok: false, reason: 'not-allowed', at: { text } };
    case 'int-list': {
      const parts = text.split(/[\s,]+/).filter((p) => p !== '');
      if (parts.length === 0) return { ok: false, reason: 'empty' };
      if (parts.length > spec.maxItems) return { ok: false, reason: 'too-many', at: { count: parts.length } };
      const values: number[] = [];
      // Each good value and the entry it first appeared as; every bad entry, not only the first.
      const seen = new Map<number, number>();
      const faults: EntryFault[] = [];
      for (const [i, p] of parts.entries()) {
        const item = i + 1;
        const n = parseInt10(p);
        if (n === null) faults.push({ item, text: p, reason: 'not-integer' });
        else if (n < spec.min || n > spec.max) faults.push({ item, text: p, reason: 'out-of-range', side: side(n, spec) });
        else if (spec.distinct !== false && seen.has(n)) faults.push({ item, text: p, reason: 'duplicate', first: seen.get(n) });
        else {
          if (!seen.has(n)) seen.set(n, item);
          values.push(n);
        }
      }
      if (faults.length > 0) {
        const { reason, ...first } = faults[0];
        return { ok: false, reason, at: { ...first, entries: faults } };
      }
      return { ok: true, value: values };
    }
    case 'text': {
      if (text.length > spec.maxLength) return { ok: false, reason: 'too-long', at: { count: text.length } };
      if (text.split('\n').length > spec.maxLines) return { ok: false, reason: 'too-many', at: { count: text.split('\n').length } };
      return { ok: true, value: text };
    }
  }
}

/** The text form of a value: what a form control shows and what a URL carries. */
export function formatParam(value: ParamValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function sameValue(a: ParamValue, b: ParamValue): boolean {
  return formatParam(a) === formatParam(b);
}

export function defaults(specs: Record<string, ParamSpec>): Params {
  return Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, s.default]));
}

/** What is allowed, in words, for messages in the terminal and as the page's fallback. */
export function allowedText(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'int':
      return `an integer from ${spec.min} to ${spec.max}`;
    case 'number':
      return `a number from ${spec.min} to ${spec.max}`;
    case 'choice':
      return `one of ${spec.options.join(', ')}`;
    case 'int-list':
      return spec.distinct === false
        ? `up to ${spec.maxItems} integers from ${spec.min} to ${spec.max}, comma-separated`
        : `up to ${spec.maxItems} distinct integers from ${spec.min} to ${spec.max}, comma-separated`;
    case 'text':
      return spec.maxLines > 1
        ? `text of at most ${spec.maxLines} lines and ${spec.maxLength} characters`
        : `text of at most ${spec.maxLength} characters`;
  }
}

/** What a terminal message quotes: every bad entry of a list ("entries 2 (0) and 4 (x) are"), else the whole value. */
function badPart(at: ParseDetail | undefined, value: string): string {
  const entries = at?.entries ?? [];
  if (entries.length === 0) return `"${value}" is`;
  const named = entries.map((e) => `${e.item} (${e.text})`);
  return entries.length === 1 ? `entry ${named[0]} is` : `entries ${named.slice(0, -1).join(', ')} and ${named.at(-1)} are`;
}

export interface ParamError {
  param: string;
  reason: string;
  /** For a failed cross-parameter check: what the page localises. */
  code?: CheckCode;
  vars?: Record<string, number | string>;
  /** English, for the terminal; the page localises from `param`, `reason` and the spec. */
  message: string;
}

/**
 * Fills defaults, parses text values and bounds-checks every parameter, then runs the
 * experiment's cross-parameter check. Unknown parameter names are errors, not silently dropped.
 */
export function resolveParams(
  specs: Record<string, ParamSpec>,
  given: Record<string, string | ParamValue>,
  check?: (p: Params) => CheckFailure | null,
): { ok: true; params: Params } | { ok: false; errors: ParamError[] } {
  const params = defaults(specs);
  const errors: ParamError[] = [];
  for (const [name, value] of Object.entries(given)) {
    // Own properties only: `constructor` or `toString` is an unknown name like any other.
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) {
      errors.push({ param: name, reason: 'unknown', message: `unknown parameter "${name}"; known: ${Object.keys(specs).join(', ')}` });
      continue;
    }
    const parsed = parseParam(spec, typeof value === 'string' ? value : formatParam(value));
    if (parsed.ok) params[name] = parsed.value;
    else errors.push({ param: name, reason: parsed.reason, message: `${name}: ${badPart(parsed.at, formatParam(value))} not allowed; expected ${allowedText(spec)}` });
  }
  if (errors.length === 0 && check) {
    const bad = check(params);
    if (bad) errors.push({ param: bad.param, reason: 'check', code: bad.code, vars: bad.vars, message: bad.message });
  }
  return errors.length ? { ok: false, errors } : { ok: true, params };
}
