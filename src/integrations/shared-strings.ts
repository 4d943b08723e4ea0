/**
 * The strings every cell shares (buttons, states, field messages, checks), one module a locale:
 * `virtual:shared-strings/ko` and `virtual:shared-strings/en`, built from the dictionaries
 * (cell-strings.ts). The islands import the page's own (components/notebook/shared-strings.ts),
 * so a reader's browser fetches them once, as a hashed chunk cached across chapters, instead of
 * every chapter page carrying them (8.6 KB, 4.7 KB gzipped, of the Korean chapter 1's HTML).
 */
import type { Plugin } from 'vite';
import { sharedCellStrings } from '../i18n/cell-strings.ts';
import { locales, type Locale } from '../i18n/index.ts';

const PREFIX = 'virtual:shared-strings/';

export function sharedStrings(): Plugin {
  return {
    name: 'lb-shared-strings',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const locale = id.slice(PREFIX.length + 1);
      if (!(locales as readonly string[]).includes(locale)) throw new Error(`${id}: no such locale (${locales.join(', ')})`);
      return `export default ${JSON.stringify(sharedCellStrings(locale as Locale))};`;
    },
  };
}
