import { compile } from '@mdx-js/mdx';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { describe, expect, it } from 'vitest';
import { rehypeSearchMath } from '../../../src/markdown/search-math.ts';

const render = async (md: string, plugins = [rehypeKatex, rehypeSearchMath]) => String(await compile(md, { remarkPlugins: [remarkMath], rehypePlugins: plugins, development: false }));

describe('rehypeSearchMath', () => {
  it('leaves one copy of each formula for search, its text as it reads: the HTML copy and the TeX source are ignored', async () => {
    const out = await render('The spread is $1/\\sqrt{V}$.');
    // One ignored katex-html span and one ignored <annotation> (the TeX); the presentation tree is kept.
    expect(out.match(/"data-pagefind-ignore": ""/g)).toHaveLength(2);
    expect(out).toMatch(/className: "katex-html",\s*"aria-hidden": "true",\s*"data-pagefind-ignore": ""/);
    expect(out).toMatch(/_jsx\(_components\.annotation, \{\s*encoding: "application\/x-tex",\s*"data-pagefind-ignore": ""/);
    expect(out).not.toMatch(/_jsx\(_components\.mrow, \{\s*"data-pagefind-ignore"/);
    // Without the plugin nothing is ignored: the test can fail.
    expect(await render('The spread is $1/\\sqrt{V}$.', [rehypeKatex])).not.toContain('data-pagefind-ignore');
  });
});
