import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { figures } from '../../../components/figures/index.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

const cases: [string, string, Record<string, string>][] = [
  ['mols-squares', 'mols.squares', {}],
  ['mols-squares', 'mols.squares', { n: '6' }],
  ['mols-failover', 'mols.failover', {}],
  ['mols-churn', 'mols.churn', { spread: '5' }],
  ['mols-even', 'mols.even', {}],
  ['mols-speed', 'mols.speed', { calls: '1000', repeats: '3' }],
  ['mols-dynamic', 'mols.dynamic', { steps: '40', clients: '200' }],
];

describe('mols figures', () => {
  it.each(cases)('%s draws %s %o in both locales, with every string filled and a table of whole rows', async (figure, experiment, params) => {
    const { output } = await runExperiment(experiment, params);
    for (const locale of ['ko', 'en'] as const) {
      const { document } = new JSDOM('').window;
      const ctx = { width: 640, document, locale, strings: subset(locale, [`fig.${figure}.`]) };
      const node = figureFor(experiment, figure).plot(output.data, ctx);
      const svgs = node.matches('svg') ? [node] : [...node.querySelectorAll('svg[aria-label]')];
      expect(svgs.length).toBeGreaterThan(0);
      for (const svg of svgs) expect(svg.getAttribute('aria-label')!.length).toBeGreaterThan(20);
      expect(node.textContent).not.toMatch(/undefined|NaN|\{[a-z]+\}/);
      const narrow = figureFor(experiment, figure).plot(output.data, { ...ctx, width: 320 });
      expect(narrow.matches('svg') || narrow.querySelector('svg') !== null).toBe(true);
      const t = figureFor(experiment, figure).table(output.data, ctx);
      expect(t.columns.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
      for (const row of t.rows) {
        expect(row).toHaveLength(t.columns.length);
        expect(row.join(' ')).not.toMatch(/undefined|NaN/);
      }
    }
  });

  it.each([
    ['mols-failover', 'mols.failover'],
    ['mols-even', 'mols.even'],
  ])('%s stands two by two at a phone\'s width (halves of the box, lower, frames aligned) and at 300 px panels on a desktop, in both locales', async (figure, experiment) => {
    const { output } = await runExperiment(experiment, {});
    for (const locale of ['ko', 'en'] as const) {
      const { document } = new JSDOM('').window;
      const draw = (width: number) => {
        const node = figureFor(experiment, figure).plot(output.data, { width, document, locale, strings: subset(locale, [`fig.${figure}.`]) });
        return [...node.querySelectorAll('svg[aria-label]')].map((svg) => ({ w: Number(svg.getAttribute('width')), h: Number(svg.getAttribute('height')) }));
      };
      // The build's phone width (render.ts FIGURE_WIDTHS.narrow) and a 360 px screen's box.
      for (const width of [300, 318]) {
        const panels = draw(width);
        expect(panels).toHaveLength(4);
        for (const p of panels) expect(2 * p.w + 12).toBeLessThanOrEqual(width);
        expect(new Set(panels.map((p) => p.h)).size).toBe(1);
        expect(panels[0].h).toBeLessThan(200 + 45);
      }
      const desk = draw(624);
      for (const p of desk) expect(p.w).toBe(300);
      expect(new Set(desk.map((p) => p.h)).size).toBe(1);
    }
  });

  it('the squares figure names each square with a subscript (L₃, L₅), never an underscore, in both locales', async () => {
    const six = await runExperiment('mols.squares', { n: '6', a: '3', b: '5' });
    for (const locale of ['ko', 'en'] as const) {
      const { document } = new JSDOM('').window;
      const node = figures['mols-squares'].plot(six.output.data!, { width: 640, document, locale, strings: subset(locale, ['fig.mols-squares.']) });
      const titles = [...node.querySelectorAll('svg text')].map((t) => t.textContent).filter((t) => t?.includes('·i + j'));
      expect(titles).toEqual(['L₃ = 3·i + j', 'L₅ = 5·i + j']);
      expect([...node.querySelectorAll('svg[aria-label]')].map((svg) => svg.getAttribute('aria-label')).join(' ')).toContain('L₃');
      expect(node.textContent).toContain('L₃');
      expect(node.textContent + [...node.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('')).not.toContain('L_');
    }
    const { document } = new JSDOM('').window;
    expect(figures['mols-squares'].plot(six.output.data!, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.mols-squares.']) }).textContent).toContain('L₃은 라틴 방진부터 아닙니다');
  });

  it('the squares figure outlines repeated pairs only when the pair is not orthogonal, and says why', async () => {
    const { document } = new JSDOM('').window;
    const ctx = { width: 640, document, locale: 'en', strings: subset('en', ['fig.mols-squares.']) };
    const ok = await runExperiment('mols.squares', {});
    expect(figures['mols-squares'].plot(ok.output.data!, ctx).textContent).toContain('Orthogonal');
    const six = await runExperiment('mols.squares', { n: '6', a: '1', b: '5' });
    const text = figures['mols-squares'].plot(six.output.data!, ctx).textContent;
    expect(text).toContain('gcd(a − b, 6) = 2');
    expect(text).toContain('Tarry');
  });
});
