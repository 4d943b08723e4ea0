import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { formatValue, renderResults, resultLabel, RESULTS_SHOWN, shownUnder } from '../../../components/notebook/render.ts';
import { sharedCellStrings } from '../../../src/i18n/cell-strings.ts';

describe('resultLabel', () => {
  const strings = {
    'cell.x.result.max': 'max (d={d}, n={n})',
    'cell.x.result.t': 'T (d={d}, λ={l})',
    'cell.x.result.moved.ring': 'moved on the ring',
  };
  it('reads the parameters out of a key’s trailing segments, decimals included', () => {
    expect(resultLabel('max.d2.n1000000', 'x', strings, 'en')).toBe('max (d=2, n=1,000,000)');
    expect(resultLabel('t.d2.l0.95', 'x', strings, 'en')).toBe('T (d=2, λ=0.95)');
  });
  it('prefers a key’s own string and falls back to the key itself', () => {
    expect(resultLabel('moved.ring', 'x', strings)).toBe('moved on the ring');
    expect(resultLabel('unknown.d1', 'x', strings)).toBe('unknown.d1');
  });
});

describe('formatValue', () => {
  it('formats by kind and locale, leaving strings alone', () => {
    expect(formatValue('int', 1000000, 'en')).toBe('1,000,000');
    expect(formatValue('percent', 0.216, 'en')).toBe('21.6%');
    expect(formatValue('decimal', 5.43201, 'ko')).toBe('5.432');
    expect(formatValue('text', 'abacaba', 'en')).toBe('abacaba');
  });
});

describe('renderResults under a figure', () => {
  const doc = new JSDOM('').window.document;
  const ctx = (locale: 'en' | 'ko') => ({ document: doc, locale, strings: { ...sharedCellStrings(locale) }, experiment: 'x', width: 640 });
  const output = (n: number) => ({ results: Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, i])), data: null });
  const shown = (el: HTMLElement) => [...el.querySelectorAll(':scope > dl [data-result], :scope:is(dl) > div > [data-result]')].map((e) => e.getAttribute('data-result'));
  const folded = (el: HTMLElement) => [...el.querySelectorAll('.results-more [data-result]')].map((e) => e.getAttribute('data-result'));

  it(`shows the first ${RESULTS_SHOWN} numbers and folds the rest, closed, under “All n numbers” (both locales)`, () => {
    const en = renderResults(ctx('en'), output(15), {}, [], null, RESULTS_SHOWN);
    expect(shown(en)).toEqual(Array.from({ length: RESULTS_SHOWN }, (_, i) => `r${i}`));
    expect(folded(en)).toHaveLength(15 - RESULTS_SHOWN);
    const more = en.querySelector('details.results-more')!;
    expect(more.hasAttribute('open')).toBe(false);
    expect(more.querySelector('summary')!.textContent).toBe('All 15 numbers');
    expect(renderResults(ctx('ko'), output(15), {}, [], null, RESULTS_SHOWN).querySelector('summary')!.textContent).toBe('수치 15개 모두 보기');
    // The island replaces the element with this class (cell-island.ts), and every value keeps its data-value.
    expect(en.classList.contains('cell-results')).toBe(true);
    expect(en.querySelectorAll('[data-result][data-value]')).toHaveLength(15);
  });

  it('folds nothing when one number would hide alone, or when the numbers are the cell’s figure', () => {
    const five = renderResults(ctx('en'), output(RESULTS_SHOWN + 1), {}, [], null, RESULTS_SHOWN);
    expect(five.querySelector('.results-more')).toBeNull();
    expect(five.querySelectorAll('[data-result]')).toHaveLength(RESULTS_SHOWN + 1);
    const noFigure = renderResults(ctx('en'), output(15), {}, [], null, false);
    expect(noFigure.querySelector('.results-more')).toBeNull();
    expect(shown(noFigure)).toHaveLength(15);
  });

  it('folds every number under a figure whose own labels show them (mols-failover: the routers’ largest shares are its panels’ titles)', () => {
    expect(shownUnder('mols-failover')).toBe(0);
    expect(shownUnder('load-histogram')).toBe(RESULTS_SHOWN);
    expect(shownUnder(undefined)).toBe(false);
    const all = renderResults(ctx('en'), output(10), {}, [], null, shownUnder('mols-failover'));
    expect(shown(all)).toEqual([]);
    expect(folded(all)).toHaveLength(10);
    expect(all.querySelector('summary')!.textContent).toBe('All 10 numbers');
  });
  it('folds a results table under a figure (its figure draws those numbers): the other numbers first, the table in the closed “All n numbers”; without a figure the table stays in view', () => {
    const layout = { series: ['a', 'b'], measures: ['x', 'y'], key: 't.{series}.{measure}', seriesLabels: 'cell.x.s.', measureLabels: 'cell.x.m.', corner: 'cell.x.corner' };
    const out = { results: { 't.a.x': 1, 't.a.y': 2, 't.b.x': 3, 't.b.y': 4, first: 5, second: 6 }, data: null };
    const under = renderResults(ctx('en'), out, {}, [], layout, RESULTS_SHOWN);
    const more = under.querySelector('details.results-more')!;
    expect(more.hasAttribute('open')).toBe(false);
    expect(more.querySelector('table')).not.toBeNull();
    expect(shown(under)).toEqual(['first', 'second']);
    expect(more.querySelector('summary')!.textContent).toBe('All 6 numbers');
    expect(under.querySelectorAll('[data-result][data-value]')).toHaveLength(6);
    // Nothing left to fold beside the table: no empty list in the disclosure.
    expect(more.querySelectorAll('dl')).toHaveLength(0);
    const alone = renderResults(ctx('en'), out, {}, [], layout, false);
    expect(alone.querySelector('.results-more')).toBeNull();
    expect(alone.querySelector(':scope > .results-scroll table')).not.toBeNull();
  });
});
