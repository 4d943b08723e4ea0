import type { ParseResult } from '../../src/experiments/params.ts';
import type { ParamSpec } from '../../src/experiments/types.ts';
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
