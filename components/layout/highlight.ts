import { base as siteBase } from '../../src/i18n/paths.ts';
import { HIGHLIGHT_PARAM } from './search.ts';

/**
 * A page opened from a search result marks the words searched for: the result's link carries them
 * (`?highlight=가상&highlight=노드`, Pagefind's highlightParam) and Pagefind's own highlighter
 * (mark.js) wraps them in <mark class="search-hit"> inside the indexed text, leaving out what the
 * index leaves out (data-pagefind-ignore). Its script loads only on such a page.
 */
interface HighlightOptions {
  highlightParam: string;
  markContext: string | null;
  markOptions: { className: string; exclude: string[] };
  addStyles: boolean;
}
type PagefindHighlight = new (options: HighlightOptions) => unknown;

export async function markSearchTerms(): Promise<void> {
  if (!new URLSearchParams(location.search).has(HIGHLIGHT_PARAM)) return;
  const mod = (await import(/* @vite-ignore */ `${siteBase()}pagefind/pagefind-highlight.js`)) as { default: PagefindHighlight };
  new mod.default({
    highlightParam: HIGHLIGHT_PARAM,
    markContext: null, // the page's [data-pagefind-body]
    markOptions: { className: 'search-hit', exclude: ['[data-pagefind-ignore]', '[data-pagefind-ignore] *', '.katex-mathml', '.katex-mathml *'] },
    addStyles: false, // the stylesheet colours .search-hit in both themes
  });
}
