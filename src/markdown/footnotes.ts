import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/**
 * GFM footnotes are labelled in English by remark-rehype, which has one option set for the
 * whole site; this puts the Korean chapters' footnote labels into Korean.
 */
export function rehypeLocalFootnotes() {
  return (tree: Root, file: VFile) => {
    if (/[\\/]content[\\/]en[\\/]/.test(file.path ?? '')) return;
    visit(tree, 'element', (el: Element) => {
      if (el.properties?.id === 'footnote-label') el.children = [{ type: 'text', value: '각주' }];
      const label = el.properties?.ariaLabel;
      if (typeof label === 'string' && label.startsWith('Back to reference')) {
        el.properties.ariaLabel = label.replace(/^Back to reference (.+)$/, '$1번 참조로 돌아가기');
      }
    });
  };
}
