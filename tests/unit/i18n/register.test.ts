import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bibliography } from '../../../src/bibliography.ts';
import { ko } from '../../../src/i18n/ko.ts';
import { chapterProse, handaEndings } from './korean-style.ts';

/**
 * One register where a reader reads: the Korean chapters, their summaries, captions and aria
 * strings end their sentences in 합니다체 (…니다, …세요, …요), never in 한다체 (…한다, …이다,
 * …는가, …하라). A heuristic over sentence endings: quotations, code, math and tags are left out
 * first, and a sentence that ends in a noun (a caption's label, a table cell) is fine.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const chapters = readdirSync(`${root}content/ko`).filter((f) => f.endsWith('.mdx')).sort();

describe('one register (합니다체) where a reader reads', () => {
  it.each(chapters)('content/ko/%s: summary, body, captions and aria labels', (file) => {
    const found = handaEndings(chapterProse(readFileSync(`${root}content/ko/${file}`, 'utf8')));
    expect(found.map((f) => `content/ko/${file}:${f.line}: …${f.sentence}`).join('\n')).toBe('');
  });

  it('the Korean UI strings', () => {
    const found = Object.entries(ko).flatMap(([key, value]) => handaEndings(value).map((f) => `${key}: …${f.sentence}`));
    expect(found.join('\n')).toBe('');
  });

  it('the reference list’s Korean notes and titles (src/bibliography.ts)', () => {
    const found = Object.entries(bibliography).flatMap(([key, work]) =>
      Object.values(work)
        .flatMap((v: unknown) => (v && typeof v === 'object' && 'ko' in v && typeof v.ko === 'string' ? [v.ko] : []))
        .flatMap((text) => handaEndings(text).map((f) => `${key}: …${f.sentence}`)),
    );
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
      '차이가 그리 커 보이지 않으니까요.',
      '정말 그럴까요?',
    ].join('\n');
    expect(handaEndings(fixture).map((f) => f.line)).toEqual([1, 2, 3, 4, 9]);
  });
});
