import type { Heading, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** A node's text: its own value, or its children's joined (a heading's words, code and math as written). */
function textOf(node: unknown): string {
  const n = node as { value?: unknown; children?: unknown[] };
  if (typeof n.value === 'string') return n.value;
  return (n.children ?? []).map(textOf).join('');
}

/** Where a chapter first quotes a claim: the claim's id and the text of the section heading above it. */
export interface ClaimSection {
  id: string;
  heading: string | null;
}

/**
 * Records, in the chapter's order, each `<Claim id="…">` the first time it appears and the
 * heading (level 2 or 3) of the section it appears in, as the remark front matter
 * `claimSections`: the chapter's table of the article's numbers (ChapterClaims.astro) names and
 * links each claim's section from it.
 */
export function remarkClaimSections() {
  return (tree: Root, file: VFile) => {
    const seen = new Map<string, string | null>();
    let heading: string | null = null;
    visit(tree, (node) => {
      if (node.type === 'heading' && ((node as Heading).depth === 2 || (node as Heading).depth === 3)) heading = textOf(node);
      if (node.type !== 'mdxJsxTextElement' && node.type !== 'mdxJsxFlowElement') return;
      const el = node as MdxJsxTextElement | MdxJsxFlowElement;
      if (el.name !== 'Claim') return;
      const id = el.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
      if (typeof id === 'string' && !seen.has(id)) seen.set(id, heading);
    });
    const astro = ((file.data as { astro?: { frontmatter?: Record<string, unknown> } }).astro ??= {});
    (astro.frontmatter ??= {}).claimSections = [...seen].map(([id, h]): ClaimSection => ({ id, heading: h }));
  };
}
