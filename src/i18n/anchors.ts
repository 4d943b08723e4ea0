/**
 * The language switch keeps the reader's place: a chapter's headings are the same sections in
 * both languages, in the same order and at the same depths, but their ids are slugs of their
 * words (`#가상-노드`, `#virtual-nodes`). This pairs them by position, so the switch link can carry
 * `#가상-노드` over as `#virtual-nodes` and back.
 */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

/**
 * The other language's id for each of this page's heading ids that differs from it (ids shared by
 * both, such as `further-reading` or a figure's, need no entry). Throws, naming the first heading
 * that differs, when the two outlines do not match: the two languages of a chapter move together.
 */
export function headingAnchors(own: readonly Heading[], other: readonly Heading[], where: string): Record<string, string> {
  const outline = (hs: readonly Heading[]) => hs.filter((h) => h.depth >= 2);
  const a = outline(own);
  const b = outline(other);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i]?.depth !== b[i]?.depth) {
      const say = (h: Heading | undefined) => (h ? `h${h.depth} "${h.text}"` : 'nothing');
      throw new Error(`${where}: the two languages' headings differ at heading ${i + 1}: ${say(a[i])} here, ${say(b[i])} in the other language. A chapter has the same sections, at the same depths, in both languages (the language switch keeps the reader's section by their order).`);
    }
  }
  const map: Record<string, string> = {};
  a.forEach((h, i) => {
    if (h.slug !== b[i].slug) map[h.slug] = b[i].slug;
  });
  return map;
}
