import { en } from './en.ts';
import { ko } from './ko.ts';
import { MARKER_SOURCE, particle, type Marker } from './josa.ts';
import { COUNTER, countBeforeCounter, koreanCount } from './korean-count.ts';

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

/**
 * A placeholder; `백만` right after it (a count in millions, as the experiments' checks give it);
 * the closing quotes or brackets after it; and a Korean particle marker (josa.ts).
 */
const PLACEHOLDER = new RegExp(`\\{(\\w+)\\}(백만)?([)\\]"'”’」』]*)(${MARKER_SOURCE})?`, 'g');

/**
 * Fills {name} placeholders. Used by pages at build time and by cells in the browser.
 * Three Korean rules: a count written `{millions}백만` is shown the way Korean counts, by 만 and 억
 * ("1,250만", not "12.5백만"); a count right before a counter (`{keys}개`) too, when it is a whole
 * number of 만 ("3만 개", not "30,000개"); and a particle written as a marker right after a placeholder
 * (`{M}은(는)`, `"{text}"을(를)`) becomes the form that fits the value filled in.
 */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(PLACEHOLDER, (m, name: string, millions: string | undefined, closers: string, marker: Marker | undefined, at: number) => {
    if (!(name in vars)) return m;
    const value = vars[name];
    // A count right before a Korean counter ("{keys}개") is written in 만 when it is a whole number of 만: "3만 개".
    const counted = !millions && !closers && !marker && COUNTER.test(template.slice(at + m.length));
    const raw = String(value);
    const shown = millions && Number.isFinite(Number(value)) ? koreanCount(Math.round(Number(value) * 1e6)) : counted ? countBeforeCounter(raw) : `${raw}${millions ?? ''}`;
    const text = shown + closers;
    return marker ? text + particle(text, marker) : text;
  });
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
