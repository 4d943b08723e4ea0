import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

const classes = (el: Element): string[] => {
  const c: unknown = el.properties?.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(' ') : [];
};

/**
 * KaTeX writes every formula twice, as HTML for the eye and as MathML for screen readers (whose
 * <annotation> holds the TeX source). Pagefind would index all three copies ("nnn", "1/V1/√V…"),
 * so the search index keeps only the TeX: the HTML copy and MathML's presentation tree are marked
 * `data-pagefind-ignore`. Nothing a reader or a screen reader gets changes.
 */
export function rehypeSearchMath() {
  return (tree: Root) => {
    visit(tree, 'element', (el: Element) => {
      if (el.tagName === 'span' && classes(el).includes('katex-html')) el.properties['dataPagefindIgnore'] = '';
      if (el.tagName === 'semantics') {
        for (const child of el.children) {
          if (child.type === 'element' && child.tagName !== 'annotation') child.properties['dataPagefindIgnore'] = '';
        }
      }
    });
  };
}
