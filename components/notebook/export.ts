import { formatParam, sameValue } from '../../src/experiments/shared/params.ts';
import type { Output, ParamSpec, Params } from '../../src/experiments/shared/types.ts';

/**
 * Take it away (the notebook contract's `download`): the data behind a figure as CSV and JSON,
 * and the terminal line that reproduces the run. Pure, so the unit tests pin each format.
 */

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A table as CSV: a header row, then one line per row, raw numbers (not the page's formatting), CRLF-ended. */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [columns, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The JSON a download gives: the same shape as `npm run reproduce -- <id> --json` prints. */
export function toJson(id: string, params: Params, output: Output): string {
  return `${JSON.stringify({ id, params, results: output.results, data: output.data ?? null }, null, 2)}\n`;
}

/** A word for a POSIX shell: bare when it is safe, single-quoted otherwise. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_.,:/=+@%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npm run reproduce -- <id> --<param> <value> …` for these parameters: every one that is not the
 * experiment's own default (the terminal fills those in), in the spec's order.
 */
export function reproduceLine(id: string, params: Params, specs: Record<string, ParamSpec>): string {
  const parts = ['npm', 'run', 'reproduce', '--', id];
  for (const [name, spec] of Object.entries(specs)) {
    if (!Object.hasOwn(params, name) || sameValue(params[name], spec.default as Params[string])) continue;
    parts.push(`--${name}`, shellWord(formatParam(params[name])));
  }
  return parts.join(' ');
}
