/**
 * The language switch's link for the page at `here`: the other language's page (`base`) with this
 * page's query (a cell's parameters) and anchor, a heading's anchor turned into the other language's
 * id for that heading (`anchors`, from src/i18n/anchors.ts). The search's highlight terms stay
 * behind: they are this language's words.
 */
import { HIGHLIGHT_PARAM } from './search.ts';

export function switchTarget(base: string, here: string, anchors: Readonly<Record<string, string>>): string {
  const from = new URL(here);
  const query = new URLSearchParams(from.search);
  // The query as written (a cell's values keep their exact spelling), unless it carries highlight terms.
  let search = from.search;
  if (query.has(HIGHLIGHT_PARAM)) {
    query.delete(HIGHLIGHT_PARAM);
    search = query.size ? `?${query.toString()}` : '';
  }
  if (!search && !from.hash) return base;
  const u = new URL(base, from);
  u.search = search;
  let id = from.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // not percent-encoding after all: the anchor as written
  }
  u.hash = Object.hasOwn(anchors, id) ? anchors[id] : from.hash;
  return u.pathname + u.search + u.hash;
}
