import { compile } from '@mdx-js/mdx';
import type { Element, Root } from 'hast';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { describe, expect, it } from 'vitest';
import { rehypeRenderOnDemand } from '../../../src/markdown/render-on-demand.ts';

const render = async (md: string) => String(await compile(md, { remarkPlugins: [remarkMath], rehypePlugins: [rehypeRenderOnDemand, rehypeKatex], development: false }));
const chars = (out: string) => [...out.matchAll(/"--chars": "(\d+)"/g)].map((m) => Number(m[1]));

describe('rehypeRenderOnDemand', () => {
  it("gives each top-level paragraph and list its text's length, a formula counted as its TeX", async () => {
    const out = await render('Twelve chars\n\n- one\n- two\n\nWith $x^2$ math.\n\n> quoted\n> text');
    // "Twelve chars"; the list's "one", "two" and the newlines between its items; "With x^2 math."; the quote.
    expect(chars(out)).toEqual([12, 'one'.length + 'two'.length + 3, 'With x^2 math.'.length, 'quoted\ntext'.length + 2]);
  });

  it('leaves nested blocks, headings and components alone: only the top level is estimated', async () => {
    const out = await render('# Heading\n\n<Cell>\n\ninside a component\n\n</Cell>\n\n> nested paragraph');
    // The blockquote carries one length; neither its paragraph, the heading nor the component's paragraph does.
    expect(chars(out)).toHaveLength(1);
    expect(out).not.toMatch(/_components\.h1, \{\s*style/);
  });

  it("keeps a block's own style", () => {
    const p: Element = { type: 'element', tagName: 'p', properties: { style: 'color: red' }, children: [{ type: 'text', value: 'abc' }] };
    const tree: Root = { type: 'root', children: [p] };
    rehypeRenderOnDemand()(tree);
    expect(p.properties.style).toBe('color: red;--chars:3');
  });
});
