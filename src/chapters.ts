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
  ko: [
    { title: '대규모 ketama', summary: '서버당 점의 수와 부하 편차, 점 하나를 줄이는 메모리, 해시 충돌, 두 링을 나란히 두는 전환.' },
    { title: '부드러운 가중 라운드 로빈', summary: '가중치대로 나누면서도 한 서버에 요청이 몰리지 않게 순서를 짜는 방법.' },
  ],
  en: [
    { title: 'Ketama at scale', summary: 'Points per server and load spread, smaller points, hash collisions, and a two-ring migration.' },
    { title: 'Smooth weighted round robin', summary: 'Keeping each server’s share by weight without sending it requests in bursts.' },
  ],
};
