import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ko } from '../../../src/i18n/ko.ts';

/**
 * One register where a reader reads: the Korean chapters, their summaries, captions and aria
 * strings end their sentences in 합니다체 (…니다, …세요, …요), never in 한다체 (…한다, …이다,
 * …는가, …하라). A heuristic over sentence endings: quotations, code, math and tags are left out
 * first, and a sentence that ends in a noun (a caption's label, a table cell) is fine.
 */

/** A sentence ending in 한다체: 다 not after 니 (…한다, …이다, …었다), a bookish question or imperative. */
const HANDA = [/(?<!니)다$/, /[는은]가$/, /[을ㄹ]까$/, /(?:보|하|주|세|오)라$/, /느냐$/];
/** Words that end in 다 but are not verbs: a short allow-list. */
const ALLOWED = [/시다$/, /람다$/, /판다$/, /바다$/, /더 나아가다$/];

/** The prose of one line, quotations, code, math, tags and references taken out. */
function prose(line: string): string {
  return line
    .replace(/`[^`]*`/g, ' ')
    .replace(/\$[^$]*\$/g, ' X ')
    .replace(/<[A-Z][^>]*\/>/g, ' X ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/“[^”]*”|‘[^’]*’|"[^"]*"|'[^']*'/g, ' X ')
    .replace(/\[\]\(#[^)]*\)/g, ' X ')
    .replace(/\[\^[^\]]*\]/g, '')
    .replace(/\*\*|__|\*/g, '');
}

/** The sentences of a text that end in 한다체, each with its line. */
export function handaEndings(text: string): { line: number; sentence: string }[] {
  const found: { line: number; sentence: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    for (const part of prose(raw).split(/(?<=[.!?;])\s+|\s*\|\s*|:\s+/)) {
      // The end of the sentence: closing marks and a trailing parenthesis are not its ending.
      const end = part.trim().replace(/\s*\([^()]*\)\s*[.!?;]?$/, '').replace(/[\s.!?;:,…)\]}>-]+$/, '');
      if (end === '' || !/[\uac00-\ud7a3]$/.test(end)) continue;
      if (ALLOWED.some((a) => a.test(end))) continue;
      if (HANDA.some((h) => h.test(end))) found.push({ line: i + 1, sentence: part.trim().slice(-60) });
    }
  });
  return found;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const chapters = readdirSync(`${root}content/ko`).filter((f) => f.endsWith('.mdx')).sort();

/** A chapter without its code blocks and display math, which are not prose; lines keep their numbers. */
function chapterProse(text: string): string {
  let inBlock = false;
  return text
    .split('\n')
    .map((line) => {
      const fence = /^(```|\$\$)/.test(line.trim());
      if (fence) {
        const closesOnSameLine = line.trim().startsWith('$$') && line.trim().length > 2 && line.trim().endsWith('$$');
        if (!closesOnSameLine) inBlock = !inBlock;
        return '';
      }
      if (inBlock) return '';
      // Front matter: only what a reader reads (summary, the source box's title and role).
      const fm = /^\s*(\w+):\s*(.*)$/.exec(line);
      if (fm && !/^(summary|title|role)$/.test(fm[1]) && !/[\uac00-\ud7a3]{2}.*[.]\s*$/.test(line)) return '';
      return fm ? fm[2].replace(/^'|'$/g, '') : line;
    })
    .join('\n');
}

describe('one register (합니다체) where a reader reads', () => {
  it.each(chapters)('content/ko/%s: summary, body, captions and aria labels', (file) => {
    const found = handaEndings(chapterProse(readFileSync(`${root}content/ko/${file}`, 'utf8')));
    expect(found.map((f) => `content/ko/${file}:${f.line}: …${f.sentence}`).join('\n')).toBe('');
  });

  it('the Korean UI strings', () => {
    const found = Object.entries(ko).flatMap(([key, value]) => handaEndings(value).map((f) => `${key}: …${f.sentence}`));
    expect(found.join('\n')).toBe('');
  });

  it('catches a planted 한다체 ending and leaves 합니다체, quotations and noun endings alone', () => {
    const fixture = [
      '링을 돌려 본다.',
      '링을 돌려 봅니다. 그 값은 0.5이다.',
      '다른 방식을 골라 다시 돌려 보라.',
      '누가 첫 선택을 받는가.',
      '원문은 "그렇게 된다"고 적습니다.',
      '가중치 2와 1에서 라운드 로빈의 처음 선택들.',
      '위: 유효 가중치. 아래: 응답한 노드.',
      '`return 다`를 봅니다 (빌드 때 잰 값).',
    ].join('\n');
    expect(handaEndings(fixture).map((f) => f.line)).toEqual([1, 2, 3, 4]);
  });
});
