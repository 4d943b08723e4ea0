import { en } from './en.ts';
import { ko } from './ko.ts';

export const locales = ['ko', 'en'] as const;
export type Locale = (typeof locales)[number];
export type Key = keyof typeof ko;
/**
 * Strings as a page or a cell carries them: a subset of one locale's dictionary (see cell-strings.ts),
 * typed by the dictionary's keys so that a misspelt literal key does not compile. The subset always
 * holds the keys of the experiment and figure it was cut for.
 */
export type Strings = Readonly<Record<Key, string>>;

/** The keys under a prefix, without it: `KeysUnder<'fig.x.col.'>` is the figure's column names. */
export type KeysUnder<P extends string> = Key extends infer K ? (K extends `${P}${infer Rest}` ? Rest : never) : never;


const dictionaries: Record<Locale, Record<Key, string>> = { ko, en };

export function dictionary(locale: Locale): Record<Key, string> {
  return dictionaries[locale];
}

/** Fills {name} placeholders. Used by pages at build time and by cells in the browser. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function t(locale: Locale, key: Key, vars?: Record<string, string | number>): string {
  return fill(dictionaries[locale][key], vars);
}

/** The strings whose keys start with one of the prefixes: what a cell carries into the page. */
export function subset(locale: Locale, prefixes: string[]): Strings {
  const d = dictionaries[locale];
  return Object.fromEntries(Object.entries(d).filter(([k]) => prefixes.some((p) => k.startsWith(p)))) as Strings;
}

/** The page's locale from its path: English pages live under /en/ (after the base). */
export function localeOf(pathname: string, base: string): Locale {
  const rest = pathname.slice(base.replace(/\/$/, '').length);
  return rest === '/en' || rest.startsWith('/en/') ? 'en' : 'ko';
}
