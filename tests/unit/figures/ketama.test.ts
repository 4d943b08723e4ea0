import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { figures } from '../../../components/figures/index.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';
import type { KetamaMemoryData } from '../../../src/experiments/ketama-at-scale/ketama-memory.ts';

describe('ketama figures', () => {
  it.each([
    ['ketama.spread', 'ketama-spread', {}],
    ['ketama.collisions', 'ketama-collisions', {}],
    ['ketama.migration', 'ketama-migration', {}],
    ['ketama.lookup', 'ketama-lookup', {}],
    ['ketama.memory', 'ketama-layout', { lookups: '10000' }],
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

  it('the migration curve stands taller on a phone (a 310 px frame below 480, 260 on a desktop as before) and shows its first number under it, the rest folded', async () => {
    const { output } = await runExperiment('ketama.migration');
    const { document } = new JSDOM('').window;
    const strings = subset('en', ['fig.']);
    const height = (width: number) => Number(figures['ketama-migration'].plot(output.data!, { width, document, locale: 'en', strings }).getAttribute('height'));
    // 260 px and 310 px frames, with what the axis labels add (a label that wraps adds its lines).
    expect(height(624)).toBe(270);
    for (const w of [300, 318]) expect(height(w)).toBeGreaterThanOrEqual(320);
    expect(figures['ketama-migration'].resultsShown).toBe(1);
  });

  it('the collisions table says which rows are predictions', async () => {
    const { output } = await runExperiment('ketama.collisions');
    const { document } = new JSDOM('').window;
    const strings = subset('en', ['fig.']);
    const table = figures['ketama-collisions'].table(output.data!, { width: 640, document, locale: 'en', strings });
    expect(table.rows.map((r) => r[6])).toEqual([...Array(4).fill(strings['fig.ketama-collisions.method.ring']), ...Array(2).fill(strings['fig.ketama-collisions.method.predicted'])]);
    // What a predicted row did not count says so in words, not a dash.
    expect(table.rows[5][5]).toBe('not counted');
    expect(table.rows[5][2]).toBe('not counted (predicted)');
    expect(table.rows.flat().join(' ')).not.toContain('—');
  });

  it('draws the two point layouts byte by byte from the arrays: hash, index, padding, and the first point’s bytes', async () => {
    const { output } = await runExperiment('ketama.memory', { nodes: '300', points: '10', lookups: '10000' });
    const data = output.data as KetamaMemoryData;
    const [six, eight] = data.layouts;
    expect(six.bytes).toBe(output.results['bytes.per.point.6']);
    expect(eight.bytes).toBe(output.results['bytes.per.point.8']);
    for (const l of data.layouts) {
      expect(l.first).toHaveLength(l.bytes);
      expect(l.fields.reduce((a, f) => a + f.bytes, 0)).toBe(l.bytes);
    }
    expect(six.fields.map((f) => f.field)).toEqual(['hash', 'node']);
    expect(eight.fields.map((f) => f.field)).toEqual(['hash', 'node', 'padding']);
    // The same point in both: the hash's and the index's bytes agree, the padding is zero.
    expect(eight.first.slice(0, 6)).toEqual(six.first);
    expect(eight.first.slice(6)).toEqual([0, 0]);
    const le = (bs: number[]) => bs.reduceRight((a, b) => a * 256 + b, 0);
    expect(le(six.first.slice(4))).toBe(data.node);
    const { document } = new JSDOM('').window;
    const strings = subset('en', ['fig.']);
    const node = figures['ketama-layout'].plot(data, { width: 300, document, locale: 'en', strings });
    const texts = Array.from(node.querySelectorAll('text'), (t) => t.textContent);
    for (const b of six.first) expect(texts).toContain(b.toString(16).padStart(2, '0'));
    expect(texts.some((t) => /^padding/.test(t ?? ''))).toBe(true);
    expect(figures['ketama-layout'].table(data, { width: 300, document, locale: 'en', strings }).rows).toHaveLength(14);
  });
});
