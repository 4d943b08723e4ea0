import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { remarkCrossref } from '../../../src/markdown/crossref.ts';

/** The text a paragraph of a chapter renders, references numbered and particles chosen. */
function render(markdown: string, locale: 'ko' | 'en'): string[] {
  const file = new VFile({ path: `/site/content/${locale}/chapter.mdx`, value: markdown });
  file.data.astro = { frontmatter: { references: ['a', 'b', 'c'] } };
  const processor = unified().use(remarkParse).use(remarkMath).use(remarkMdx);
  const tree = processor.parse(file) as Root;
  remarkCrossref()(tree, file);
  const out: string[] = [];
  for (const node of tree.children) {
    if (node.type !== 'paragraph') continue;
    out.push(node.children.map((c) => ('value' in c ? c.value : 'children' in c ? c.children.map((d) => ('value' in d ? d.value : '')).join('') : '')).join(''));
  }
  return out;
}

/** Three numbered equations and ten figures, so that refs render 식 (1), 식 (3), 그림 4, 그림 10. */
const setup = [
  '$$ eq:one\nx\n$$', '$$ eq:two\ny\n$$', '$$ eq:three\nz\n$$',
  ...Array.from({ length: 10 }, (_, i) => `<Figure label="fig:f${i + 1}" />`),
].join('\n\n');

describe('cross-references choose the Korean particle after them', () => {
  const particles: [string, string, string, string, string][] = [
    // marker, after 식 (1), after 식 (3), after 그림 4, after 그림 10
    ['을(를)', '을', '을', '를', '을'],
    ['은(는)', '은', '은', '는', '은'],
    ['이(가)', '이', '이', '가', '이'],
    ['(으)로', '로', '으로', '로', '으로'],
    ['과(와)', '과', '과', '와', '과'],
  ];

  it.each(particles)('%s after 식 (1), 식 (3), 그림 4, 그림 10', (marker, one, three, four, ten) => {
    const refs = ['eq:one', 'eq:three', 'fig:f4', 'fig:f10'].map((r) => `[](#${r})${marker} 봅니다.`).join('\n\n');
    expect(render(`${setup}\n\n${refs}`, 'ko')).toEqual([
      `식 (1)${one} 봅니다.`,
      `식 (3)${three} 봅니다.`,
      `그림 4${four} 봅니다.`,
      `그림 10${ten} 봅니다.`,
    ]);
  });

  it('after a citation, which is not read aloud, follows the word before it', () => {
    expect(render('MD5 점[](#cite:c)(이)나 난수 점. 최고 무작위 가중치(HRW)[](#cite:a)은(는) 쌍마다. 링[](#cite:b)(으)로 갑니다.', 'ko')).toEqual([
      'MD5 점[3]이나 난수 점. 최고 무작위 가중치(HRW)[1]는 쌍마다. 링[2]으로 갑니다.',
    ]);
  });

  it('leaves text that is not a marker, and English references, alone', () => {
    const md = `$$ eq:one\nx\n$$\n\n[](#eq:one)의 값과 [](#eq:one)에서.\n\nsee [](#cite:b)(으)로`;
    expect(render(md, 'ko')).toEqual(['식 (1)의 값과 식 (1)에서.', 'see [2]로']);
    expect(render(`$$ eq:one\nx\n$$\n\nBy [](#eq:one), done.`, 'en')).toEqual(['By Eq. (1), done.']);
  });
});
