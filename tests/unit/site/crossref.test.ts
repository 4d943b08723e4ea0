import { compile } from '@mdx-js/mdx';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { remarkCrossref } from '../../../src/markdown/crossref.ts';

async function render(text: string, path: string, references: string[] = []) {
  const file = new VFile({ value: text, path });
  file.data.astro = { frontmatter: { references } };
  const out = await compile(file, { remarkPlugins: [remarkMath, remarkCrossref], rehypePlugins: [rehypeKatex], development: false });
  return String(out);
}

describe('remarkCrossref', () => {
  it('numbers display equations in order and links references to them, in the page’s language', async () => {
    const text = 'See [](#eq:b) and [](#eq:a).\n\n$$ eq:a\nx\n$$\n\n$$ eq:b\ny\n$$\n';
    const ko = await render(text, '/p/content/ko/c.mdx');
    expect(ko).toContain('식 (2)');
    expect(ko).toContain('식 (1)');
    expect(ko).toContain('"#eq-b"');
    expect(ko).toContain('"eq-a"');
    const en = await render(text, '/p/content/en/c.mdx');
    expect(en).toContain('Eq. (2)');
  });

  it('shows each numbered equation’s number beside it: KaTeX renders the \\tag, as (n)', async () => {
    const out = await render('$$ eq:a\nx\n$$\n\n$$ eq:b\ny = 2\n$$\n', '/p/content/en/c.mdx');
    // KaTeX draws a tag in its own span; its TeX annotation keeps the source with the tag.
    expect(out.match(/className: "tag"/g)).toHaveLength(2);
    expect(out).toContain('\\tag{1}');
    expect(out).toContain('\\tag{2}');
  });

  it('numbers citations by the chapter’s reference list and fails the build on an unknown one', async () => {
    const out = await render('As shown[](#cite:b).', '/p/content/en/c.mdx', ['a', 'b']);
    expect(out).toContain('[2]');
    expect(out).toContain('"#ref-b"');
    await expect(render('As shown[](#cite:zzz).', '/p/content/en/c.mdx', ['a'])).rejects.toThrow(/zzz/);
    await expect(render('See [](#eq:nope).', '/p/content/en/c.mdx')).rejects.toThrow(/nope/);
  });

  it('gives labelled cells a figure number that references use', async () => {
    const out = await render('<Cell label="fig:one" />\n\n<Cell label="fig:two" />\n\nSee [](#fig:two).', '/p/content/ko/c.mdx');
    expect(out).toContain('그림 2');
    expect(out).toMatch(/number: "2"/);
  });
});
