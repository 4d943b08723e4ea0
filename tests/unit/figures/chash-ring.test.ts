import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { chashRingFigure } from '../../../components/figures/chash-ring.ts';
import type { RingData } from '../../../src/experiments/consistent-hashing/chash-ring.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

async function draw(given: Record<string, string>, locale: 'ko' | 'en' = 'en') {
  const { output } = await runExperiment('chash.ring', given);
  const data = output.data as RingData;
  const { document } = new JSDOM('').window;
  const ctx = { width: 640, document, locale, strings: subset(locale, ['fig.']) };
  const node = chashRingFigure.plot(data, ctx);
  const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
  return { node, svg, data, output, table: chashRingFigure.table(data, ctx) };
}

describe('chash-ring figure', () => {
  for (const [given, count] of [[{}, 5], [{ change: 'remove' }, 4], [{ nodes: '12', vnodes: '16', keys: '2000' }, 13]] as const) {
    it(`draws one legend entry and one table row per node (${JSON.stringify(given)})`, async () => {
      const { node, svg, table, data } = await draw(given);
      expect(svg.getAttribute('aria-label')).toMatch(/hash ring/);
      const swatches = Array.from(node.querySelectorAll('[class$="-swatch"]'), (s) => s.textContent);
      expect(swatches).toEqual(data.names);
      expect(swatches).toHaveLength(count);
      expect(table.rows).toHaveLength(count);
      expect(table.rows.map((r) => r[0])).toEqual(data.names);
      expect(table.columns).toHaveLength(7);
    });
  }

  it('tabulates arcs and keys per node consistently with the data', async () => {
    const { table, data, output } = await draw({ nodes: '5', vnodes: '4', change: 'remove', keys: '500' });
    const col = (i: number) => table.rows.map((r) => r[i] as number);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(col(1))).toBe(data.before.points.length);
    expect(sum(col(2))).toBe(data.after.points.length);
    expect(sum(col(3))).toBe(500);
    expect(sum(col(4))).toBe(500);
    expect(sum(col(5))).toBe(output.results['moved.keys']);
    expect(sum(col(6))).toBe(output.results['moved.keys']);
    // Only the removed node loses keys, and it keeps none.
    expect(table.rows[4][6]).toBe(table.rows[4][3]);
    expect(table.rows[4][4]).toBe(0);
    for (const r of table.rows.slice(0, 4)) expect(r[6]).toBe(0);
  });

  it('keeps the static SVG compact: coordinates to 0.1, unmoved keys in one path', async () => {
    const { svg } = await draw({ keys: '2000' });
    for (const el of Array.from(svg.querySelectorAll('path, circle'))) {
      for (const a of ['d', 'cx', 'cy', 'transform']) expect(el.getAttribute(a) ?? '').not.toMatch(/\d\.\d\d/);
    }
    expect(svg.querySelectorAll('circle').length).toBeLessThan(500);
    expect(svg.outerHTML.length).toBeLessThan(60_000);
  });

  it('says the change in the page’s language', async () => {
    const { svg } = await draw({}, 'ko');
    expect(svg.textContent).toContain('n4 추가');
  });
});
