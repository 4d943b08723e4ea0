import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bibliography } from '../../../src/bibliography.ts';
import { ko } from '../../../src/i18n/ko.ts';
import { chapterProse, numberStyleProblems, type StyleProblem } from './korean-style.ts';

/**
 * Numbers in Korean style (issue 29) in what a Korean reader reads: commas, not spaces, between
 * groups of digits (65,536), or 만 and 억 (10만), with a space before the counter (10만 개); SI
 * units spaced (100 TB, 0.8 µs). The built pages are checked the same way by the browser suite
 * (tests/browser/particles.ts), which sees the numbers the code formats.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const chapters = readdirSync(`${root}content/ko`).filter((f) => f.endsWith('.mdx')).sort();
const report = (where: string, found: StyleProblem[]) => found.map((f) => `${where}: ${f.rule} "${f.found}" in …${f.context}… (${f.why})`).join('\n');

/** A chapter's prose with its components' attributes out (their params are code), what follows a value kept. */
const readable = (text: string) =>
  chapterProse(text)
    .replace(/<[A-Z][^>]*\/>/g, (tag) => ` 7${/\ssuffix="([^"]*)"/.exec(tag)?.[1] ?? ''} `)
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']');

describe('numbers in Korean style', () => {
  it.each(chapters)('content/ko/%s', (file) => {
    expect(report(`content/ko/${file}`, numberStyleProblems(readable(readFileSync(`${root}content/ko/${file}`, 'utf8'))))).toBe('');
  });

  it('the Korean UI strings and the reference list', () => {
    const strings = [...Object.entries(ko), ...Object.entries(bibliography).map(([k, w]) => [k, `${w.note.ko} ${typeof w.venue === 'string' ? '' : w.venue.ko}`] as const)];
    expect(strings.map(([k, v]) => report(k, numberStyleProblems(v))).filter(Boolean).join('\n')).toBe('');
    // A placeholder stands for a number the code fills in: its unit is spaced too ("{bytes} B").
    const filled = strings.map(([k, v]) => [k, v.replace(/\{\w+\}/g, '7')] as const);
    expect(filled.map(([k, v]) => report(k, numberStyleProblems(v, new Set(['unspaced SI unit'])))).filter(Boolean).join('\n')).toBe('');
  });

  it('catches each planted slip and leaves Korean style alone', () => {
    const rules = (text: string) => numberStyleProblems(text).map((p) => p.rule);
    expect(rules('키 100 000개')).toEqual(['space grouping']);
    expect(rules('서버 65\u202f536대')).toEqual(['space grouping']);
    expect(rules('$n = 100\\,000$')).toEqual(['TeX space grouping']);
    expect(rules('10만개')).toEqual(['unspaced 만/억 before a counter']);
    expect(rules('100TB와 0.8µs')).toEqual(['unspaced SI unit', 'unspaced SI unit']);
    expect(rules('해시 (4B)')).toEqual(['unspaced SI unit']);
    expect(rules('16384개')).toEqual(['long number without commas']);
    expect(rules('160,000개')).toEqual(['a whole number of 만 in digits']);
    expect(rules('키 9,787개, 10만 개, 65,536대, 100 TB, 0.8 µs, 291 ns, 해시 (4 B), 0x1B, 2048대, 1997년, key99999, MD5, “65537”을 써 보세요')).toEqual([]);
  });
});
