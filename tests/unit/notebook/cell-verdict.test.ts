import { describe, expect, it } from 'vitest';
import { verdictText, type ClaimSeen } from '../../../components/notebook/cell-verdict.ts';
import { sharedCellStrings } from '../../../src/i18n/cell-strings.ts';

const claims: ClaimSeen[] = [
  { id: 'a', kind: 'reproduced', article: '9', ours: '9', papers: false },
  { id: 'b', kind: 'reproduced', article: '4', ours: '4', papers: false },
  { id: 'c', kind: 'differs', article: '5.8', ours: '5.71', papers: false },
];

describe('the cell says what became of the article’s numbers', () => {
  it('at the article’s setting: each verdict counted, what differs first, with the two numbers', () => {
    expect(verdictText(claims, true, sharedCellStrings('en'), 'en')).toBe('The article’s setting: of the article’s 3 numbers this run checks, 1 differs (the article 5.8, this run 5.71) and 2 reproduced.');
    expect(verdictText(claims, true, sharedCellStrings('ko'), 'ko')).toBe('원문과 같은 설정입니다. 이 실행이 확인하는 원문의 수 3개: 다름 1개 (원문 5.8, 이 실행 5.71) 및 재현됨 2개.');
  });

  it('at another setting: no verdict, only that the article’s numbers speak of the first setting; nothing without claims', () => {
    expect(verdictText(claims, false, sharedCellStrings('en'), 'en')).toMatch(/^Another setting than the article’s: its 3 numbers/);
    expect(verdictText(claims, false, sharedCellStrings('ko'), 'ko')).toMatch(/^원문과 다른 설정입니다/);
    expect(verdictText([], true, sharedCellStrings('en'), 'en')).toBeNull();
  });

  it('the lab’s numbers are the papers’: the same sentences name the papers, not an article', () => {
    const papers = claims.map((c) => ({ ...c, papers: true }));
    expect(verdictText(papers, true, sharedCellStrings('en'), 'en')).toBe('The papers’ setting: of the papers’ 3 numbers this run checks, 1 differs (the paper 5.8, this run 5.71) and 2 reproduced.');
    expect(verdictText(papers, true, sharedCellStrings('ko'), 'ko')).toBe('논문과 같은 설정입니다. 이 실행이 확인하는 논문의 수치 3개: 다름 1개 (논문 5.8, 이 실행 5.71) 및 재현됨 2개.');
    expect(verdictText(papers, false, sharedCellStrings('ko'), 'ko')).toMatch(/^논문과 다른 설정입니다/);
    expect(verdictText(papers, false, sharedCellStrings('en'), 'en')).not.toMatch(/article/);
  });
});
