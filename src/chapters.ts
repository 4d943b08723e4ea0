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
    { title: '일관된 해싱', summary: '노드가 하나 늘 때 mod-N은 키의 80%를 옮기고, 가상 노드 100개짜리 링은 21.6%를 옮긴다.' },
    { title: 'MOLS 릴레이 라우팅과 랑데부 해싱', summary: '직교 라틴 방진으로 장애 조치를 흩는 설계를 다시 세우고, 랑데부 해싱과 정직하게 견준다.' },
    { title: '대규모 ketama', summary: '서버당 점의 수와 부하 편차, 6바이트 점, 32비트 충돌, 두 링을 나란히 두는 전환.' },
    { title: '부드러운 가중 라운드 로빈', summary: '가중치 5/3/1의 순서를 한 단계씩 따라가며, 몰림 없이 비율을 지키는 방법.' },
  ],
  en: [
    { title: 'Consistent hashing', summary: 'Add one node: mod-N moves 80% of the keys, a ring with 100 virtual nodes moves 21.6%.' },
    { title: 'MOLS relay routing and rendezvous hashing', summary: 'A failover design built on orthogonal Latin squares, rebuilt and measured against rendezvous hashing.' },
    { title: 'Ketama at scale', summary: 'Points per server and load spread, 6-byte points, 32-bit collisions, and a two-ring migration.' },
    { title: 'Smooth weighted round robin', summary: 'The 5/3/1 trace step by step: keeping the proportions without bursts.' },
  ],
};
