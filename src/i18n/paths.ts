import type { Locale } from './index.ts';

/** The site's base ('/' or '/lb/'), always with one trailing slash. */
export function base(): string {
  return import.meta.env.BASE_URL.replace(/\/?$/, '/');
}

/** A page's path: Korean at the root, English under en/, chapters by file name. */
export function pathFor(locale: Locale, slug?: string): string {
  return `${base()}${locale === 'en' ? 'en/' : ''}${slug ? `${slug}/` : ''}`;
}
