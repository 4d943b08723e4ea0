import { base as siteBase } from '../../src/i18n/paths.ts';

/**
 * The search dialog over Pagefind's per-language index. Pagefind's script is loaded on the
 * first search, not with the page; it picks the index matching <html lang>.
 */
interface SubResult {
  url: string;
  title: string;
  excerpt: string;
  /** Each matched word with its weight (a heading's words weigh more) and Pagefind's score. */
  weighted_locations?: { weight: number; balanced_score: number }[];
}
interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string }; sub_results?: SubResult[] }>;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  debouncedSearch(q: string, o?: unknown, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | null = null;
/** The query parameter a result's link carries its search terms in, for the page to mark them (highlight.ts). */
export const HIGHLIGHT_PARAM = 'highlight';

/**
 * The section of a page a result opens: the one whose matches score highest (a match in its
 * heading weighs most), not the first in the page's order. Pagefind lists a page's sections in
 * document order, so "가상 노드" would otherwise open "링", the first section that says 노드.
 */
export function bestSection(subs: readonly SubResult[]): SubResult | undefined {
  let best: SubResult | undefined;
  let bestScore = -1;
  for (const sub of subs) {
    if (!sub.url.includes('#')) continue;
    const score = (sub.weighted_locations ?? []).reduce((sum, w) => sum + w.balanced_score, 0);
    if (score > bestScore) {
      best = sub;
      bestScore = score;
    }
  }
  return best;
}

function load(): Promise<Pagefind> {
  // The base is read when the index is first loaded, not on import (lang-switch.ts imports this
  // module's HIGHLIGHT_PARAM, and the browser tests import lang-switch.ts outside Vite).
  const base = siteBase();
  pagefind ??= (import(/* @vite-ignore */ `${base}pagefind/pagefind.js`) as Promise<Pagefind>).then(
    async (p) => {
      await p.options({ baseUrl: base, highlightParam: HIGHLIGHT_PARAM });
      return p;
    },
    (e: unknown) => {
      pagefind = null; // try again on the next keystroke
      throw e;
    },
  );
  return pagefind;
}

/**
 * A result's link with its search terms as the page writes them: Pagefind hands the terms back
 * decomposed (NFD: Hangul as separate jamo, "가상" as ᄀ ᅡ ᄉ ᅡ ᆼ), which match nothing in the page's
 * composed (NFC) text, so the page could not mark them.
 */
export function landingHref(href: string): string {
  const u = new URL(href, location.href);
  const terms = u.searchParams.getAll(HIGHLIGHT_PARAM);
  if (!terms.length) return href;
  u.searchParams.delete(HIGHLIGHT_PARAM);
  for (const term of terms) u.searchParams.append(HIGHLIGHT_PARAM, term.normalize('NFC'));
  return u.origin === location.origin ? u.pathname + u.search + u.hash : u.href;
}

let wired = false;

export function openSearch(dialog: HTMLDialogElement): void {
  dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('input')!;
  input.focus();
  if (wired) return;
  wired = true;
  const status = dialog.querySelector<HTMLElement>('.search-status')!;
  const list = dialog.querySelector<HTMLOListElement>('.search-results')!;
  const strings = JSON.parse(dialog.dataset.strings!) as { none: string; loading: string; count: string; failed: string };
  input.addEventListener('input', async () => {
    const q = input.value.trim();
    if (!q) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    status.textContent = strings.loading;
    let search: Awaited<ReturnType<Pagefind['debouncedSearch']>>;
    try {
      search = await (await load()).debouncedSearch(q, {}, 200);
    } catch {
      status.textContent = strings.failed;
      return;
    }
    if (search === null) return; // superseded by a newer keystroke
    const items = await Promise.all(search.results.slice(0, 8).map((r) => r.data()));
    status.textContent = items.length ? strings.count.replace('{n}', String(search.results.length)) : strings.none;
    list.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement('li');
        // The best-matching section of the page, when Pagefind found one under a heading.
        const section = bestSection(item.sub_results ?? []);
        const a = document.createElement('a');
        a.href = landingHref(section?.url ?? item.url);
        a.textContent = section && section.title !== item.meta.title ? `${item.meta.title ?? ''} › ${section.title}` : (item.meta.title ?? item.url);
        const p = document.createElement('p');
        // Pagefind's excerpt is our own page text with <mark> around the hits.
        p.innerHTML = section?.excerpt ?? item.excerpt;
        li.append(a, p);
        return li;
      }),
    );
  });
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
}
