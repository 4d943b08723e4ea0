import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { loadHistogram } from '../../../components/figures/load-histogram.ts';
import { subset } from '../../../src/i18n/index.ts';

const data = { histograms: [ { d: 1, counts: [3, 4, 2, 1] }, { d: 2, counts: [1, 8, 1] } ] };

describe('load-histogram figure', () => {
  it('draws one marker per non-empty (d, load) pair, with a legend, through the document it is given', () => {
    const { document } = new JSDOM('').window;
    const node = loadHistogram.plot(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
    expect(svg.getAttribute('aria-label')).toMatch(/how many bins hold k balls/i);
    // 4 + 3 loads with bins in them: 7 symbols (Plot draws dots as paths when symbols vary).
    const marks = svg.querySelectorAll('g[aria-label="dot"] > *');
    expect(marks.length).toBe(7);
    expect(node.textContent).toContain('d=2');
  });

  it('gives the same numbers as a table, one row per load and one column per d', () => {
    const { document } = new JSDOM('').window;
    const table = loadHistogram.table(data, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(table.columns).toEqual(['공의 수', '통의 수 (d=1)', '통의 수 (d=2)']);
    expect(table.rows).toEqual([[0, 3, 1], [1, 4, 8], [2, 2, 1], [3, 1, 0]]);
  });
});
