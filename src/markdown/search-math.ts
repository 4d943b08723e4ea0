import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

const classes = (el: Element): string[] => {
  const c: unknown = el.properties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(' ') : [];
};

/**
 * KaTeX writes every formula twice, as HTML for the eye and as MathML for screen readers (whose
 * <annotation> holds the TeX source). Pagefind would index all three copies ("nnn", then
 * "\frac{1}{\sqrt{V}}" beside the symbols), so the search index keeps only the formula's text as
 * it reads (MathML's presentation tree: "1/V", "λ", "d≥2"): the HTML copy and the TeX source are
 * marked `data-pagefind-ignore`. A search never answers with a backslash command, and nothing a
 * reader or a screen reader gets changes.
 */
export function rehypeSearchMath() {
  return (tree: Root) => {
    visit(tree, 'element', (el: Element) => {
      if (el.tagName === 'span' && classes(el).includes('katex-html')) el.properties['dataPagefindIgnore'] = '';
      if (el.tagName === 'annotation') el.properties['dataPagefindIgnore'] = '';
    });
  };
}
