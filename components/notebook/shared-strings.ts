import type { Strings } from '../../src/i18n/index.ts';

/**
 * The strings every cell shares, in the page's language: a chunk of their own
 * (src/integrations/shared-strings.ts), imported beside an island's code when it hydrates.
 */
export const sharedStrings = (): Promise<Strings> =>
  (document.documentElement.lang.startsWith('ko') ? import('virtual:shared-strings/ko') : import('virtual:shared-strings/en')).then((m) => m.default);
