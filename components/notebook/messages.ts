import type { EntryFault, ParseResult } from '../../src/experiments/shared/params.ts';
import type { ParamSpec } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { koreanRoundCount } from '../../src/i18n/korean-count.ts';

/**
 * One clear message per bad value, in the page's language, naming the part that is wrong: which
 * entry of a list, which bound, how many lines. The field's hint keeps saying what is allowed, so
 * the message does not repeat it.
 */
export function paramErrorText(spec: ParamSpec, failure: Extract<ParseResult, { ok: false }>, s: Strings, locale: string): string {
  const at = failure.at ?? {};
  const plain = new Intl.NumberFormat(locale);
  const nf = (n: number) => (locale === 'ko' || locale.startsWith('ko-') ? koreanRoundCount(n) : plain.format(n));
  const bounds = 'min' in spec ? { min: nf(spec.min), max: nf(spec.max) } : { min: '', max: '' };
  const vars = { text: at.text ?? '', item: at.item ?? 0, first: at.first ?? 0, count: nf(at.count ?? 0), ...bounds };
  const inList = at.item !== undefined ? '.item' : '';
  // Several bad entries in a list: a sentence per kind of fault, naming every entry of that kind.
  if (at.entries && at.entries.length > 1) return entriesText(at.entries, vars, s, locale);
  switch (failure.reason) {
    case 'empty':
      return s['cell.error.empty'];
    case 'not-integer':
      return fill(s[`cell.error${inList}.not-integer`], vars);
    case 'not-number':
      return fill(s['cell.error.not-number'], vars);
    case 'out-of-range':
      return fill(s[`cell.error${inList}.${at.side ?? 'above'}`], vars);
    case 'duplicate':
      return fill(s['cell.error.item.duplicate'], vars);
    case 'not-allowed':
      return fill(s['cell.error.not-allowed'], { ...vars, options: spec.kind === 'choice' ? spec.options.join(', ') : '' });
    case 'too-many':
      return spec.kind === 'text'
        ? fill(s['cell.error.too-many-lines'], { ...vars, max: nf(spec.maxLines) })
        : fill(s['cell.error.too-many-items'], { ...vars, max: nf(spec.kind === 'int-list' ? spec.maxItems : 0) });
    case 'too-long':
      return fill(s['cell.error.too-long'], { ...vars, max: nf(spec.kind === 'text' ? spec.maxLength : 0) });
  }
}

/**
 * The bad entries of a list, grouped by what is wrong with them in the order they first occur:
 * one entry of a kind keeps its single message ("Entry 3, 9, is above …"); two or more of a kind
 * share one sentence that names them all ("Entries 2 and 4 (0, 0) are below …").
 */
function entriesText(entries: readonly EntryFault[], bounds: Record<string, string | number>, s: Strings, locale: string): string {
  const groups = new Map<string, EntryFault[]>();
  for (const e of entries) {
    const kind = e.reason === 'out-of-range' ? (e.side ?? 'above') : e.reason;
    groups.set(kind, [...(groups.get(kind) ?? []), e]);
  }
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return [...groups]
    .map(([kind, group]) => {
      const quoted = kind === 'not-integer';
      if (group.length === 1) return fill(s[`cell.error.item.${kind as 'not-integer' | 'below' | 'above' | 'duplicate'}`], { ...bounds, item: group[0].item, text: group[0].text, first: group[0].first ?? 0 });
      const items = list.format(group.map((e) => fill(s['cell.error.items.entry'], { item: e.item })));
      const texts = group.map((e) => (quoted ? `“${e.text}”` : e.text)).join(', ');
      return fill(s[`cell.error.items.${kind as 'not-integer' | 'below' | 'above' | 'duplicate'}`], { ...bounds, items, texts });
    })
    .join(' ');
}
