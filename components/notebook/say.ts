import type { Said, SayValue } from '../../src/experiments/shared/types.ts';
import { fill } from '../../src/i18n/index.ts';
import { MARKER_SOURCE } from '../../src/i18n/josa.ts';
import { countBeforeCounter, COUNTER } from '../../src/i18n/korean-count.ts';
import { fillText, type FillSource } from './fill.ts';

/**
 * Sentences over a run's values (the notebook contract, section 5), written with <Say>: the
 * experiment's `say` says which case of a sentence a run is and which values it names; the
 * dictionary holds each case's words (`cell.<experiment>.say.<sentence>.<case>`), with `{name}`
 * placeholders and particle markers after them. The build and the page render a sentence through
 * sayHtml, so a live run's sentence is written the way the build's is: a result named keeps its
 * raw value (`data-value`, as a <Value> does), and a case for a run whose value does not exist says
 * so in words instead of showing "—" or 0.
 */

/** The dictionary key of a sentence's case. */
export const sayKey = (experiment: string, sentence: string, which: string): string => `cell.${experiment}.say.${sentence}.${which}`;

const PLACEHOLDER = new RegExp(`\\{(\\w+)\\}([)\\]"'”’」』]*)(${MARKER_SOURCE})?`, 'g');

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeHtml(s).replace(/"/g, '&quot;');

/** The text one value of a sentence shows, or undefined when the run has no such result or parameter. */
function shownOf(v: SayValue, src: FillSource): string | undefined {
  if ('result' in v) return fillText(`result:${v.result}`, undefined, src);
  if ('param' in v) return fillText(`param:${v.param}`, undefined, src);
  if ('text' in v) return v.text;
  return fillText('result:count', undefined, { ...src, results: { count: v.count }, kinds: { count: 'int' } });
}

/**
 * A sentence's HTML for one run: its case's words with every placeholder filled, each named result
 * as `<span class="claim" data-measured data-value>` (outside a caption). Throws on a case without words or a value the
 * run does not have (the build stops there; the tests run every cell at other settings).
 */
export function sayHtml(
  experiment: string,
  sentence: string,
  said: Said,
  src: FillSource,
  strings: Readonly<Record<string, string | undefined>>,
  /** In a caption, whose slots are the cell's own words (no data-value): the values as plain text. */
  caption = false,
): string {
  const key = sayKey(experiment, sentence, said.case);
  const template = strings[key];
  if (template === undefined) throw new Error(`${key}: no words for this case`);
  let html = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const at = m.index;
    html += escapeHtml(template.slice(last, at));
    last = at + m[0].length;
    const name = m[1];
    const v = Object.hasOwn(said.vars, name) ? said.vars[name] : undefined;
    if (v === undefined) throw new Error(`${key}: {${name}} is not among the sentence's values`);
    let shown = shownOf(v, src);
    if (shown === undefined) throw new Error(`${key}: {${name}} names a value the run does not have`);
    // A count right before a Korean counter ("{keys}개") is written in 만 as fill() writes it.
    if (!m[2] && !m[3] && COUNTER.test(template.slice(last))) shown = countBeforeCounter(shown);
    const rest = fill(m[0], { [name]: shown }).slice(shown.length);
    const value = 'result' in v ? src.results[v.result] : undefined;
    if (value === undefined || caption) {
      html += escapeHtml(shown + rest);
      continue;
    }
    // What follows the number in the same word (a counter, a particle) goes inside its element, as
    // a <Value>'s tail does, so that no note comes between them; a particle alone keeps its marker.
    const word = /^[^\s,.;:!?()]*/u.exec(template.slice(last))![0];
    last += word.length;
    const tailText = rest + word;
    const marker = m[3] && !m[2] && word === '' ? ` data-josa="${escapeAttr(m[3])}"` : '';
    const tail = tailText === '' ? '' : `<span class="tail"${marker}>${escapeHtml(tailText)}</span>`;
    html += `<span class="claim" data-measured="${escapeAttr(`${experiment}:${(v as { result: string }).result}`)}" data-value="${escapeAttr(String(value))}">${escapeHtml(shown)}${tail}</span>`;
  }
  return html + escapeHtml(template.slice(last));
}
