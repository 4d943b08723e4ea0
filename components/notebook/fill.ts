import { formatParam } from '../../src/experiments/shared/params.ts';
import type { ParamSpec, ParamValue, ResultKind } from '../../src/experiments/shared/types.ts';
import { isMarker, tailText } from '../../src/i18n/josa.ts';
import { formatValue, type Words } from './render.ts';

/**
 * Captions as templates of their cell (the notebook contract, section 5): a caption names a
 * parameter or a result through <Fill>, which renders an empty `<span data-fill="param:n">`.
 * The build fills it from the cell's defaults and its build run; the page fills it again from
 * the reader's run. One function says what a slot shows, for both.
 */

/** `square`: the value squared (a 30 × 30 grid names 900 balls); `minus1`: one less (7 relays become 6). */
export type FillOp = 'square' | 'minus1';

export interface FillSource {
  params: Record<string, ParamValue>;
  specs: Record<string, ParamSpec>;
  results: Record<string, number | string>;
  kinds: Record<string, ResultKind>;
  locale: string;
  /** Option labels in the page's language: `cell.<experiment>.option.<value>`. */
  option?: (value: string) => string | undefined;
  /** The page's words for yes, no and none (`cell.yes` …). */
  words?: Words;
}

/** The text a slot shows, or undefined when the run has no such parameter or result. */
export function fillText(ref: string, op: string | undefined, src: FillSource): string | undefined {
  const colon = ref.indexOf(':');
  const what = ref.slice(0, colon);
  const name = ref.slice(colon + 1);
  if (what === 'result') {
    const value = Object.hasOwn(src.results, name) ? src.results[name] : undefined;
    return value === undefined ? undefined : formatValue(src.kinds[name] ?? 'decimal', value, src.locale, src.words);
  }
  if (what !== 'param' || !Object.hasOwn(src.params, name)) return undefined;
  const value = src.params[name];
  const spec = src.specs[name];
  if (typeof value === 'number') {
    const v = op === 'square' ? value * value : op === 'minus1' ? value - 1 : value;
    return formatValue(spec?.kind === 'number' ? 'decimal' : 'int', v, src.locale);
  }
  if (typeof value === 'string') return src.option?.(value) ?? value;
  return formatParam(value).split(',').join(', ');
}

const SLOT = /<span class="fill" data-fill="([a-z]+:[^"]+)"(?: data-op="([a-z0-9]+)")?(?: data-suffix="([^"]*)")?(?: data-josa="([^"]+)")?><\/span>/g;

/**
 * The HTML of what follows a value in the same word (Fill's, Value's and Claim's `suffix` and
 * `josa`): a `.tail` span that keeps the marker, and the suffix when there is a marker, so that a
 * live run can choose the particle again (follow.ts).
 */
export function tailHtml(shown: string, suffix: string | undefined, josa: string | undefined): string {
  const marker = josa !== undefined && isMarker(josa) ? josa : undefined;
  const text = tailText(shown, suffix, marker);
  if (text === '') return '';
  const attrs = marker ? ` data-josa="${escapeAttr(marker)}"${suffix ? ` data-suffix="${escapeAttr(suffix)}"` : ''}` : '';
  return `<span class="tail"${attrs}>${escapeHtml(text)}</span>`;
}

/** A caption's HTML (as the build renders it) with every empty slot filled. */
export function fillHtml(html: string, src: FillSource): string {
  return html.replace(SLOT, (_whole, ref: string, op: string | undefined, suffix: string | undefined, josa: string | undefined) => {
    const text = fillText(ref, op, src);
    if (text === undefined) throw new Error(`caption slot ${ref}: the cell has no such parameter or result`);
    const opAttr = op ? ` data-op="${op}"` : '';
    return `<span class="fill" data-fill="${ref}"${opAttr}>${escapeHtml(text)}${tailHtml(text, suffix && unescapeHtml(suffix), josa && unescapeHtml(josa))}</span>`;
  });
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const escapeAttr = (s: string) => escapeHtml(s).replace(/"/g, '&quot;');

function unescapeHtml(s: string): string {
  return s.replace(/&quot;|&#34;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
