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
  ko: [{ title: 'MOLS 릴레이 라우팅과 랑데부 해싱', summary: '직교 라틴 방진으로 장애 조치를 흩는 설계를 다시 세우고, 랑데부 해싱과 정직하게 견준다.' }],
  en: [{ title: 'MOLS relay routing and rendezvous hashing', summary: 'A failover design built on orthogonal Latin squares, rebuilt and measured against rendezvous hashing.' }],
};
