import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { binGrid } from '../../../components/figures/bin-grid.ts';
import type { GridData } from '../../../src/experiments/power-of-two-choices/balls-grid.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

// A 5 x 5 grid: d=1 reaches 4, d=2 stops at 2; both hold 25 balls.
const d1 = [0, 1, 2, 0, 4, 1, 0, 0, 3, 1, 2, 0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 0, 3, 0, 1];
const d2 = [1, 1, 1, 1, 0, 1, 2, 1, 1, 1, 0, 1, 1, 1, 2, 1, 1, 1, 0, 1, 1, 2, 1, 1, 1];
const data: GridData = { side: 5, grids: [ { d: 1, loads: d1 }, { d: 2, loads: d2 } ] };

function draw(d: GridData, locale: 'ko' | 'en' = 'en') {
  const { document } = new JSDOM('').window;
  const node = binGrid.plot(d, { width: 640, document, locale, strings: subset(locale, ['fig.']) });
  const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
  return { node, svg };
}

/** The panels' titles (HTML over the drawing, so the drawing scales with no text in it). */
function titles(node: Element): string[] {
  return Array.from(node.querySelectorAll('.bin-grid-titles span'), (t) => t.textContent ?? '');
}

/** The colour key's entries: Plot's swatches, one per load. */
function keyEntries(node: Element): string[] {
  return Array.from(node.querySelectorAll('.bin-grid-key [class$="-swatch"]'), (t) => (t.textContent ?? '').trim());
}

/** The squares a panel draws, in bin order (row by row), read back from its per-colour paths. */
function squares(panel: Element): { x: number; y: number; w: number; h: number; fill: string }[] {
  const out: { x: number; y: number; w: number; h: number; fill: string }[] = [];
  for (const path of Array.from(panel.querySelectorAll('path'))) {
    const fill = path.getAttribute('fill')!;
    let x = 0;
    let y = 0;
    for (const [, m, mx, my, w, h] of path.getAttribute('d')!.matchAll(/([Mm])(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)h-?[\d.]+z/g)) {
      // M is absolute; m is relative to the previous square's corner (where z returns to).
      x = m === 'M' ? Number(mx) : x + Number(mx);
      y = m === 'M' ? Number(my) : y + Number(my);
      out.push({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, w: Number(w), h: Number(h), fill });
    }
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

describe('bin-grid figure', () => {
  it('draws one square per bin, one panel per d, each labelled with its d and maximum', () => {
    const { svg } = draw(data);
    expect(svg.getAttribute('aria-label')).toMatch(/one grid per d/);
    const panels = svg.querySelectorAll('g[aria-label="cell"] > g');
    expect(panels).toHaveLength(2);
    for (const p of panels) expect(squares(p)).toHaveLength(25);
    const { node } = draw(data);
    expect(titles(node)).toEqual(['d=1 · max 4', 'd=2 · max 2']);
    // No text in the drawing: it scales to any box (the build draws it once).
    expect(svg.querySelectorAll('text')).toHaveLength(0);
    expect(binGrid.fluid).toBe(true);
    // Square bins.
    const first = squares(panels[0])[0];
    expect(first.w).toBeCloseTo(first.h, 1);
  });

  it('shares one colour scale across the panels: one legend, and one colour per load in every panel', () => {
    const { node, svg } = draw(data);
    // One key for both panels, an entry per integer load.
    expect(node.querySelectorAll('.bin-grid-key')).toHaveLength(1);
    expect(keyEntries(node)).toEqual(['0', '1', '2', '3', '4']);
    expect(node.querySelector('.bin-grid-key')!.textContent).toContain('Balls in a bin');

    const colourOf = new Map<number, string>();
    const panels = svg.querySelectorAll('g[aria-label="cell"] > g');
    data.grids.forEach(({ loads }, p) => {
      squares(panels[p]).forEach(({ fill }, i) => {
        const seen = colourOf.get(loads[i]);
        if (seen) expect(fill, `load ${loads[i]} in panel ${p}`).toBe(seen);
        else colourOf.set(loads[i], fill);
      });
    });
    // Five loads, five different colours: the d=2 panel's top load (2) is not drawn as a maximum.
    expect(new Set(colourOf.values()).size).toBe(5);
  });

  it('gives, as its table, how many bins hold each load, per d, accounting for every bin', () => {
    const { document } = new JSDOM('').window;
    const table = binGrid.table(data, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(table.columns).toEqual(['공의 수', '통의 수 (d=1)', '통의 수 (d=2)']);
    expect(table.rows).toEqual([[0, 10, 3], [1, 9, 19], [2, 3, 3], [3, 2, 0], [4, 1, 0]]);
    for (let c = 1; c <= 2; c++) expect(table.rows.reduce((s, r) => s + Number(r[c]), 0)).toBe(25);
  });

  it("draws Figure 1's default run: 2 x 900 bins under one legend from 0 to 6", async () => {
    const { output } = await runExperiment('balls.grid');
    const { node, svg } = draw(output.data as GridData, 'ko');
    const panels = Array.from(svg.querySelectorAll('g[aria-label="cell"] > g'));
    expect(panels.map((p) => squares(p).length)).toEqual([900, 900]);
    expect(keyEntries(node)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(titles(node)).toEqual(['d=1 · 최대 6', 'd=2 · 최대 3']);
  });
});
