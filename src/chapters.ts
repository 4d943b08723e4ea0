import { getCollection, type CollectionEntry } from 'astro:content';
import type { Locale } from './i18n/index.ts';

export type Chapter = CollectionEntry<'chapters'>;

/** The file name, which is the chapter's slug in both locales. */
export function slugOf(entry: Chapter): string {
  return entry.id.split('/').pop()!;
}

/** One locale's chapters in reading order. */
export async function chaptersIn(locale: Locale): Promise<Chapter[]> {
  const all = await getCollection('chapters', (e) => e.id.startsWith(`${locale}/`));
  return all.sort((a, b) => a.data.order - b.data.order);
}

/** Chapters planned but not yet written: listed on the home page without a link. */
export const planned: Record<Locale, { title: string; summary: string }[]> = {
  ko: [],
  en: [],
};
