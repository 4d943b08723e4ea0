import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { appendLabel, formatValue, renderResults } from '../../../components/notebook/render.ts';
import type { ResultTable } from '../../../src/experiments/shared/types.ts';

const { document } = new JSDOM('').window;

describe('result labels and kinds', () => {
  it('writes a single letter’s subscript as <sub>, and leaves names with underscores alone', () => {
    const el = document.createElement('dt');
    appendLabel(el, 'Distinct pairs (L_a, L_b); L_{12} and fail_timeout');
    expect(el.innerHTML).toBe('Distinct pairs (L<sub>a</sub>, L<sub>b</sub>); L<sub>12</sub> and fail_timeout');
  });
  it('shows a finding as yes or no and a zero round as none, in the page’s words', () => {
    const ko = { 'cell.yes': '예', 'cell.no': '아니요', 'cell.none': '없음' };
    expect(formatValue('yes-no', 1, 'en')).toBe('yes');
    expect(formatValue('yes-no', 0, 'ko', ko)).toBe('아니요');
    expect(formatValue('int-or-none', 0, 'ko', ko)).toBe('없음');
    expect(formatValue('int-or-none', 12000, 'en')).toBe('12,000');
  });
});

describe('many results as one table', () => {
  const layout: ResultTable = { series: ['a', 'b', 'c'], measures: ['cv', 'moved.add'], key: '{measure}.{series}', seriesLabels: 's.', measureLabels: 'm.', corner: 'm.corner' };
  const strings = { 's.a': 'Alpha', 's.b': 'Beta', 'm.cv': 'CV', 'm.moved.add': 'Moved', 'm.corner': 'Scheme', 'cell.results': 'Results' } as never;
  const ctx = { document, locale: 'en', strings, experiment: 'x', width: 640 };
  const output = { results: { 'cv.a': 0.05, 'moved.add.a': 0.01, 'cv.b': 0.1, floor: 0.05 } };
  it('puts a row per series that has results and a column per measure, each cell keeping its key and raw value', () => {
    const el = renderResults(ctx, output, { 'cv.a': 'percent', 'moved.add.a': 'percent', 'cv.b': 'percent', floor: 'percent' }, [], layout);
    const rows = Array.from(el.querySelectorAll('tr'), (tr) => Array.from(tr.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['Scheme', 'CV', 'Moved'],
      ['Alpha', '5%', '1%'],
      ['Beta', '10%', ''],
    ]);
    expect(el.querySelector('td[data-result="moved.add.a"]')?.getAttribute('data-value')).toBe('0.01');
    // What is not in the grid stays a tile.
    expect(Array.from(el.querySelectorAll('dl [data-result]'), (d) => d.getAttribute('data-result'))).toEqual(['floor']);
    expect(el.classList.contains('cell-results')).toBe(true);
  });
});
