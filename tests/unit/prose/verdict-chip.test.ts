import { describe, expect, it } from 'vitest';
import { chipText, compactVerdict, VERDICT_SYMBOL } from '../../../components/prose/verdict-chip.ts';
import type { VerdictKind } from '../../../src/claims/verdict.ts';

const label = (word: string) => ({ verdict: 'verdict', word, article: 'article', ours: 'this site', none: 'no run on this site can test it' });

describe('verdict chips', () => {
  it('give every verdict kind its own symbol', () => {
    const kinds: VerdictKind[] = ['reproduced', 'within noise', 'differs', 'article is wrong', 'by construction', 'cannot be checked here'];
    expect(new Set(kinds.map((k) => VERDICT_SYMBOL[k])).size).toBe(kinds.length);
  });
  it('show the word beside the symbol only where the verdict does not confirm the number', () => {
    expect(compactVerdict('reproduced')).toBe(true);
    expect(compactVerdict('within noise')).toBe(false);
    expect(compactVerdict('differs')).toBe(false);
    expect(chipText('article is wrong', label('the article is wrong'), '3.5', '3.38')).toEqual({
      symbol: '✗',
      word: 'the article is wrong',
      wordVisible: true,
      detail: '',
      lines: ['verdict: the article is wrong', 'article: 3.5', 'this site: 3.38'],
    });
  });
  it('name the other value beside a verdict that sets the two apart, and nothing beside one that does not', () => {
    expect(chipText('within noise', label('within noise'), '597', '587', { template: 'we get {value}', value: '587' }).detail).toBe('we get 587');
    expect(chipText('reproduced', label('reproduced'), '4', '4', { template: 'we get {value}', value: '4' }).detail).toBe('');
  });
  it('say so when no run here can test the number', () => {
    expect(chipText('cannot be checked here', label('cannot be checked here'), '90%', undefined).lines[2]).toBe('this site: no run on this site can test it');
  });
});
