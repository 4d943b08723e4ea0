import { base as siteBase } from '../../src/i18n/paths.ts';

/**
 * The search dialog over Pagefind's per-language index. Pagefind's script is loaded on the
 * first search, not with the page; it picks the index matching <html lang>.
 */
interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string }; sub_results?: { url: string; title: string; excerpt: string }[] }>;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  debouncedSearch(q: string, o?: unknown, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | null = null;
const base = siteBase();

function load(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ `${base}pagefind/pagefind.js`) as Promise<Pagefind>).then(
    async (p) => {
      await p.options({ baseUrl: base });
      return p;
    },
    (e: unknown) => {
      pagefind = null; // try again on the next keystroke
      throw e;
    },
  );
  return pagefind;
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
        const section = item.sub_results?.find((r) => r.url.includes('#'));
        const a = document.createElement('a');
        a.href = section?.url ?? item.url;
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
