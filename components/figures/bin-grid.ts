import * as Plot from '@observablehq/plot';
import { chartSvg, placeTips, reading } from './tips.ts';
import type { GridData } from '../../src/experiments/power-of-two-choices/balls-grid.ts';
import { fill } from '../../src/i18n/index.ts';
import { framed } from './frame.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';
import { markDrag } from './scrub.ts';
import { markList } from './steppers.ts';

const MARGIN = 4;
/** The gap between panels, as a fraction of a panel's width. */
const GAP = 0.08;

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function maxOf(loads: readonly number[]): number {
  let top = 0;
  for (const load of loads) if (load > top) top = load;
  return top;
}

const topLoad = (data: GridData): number => maxOf(data.grids.map(({ loads }) => maxOf(loads)));

/** counts[load] = how many bins of one grid hold that many balls, for loads 0 ... top. */
function counts(loads: readonly number[], top: number): number[] {
  const c = new Array<number>(top + 1).fill(0);
  for (const load of loads) c[load]++;
  return c;
}

/**
 * Every bin as one square of a side x side grid, one panel per d, coloured by its load. The panels
 * are facets of one plot, so they share one colour scale and one legend: the same colour is the
 * same load in every panel, which is what makes the panels comparable. The colour scale is
 * ordinal over the integer loads 0 ... max, in viridis: it runs dark to light with no hue a
 * colour-blind reader loses, and the fullest bins are the brightest on either page background.
 */
export const binGrid: FigureModule<GridData> = {
  // The squares carry no text: titles and legend are HTML, so one drawing scales to any box.
  fluid: true,
  plot(data, { width, document, locale, strings }) {
    const { side } = data;
    const top = topLoad(data);
    const nf = countFormat(locale);
    const panel = (d: number, loads: readonly number[]): string => fill(strings['fig.bin-grid.panel'], { d, max: nf.format(maxOf(loads)) });
    const panels = data.grids.map(({ d, loads }) => panel(d, loads));
    // Square panels, so square bins: a panel is as tall as the band fx gives it is wide (d3's band
    // arithmetic with no outer padding). Plot's aspectRatio would size from its default margins.
    const k = data.grids.length;
    const panelSide = ((width - 2 * MARGIN) * (1 - GAP)) / Math.max(1, k - GAP);
    const rows = data.grids.flatMap(({ d, loads }) => {
      const p = panel(d, loads);
      return loads.map((load, i) => ({ panel: p, row: Math.floor(i / side), col: i % side, load }));
    });
    const color = { type: 'ordinal' as const, scheme: 'viridis' as const, domain: range(top + 1), tickFormat: (v: number) => nf.format(v) };
    const figure = framed({ document, width }, {
      height: panelSide + 2 * MARGIN,
      marginTop: MARGIN,
      marginRight: MARGIN,
      marginBottom: MARGIN,
      marginLeft: MARGIN,
      ariaLabel: strings['fig.bin-grid.aria'],
      // The position of a bin in the grid means nothing (bins are only numbered): no axes.
      x: { axis: null, domain: range(side), padding: 0, round: false },
      y: { axis: null, domain: range(side), padding: 0, round: false },
      fx: { label: null, domain: panels, paddingInner: GAP, paddingOuter: 0, round: false, axis: null },
      color,
      marks: [
        Plot.cell(rows, { x: 'col', y: 'row', fx: 'panel', fill: 'load', inset: 0.25 }),
        Plot.frame({ stroke: 'currentColor', strokeOpacity: 0.3 }),
      ],
    });
    // A 30 x 30 pair is 1800 squares in the static page. Squares of one colour become one path
    // (a move and three lines each): the same picture in about a fifth of the markup.
    const doc = figure.ownerDocument;
    const r1 = (v: string | null) => Math.round(Number(v) * 10) / 10;
    const facets = new Set(Array.from(figure.querySelectorAll('g[aria-label="cell"] rect'), (r) => r.parentElement!));
    // Readings: in each panel, the fullest bins (where the eye goes), at most a dozen a panel.
    const tips: [number, number, string][] = [];
    Array.from(facets).forEach((group, j) => {
      const loads = data.grids[j]?.loads ?? [];
      const most = maxOf(loads);
      const [tx, ty] = (/translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(group.getAttribute('transform') ?? '') ?? ['', '0', '0']).slice(1).map(Number);
      const rects = Array.from(group.querySelectorAll(':scope > rect'));
      loads.forEach((load, i) => {
        if (load !== most || !rects[i] || tips.filter((t) => t[2].startsWith(panels[j])).length >= 12) return;
        const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rects[i].getAttribute(a)));
        tips.push([r1(String(tx + x + w / 2)), r1(String(ty + y + h / 2)), reading(panels[j], [strings['fig.bin-grid.tip.bin'], nf.format(i + 1)], [strings['fig.bin-grid.legend'], nf.format(load)])]);
      });
    });
    placeTips(figure, chartSvg(figure) ?? figure, tips);
    for (const group of facets) {
      // A heat map: its colours are read against the legend's ramp (see the figure check).
      group.setAttribute('data-scale', 'sequential');
      const byFill = new Map<string, { x: number; y: number; w: number; h: number }[]>();
      for (const rect of Array.from(group.querySelectorAll(':scope > rect'))) {
        const fillColour = rect.getAttribute('fill') ?? 'currentColor';
        const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => r1(rect.getAttribute(a)));
        if (!byFill.has(fillColour)) byFill.set(fillColour, []);
        byFill.get(fillColour)!.push({ x, y, w, h });
        rect.remove();
      }
      for (const [colour, squares] of byFill) {
        // Each square starts with a move relative to the last one's corner: on a regular grid
        // those moves repeat, which is what lets the page's compression take them away.
        let px = 0;
        let py = 0;
        const d = squares
          .map(({ x, y, w, h }, i) => {
            const move = i === 0 ? `M${x} ${y}` : `m${r1(String(x - px))} ${r1(String(y - py))}`;
            px = x;
            py = y;
            return `${move}h${w}v${h}h${-w}z`;
          })
          .join('');
        const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
        path.setAttribute('fill', colour);
        path.setAttribute('d', d);
        group.append(path);
      }
    }
    figure.setAttribute('style', `${figure.getAttribute('style') ?? ''} width: 100%; height: auto;`);
    figure.setAttribute('data-scale', 'sequential');
    // The panels' titles over their panels (the same band arithmetic as fx), and the colour key.
    const titles = doc.createElement('div');
    titles.className = 'bin-grid-titles';
    titles.setAttribute('style', `display: grid; grid-template-columns: repeat(${k}, 1fr); column-gap: ${((GAP / Math.max(1, k - GAP)) * 100).toFixed(2)}%; font-weight: 600; margin: 0 ${MARGIN}px`);
    titles.setAttribute('aria-hidden', 'true');
    for (const p of panels) {
      const t = doc.createElement('span');
      t.textContent = p;
      titles.append(t);
    }
    // The hand (issue 28): each title steps its panel's d (item-steppers.ts), and a drag sideways
    // across the grids moves the side, so n, from the side drawn (axis-scrub.ts).
    markList(titles, Array.from(titles.children), {
      param: 'choices',
      show: 'own',
      items: data.grids.map(({ d }, i) => ({ value: d, label: fill(strings['fig.bin-grid.hand.item'], { index: i + 1 }) })),
    });
    const svg = chartSvg(figure);
    if (svg) markDrag(svg, { param: 'side', at: side, range: [MARGIN, width - MARGIN], y: [MARGIN, MARGIN + panelSide], readout: strings['fig.bin-grid.hand.readout'] });
    const key = doc.createElement('div');
    key.className = 'bin-grid-key';
    key.setAttribute('style', 'display: flex; flex-wrap: wrap; align-items: center; gap: 0 0.75em; margin-top: 0.25rem');
    const name = doc.createElement('span');
    name.textContent = strings['fig.bin-grid.legend'];
    // Plot.legend takes the document as plot() does; its types leave it out.
    key.append(name, Plot.legend({ document: doc, color } as Plot.LegendScales));
    key.setAttribute('data-scale', 'sequential');
    const box = doc.createElement('div');
    box.className = 'bin-grid-figure';
    box.append(titles, figure, key);
    return box;
  },
  table(data, { strings }) {
    const top = topLoad(data);
    const c = data.grids.map(({ loads }) => counts(loads, top));
    return {
      columns: [strings['fig.bin-grid.col.load'], ...data.grids.map(({ d }) => fill(strings['fig.bin-grid.col.bins'], { d }))],
      rows: range(top + 1).map((load) => [load, ...c.map((col) => col[load])]),
    };
  },
};
