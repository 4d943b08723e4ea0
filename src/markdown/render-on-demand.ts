import type { Element, ElementContent, Root } from 'hast';

/** The text a reader sees in a block, before KaTeX (a formula counts as its TeX, about its width). */
function textLength(node: ElementContent | Root): number {
  if (node.type === 'text') return node.value.length;
  if ('children' in node) return (node.children as ElementContent[]).reduce((sum, child) => sum + textLength(child), 0);
  return 0;
}

/** The kinds of a chapter's top-level blocks that are text alone (no cell, no live figure). */
const TEXT_BLOCKS = new Set(['p', 'ul', 'ol', 'blockquote']);

/**
 * Render on demand, the build's half: a chapter's text blocks are laid out and painted only when
 * they come near the viewport (`content-visibility: auto` in prose.css), and until then the
 * browser sizes each from an estimate. Each top-level paragraph and list carries its text's
 * length as `--chars`, from which the stylesheet estimates its lines at the reader's width, so
 * the page is about as long before as after and the scrollbar does not lie. Once a block has been
 * shown, the browser remembers its real size (`auto`).
 *
 * Only the MDX's own top-level blocks: a cell, a flow view or a figure is never skipped (each
 * measures and redraws itself for the width it is shown at).
 */
export function rehypeRenderOnDemand() {
  return (tree: Root) => {
    for (const node of tree.children) {
      if (node.type !== 'element' || !TEXT_BLOCKS.has(node.tagName)) continue;
      const el: Element = node;
      const chars = `--chars:${textLength(el)}`;
      const style = el.properties.style;
      el.properties.style = typeof style === 'string' && style.trim() ? `${style.replace(/;?\s*$/, ';')}${chars}` : chars;
    }
  };
}
