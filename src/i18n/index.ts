import { en } from './en.ts';
import { ko } from './ko.ts';

export const locales = ['ko', 'en'] as const;
export type Locale = (typeof locales)[number];
export type Key = keyof typeof ko;
export type Strings = Record<string, string>;

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
  return Object.fromEntries(Object.entries(d).filter(([k]) => prefixes.some((p) => k.startsWith(p))));
}

/** The page's locale from its path: English pages live under /en/ (after the base). */
export function localeOf(pathname: string, base: string): Locale {
  const rest = pathname.slice(base.replace(/\/$/, '').length);
  return rest === '/en' || rest.startsWith('/en/') ? 'en' : 'ko';
}
