import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { figures } from '../../../components/figures/index.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

describe('ketama figures', () => {
  it.each([
    ['ketama.spread', 'ketama-spread', {}],
    ['ketama.collisions', 'ketama-collisions', {}],
    ['ketama.migration', 'ketama-migration', {}],
    ['ketama.lookup', 'ketama-lookup', {}],
  ] as const)('%s draws %s with a labelled SVG and a table in both locales', async (id, figure, params) => {
    const { output } = await runExperiment(id, params);
    for (const locale of ['ko', 'en'] as const) {
      const { document } = new JSDOM('').window;
      const strings = subset(locale, ['fig.']);
      const node = figureFor(id, figure).plot(output.data, { width: 640, document, locale, strings });
      const svg = node.matches('svg[aria-label]') ? node : node.querySelector('svg[aria-label]')!;
      expect(svg.getAttribute('aria-label')).toBeTruthy();
      expect(svg.getAttribute('aria-label')).not.toMatch(/\{\w+\}/);
      const table = figureFor(id, figure).table(output.data, { width: 640, document, locale, strings });
      expect(table.columns.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
      expect(table.rows.length).toBeGreaterThan(0);
      for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    }
  });

  it('the collisions table says which rows are predictions', async () => {
    const { output } = await runExperiment('ketama.collisions');
    const { document } = new JSDOM('').window;
    const strings = subset('en', ['fig.']);
    const table = figures['ketama-collisions'].table(output.data!, { width: 640, document, locale: 'en', strings });
    expect(table.rows.map((r) => r[6])).toEqual([...Array(4).fill(strings['fig.ketama-collisions.method.ring']), ...Array(2).fill(strings['fig.ketama-collisions.method.predicted'])]);
    expect(table.rows[5][5]).toBe('—');
    expect(table.rows[5][2]).toBe('—');
  });
});
