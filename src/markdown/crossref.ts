import type { Link, Root, Text } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { leadingMarker, particle } from '../i18n/josa.ts';

/**
 * Numbered equations, figures and citations, which KaTeX and MDX do not give us:
 * - a display equation opened with `$$ eq:name` gets the next number as `\tag{n}` and the
 *   anchor `eq-name`;
 * - `<Cell label="fig:name">` and `<Figure label="fig:name">` get `number="n"` and the anchor
 *   `fig-name`;
 * - an empty link `[](#eq:name)`, `[](#fig:name)` or `[](#cite:key)` becomes "식 (2)" /
 *   "Eq. (2)", "그림 1" / "Figure 1", or "[3]", linking to its target. Citations are numbered
 *   by their order in the chapter's `references` front matter, so text and list agree.
 * An unknown label fails the build: a broken reference is a bug, not a warning.
 *
 * In Korean the particle after a reference depends on its number ("식 (1)을", "식 (3)으로"), so
 * authors write it as a marker right after the link, `[](#eq:name)(으)로` or `[](#fig:name)을(를)`
 * (see src/i18n/josa.ts), and it is chosen here from the text the reference renders; after a
 * citation, which is not read aloud, from the word before it.
 */
const words = {
  ko: { eq: (n: number) => `식 (${n})`, fig: (n: number) => `그림 ${n}` },
  en: { eq: (n: number) => `Eq. (${n})`, fig: (n: number) => `Figure ${n}` },
};

interface MathNode {
  type: 'math';
  meta?: string | null;
  value: string;
  data?: Record<string, unknown>;
}

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

/** Sets the (first) text node under the given hast children to `value`. */
function setText(nodes: HastLike[] | undefined, value: string): boolean {
  for (const node of nodes ?? []) {
    if (node.type === 'text') {
      node.value = value;
      return true;
    }
    if (setText(node.children, value)) return true;
  }
  return false;
}

export function remarkCrossref() {
  return (tree: Root, file: VFile) => {
    const locale = /[\\/]content[\\/]en[\\/]/.test(file.path ?? '') ? 'en' : 'ko';
    const eq = new Map<string, number>();
    const fig = new Map<string, number>();
    const frontmatter = (file.data.astro as { frontmatter?: { references?: string[] } } | undefined)?.frontmatter;
    const refs = frontmatter?.references ?? [];

    visit(tree, (node, index, parent) => {
      if (node.type === 'math') {
        const math = node as MathNode;
        const label = math.meta?.trim();
        if (!label?.startsWith('eq:') || !parent || index === undefined) return;
        const n = eq.size + 1;
        eq.set(label.slice(3), n);
        math.value = `${math.value}\n\\tag{${n}}`;
        // remark-math has already copied the TeX into the node's hast children (a text node inside
        // `<code class="language-math math-display">`); rehype-katex renders that copy, so the tag
        // must reach it too.
        setText(math.data?.hChildren as HastLike[] | undefined, math.value);
        // Wrap in an anchored block so the prose can link to it.
        parent.children[index] = {
          type: 'equationBlock',
          data: { hName: 'div', hProperties: { id: `eq-${label.slice(3)}`, className: ['equation'] } },
          children: [math],
        } as never;
        return;
      }
      if (node.type === 'mdxJsxFlowElement') {
        const el = node as MdxJsxFlowElement;
        if (el.name !== 'Cell' && el.name !== 'Figure') return;
        const label = el.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'label');
        if (!label || typeof label.value !== 'string' || !label.value.startsWith('fig:')) return;
        const n = fig.size + 1;
        fig.set(label.value.slice(4), n);
        el.attributes.push({ type: 'mdxJsxAttribute', name: 'number', value: String(n) });
      }
    });

    visit(tree, 'link', (link: Link, index, parent) => {
      const m = /^#(eq|fig|cite):(.+)$/.exec(link.url);
      if (!m) return;
      const [, kind, name] = m;
      let text: string;
      if (kind === 'cite') {
        const n = refs.indexOf(name) + 1;
        if (n === 0) file.fail(`citation "${name}" is not in this chapter's references`, link);
        text = `[${n}]`;
        link.url = `#ref-${name}`;
        link.data = { hProperties: { className: ['cite'] } };
      } else {
        const n = (kind === 'eq' ? eq : fig).get(name);
        if (n === undefined) file.fail(`no ${kind} labelled "${name}" in this chapter`, link);
        text = words[locale][kind as 'eq' | 'fig'](n!);
        link.url = `#${kind}-${name}`;
        link.data = { hProperties: { className: ['xref'] } };
      }
      if (link.children.length === 0) link.children = [{ type: 'text', value: text } as Text];
      const next = parent && index !== undefined ? parent.children[index + 1] : undefined;
      if (next?.type === 'text') {
        const marker = leadingMarker(next.value);
        // A citation is not read aloud: its particle follows the word before it ("HRW[5]는").
        const before = parent && index ? parent.children[index - 1] : undefined;
        const read = kind === 'cite' && before?.type === 'text' && before.value.trim() !== '' ? before.value : text;
        if (marker) next.value = particle(read, marker) + next.value.slice(marker.length);
      }
    });
  };
}
