import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { figures } from '../../../components/figures/index.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

const cases: [figure: string, experiment: string, params: Record<string, string>, rows: number][] = [
  ['swrr-trace', 'swrr.trace', {}, 9],
  ['swrr-trace', 'swrr.trace', { weights: '1,1', names: 'x, y', rounds: '4' }, 4],
  ['swrr-compare', 'swrr.compare', {}, 3],
  ['swrr-compare', 'swrr.compare', { weights: '5,3,1', arrivals: 'poisson', service: 'exponential' }, 3],
  ['swrr-warmup', 'swrr.warmup', {}, 4],
  ['swrr-pods', 'swrr.pods', {}, 3],
  ['swrr-failure', 'swrr.failure', {}, 30],
];

describe('swrr figures', () => {
  for (const [figure, experiment, params, rows] of cases) {
    for (const locale of ['ko', 'en'] as const) {
      it(`${figure} (${JSON.stringify(params)}, ${locale}) draws a named svg and a table of ${rows} rows, every string found`, async () => {
        const { output } = await runExperiment(experiment, params);
        const { document } = new JSDOM('').window;
        const ctx = { width: 640, document, locale, strings: subset(locale, ['fig.']) };
        const node = figureFor(experiment, figure).plot(output.data, ctx);
        const svgs = node.tagName.toLowerCase() === 'svg' ? [node] : Array.from(node.querySelectorAll('svg'));
        expect(svgs.length).toBeGreaterThan(0);
        expect(svgs.some((s) => (s.getAttribute('aria-label') ?? '').length > 20)).toBe(true);
        const table = figureFor(experiment, figure).table(output.data, ctx);
        expect(table.rows).toHaveLength(rows);
        for (const r of table.rows) expect(r).toHaveLength(table.columns.length);
        const text = node.textContent + JSON.stringify(table);
        expect(text).not.toMatch(/undefined|NaN|\{[a-z]+\}/);
      });
    }
  }

  it('swrr-trace shows the article’s table in the page: the picks in bold, in order', async () => {
    const { output } = await runExperiment('swrr.trace');
    const { document } = new JSDOM('').window;
    const node = figures['swrr-trace'].plot(output.data!, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    const picks = Array.from(node.querySelectorAll('tbody tr'), (tr) => tr.querySelectorAll('td')[3].textContent);
    expect(picks).toEqual(['철수', '영희', '철수', '민수', '철수', '영희', '철수', '영희', '철수']);
  });
});

describe('swrr-trace figure in a cell', () => {
  it('holds no .table-wrap of its own (the cell fills the first one with the data table)', async () => {
    const { output } = await runExperiment('swrr.trace');
    const { document } = new JSDOM('').window;
    const node = figures['swrr-trace'].plot(output.data!, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(node.querySelector('.table-wrap')).toBeNull();
    expect(node.querySelectorAll('thead tr')).toHaveLength(2);
  });

  it('swrr-pods on a phone wraps its 36 requests into lines wide enough for their letters, each row naming the requests it holds; on a desktop one line', async () => {
    const { output } = await runExperiment('swrr.pods');
    const { document } = new JSDOM('').window;
    const draw = (width: number) => figureFor('swrr.pods', 'swrr-pods').plot(output.data, { width, document, locale: 'en', strings: subset('en', ['fig.']) });
    const ticks = (svg: Element) => [...svg.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((t) => t.textContent);
    const phone = draw(300);
    expect(ticks(phone)).toEqual(['3 pods1–12', 'One shared1–12', '3 pods13–24', 'One shared13–24', '3 pods25–36', 'One shared25–36']);
    // Every pick drawn once, with its letter.
    expect(phone.querySelectorAll('g[aria-label="text"] text')).toHaveLength(72);
    const desk = draw(624);
    expect(ticks(desk)).toEqual(['3 pods', 'One shared']);
    expect(desk.querySelectorAll('g[aria-label="text"] text')).toHaveLength(72);
  });
});
