import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { herdStaleFigure } from '../../../components/figures/herd-stale.ts';
import type { HerdStaleData } from '../../../src/experiments/power-of-two-choices/herd-stale.ts';
import { subset } from '../../../src/i18n/index.ts';

const ages = [0.5, 5, 20];
const series = (strategy: 1 | 2 | 'least-loaded', means: number[]) => ({ strategy, points: ages.map((age, k) => ({ age, mean: means[k], halfWidth: 0.1 })) });
const data: HerdStaleData = {
  n: 100,
  lambda: 0.9,
  age: 5,
  ages,
  series: [series(1, [10, 10.1, 10]), series(2, [2.8, 4, 7]), series('least-loaded', [2.9, 12.1, 56])],
};

describe('herd-stale figure', () => {
  it('draws one line and one marker per strategy and age, labels every age tick, and names least loaded in the page’s language', () => {
    const { document } = new JSDOM('').window;
    const node = herdStaleFigure.plot(data, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
    expect(svg.getAttribute('aria-label')).toBe(subset('ko', ['fig.'])['fig.herd-stale.aria']);
    expect(svg.querySelectorAll('g[aria-label="line"] path')).toHaveLength(3);
    expect(svg.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(9);
    expect(node.textContent).toContain('가장 한가한 서버');
    const xLabels = Array.from(svg.querySelectorAll('g[aria-label="x-axis tick label"] text')).map((t) => t.textContent);
    expect(xLabels).toEqual(['0.5', '5', '20']);
  });

  it('gives a row per age and a column per strategy', () => {
    const { document } = new JSDOM('').window;
    const table = herdStaleFigure.table(data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(table.columns).toEqual(['Update period τ', 'Mean time in system ± 95% interval (d=1)', 'Mean time in system ± 95% interval (d=2)', 'Mean time in system ± 95% interval (least loaded)']);
    expect(table.rows[1]).toEqual([5, '10.1 ± 0.1', '4 ± 0.1', '12.1 ± 0.1']);
  });
});
