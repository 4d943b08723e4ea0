import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { GrowthData } from '../../src/experiments/power-of-two-choices/balls-growth.ts';
import { fill } from '../../src/i18n/index.ts';
import { maxLoadOrder } from '../../src/lib/balls/index.ts';
import { AXIS_MARGINS, framed } from './frame.ts';
import { dColour } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** 10^e as "10ᵉ": the decades are the x axis's only ticks. */
function decade(n: number): string {
  return `10${String(Math.round(Math.log10(n))).replace(/\d/g, (c) => SUPERSCRIPT[Number(c)])}`;
}

/** The x range runs this many decades past the first and last n, so the end points are not clipped. */
const PAD = 0.25;
/** Pixels between the series at one n, so equal maxima (d = 2 and 3 often tie) stay visible. */
const SPREAD = 7;

/** [load, how many seeds gave it], ascending. */
function tally(maxima: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const m of maxima) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Maximum load against n on a log x axis, one line per d through the first seed's maxima, and the
 * d = 1 order ln n / ln ln n as a dotted line. With several seeds, the spread of the maximum at
 * each n is drawn behind the line as dots sized by how many seeds gave that value.
 */
export const maxLoadGrowth: FigureModule<GrowthData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = countFormat(locale);
    const ds = [...new Set(data.runs.map((r) => r.d))];
    const ns = [...new Set(data.runs.map((r) => r.n))].sort((a, b) => a - b);
    const seriesOf = (d: number): string => `d=${d}`;
    let top = 0;
    for (const r of data.runs) for (const m of r.maxima) top = Math.max(top, m);
    for (const o of data.order) top = Math.max(top, o.value);
    const yMax = Math.ceil(top) + 1;
    const lo = 10 ** (Math.log10(ns[0]) - PAD);
    const hi = 10 ** (Math.log10(ns[ns.length - 1]) + PAD);
    // The experiment samples the line to the same quarter decade past the data (n rounded to six
    // digits, hence the slack); anything beyond the x range is left out rather than drawn outside.
    const orderLine = data.order.filter((o) => o.n >= lo * (1 - 1e-5) && o.n <= hi * (1 + 1e-5));
    const orderLabel = strings['fig.max-load-growth.order'];

    const marks: Plot.Markish[] = [
      Plot.line(orderLine, {
        x: 'n',
        y: 'value',
        stroke: 'currentColor',
        strokeOpacity: 0.7,
        strokeWidth: 1.5,
        strokeDasharray: '1 4',
        strokeLinecap: 'round',
        ariaDescription: orderLabel,
      }),
      // The line rises to the right, so a label that ends at its right end, set above it, stays clear.
      Plot.text(orderLine.slice(-1), { x: 'n', y: 'value', text: () => orderLabel, textAnchor: 'end', dy: -9, fill: 'currentColor', fillOpacity: 0.85 }),
    ];
    ds.forEach((d, i) => {
      const dx = (i - (ds.length - 1) / 2) * SPREAD;
      const runs = data.runs.filter((r) => r.d === d);
      const series = seriesOf(d);
      if (data.seeds > 1) {
        const spread = runs.flatMap((r) => tally(r.maxima).map(([load, count]) => ({ series, n: r.n, load, count })));
        marks.push(Plot.dot(spread, { x: 'n', y: 'load', r: 'count', fill: 'series', fillOpacity: 0.2, stroke: 'series', strokeOpacity: 0.8, dx, ariaDescription: fill(strings['fig.max-load-growth.spread'], { d, seeds: data.seeds }) }));
      }
      const first = runs.map((r) => ({ series, n: r.n, max: r.maxima[0] }));
      marks.push(
        Plot.line(first, { x: 'n', y: 'max', stroke: 'series', strokeWidth: 1.5, dx }),
        Plot.dot(first, { x: 'n', y: 'max', fill: 'series', symbol: 'series', r: 4, dx }),
      );
    });

    return framed({ document, width }, {
      height: 320,
      marginLeft: 48,
      ...AXIS_MARGINS,
      ariaLabel: strings['fig.max-load-growth.aria'],
      tips: data.runs.map((r) => ({
        x: r.n,
        y: r.maxima[0],
        text: reading(
          seriesOf(r.d),
          [strings['fig.max-load-growth.col.n'], nf.format(r.n)],
          [strings['fig.max-load-growth.y'], nf.format(r.maxima[0])],
          data.seeds > 1 && [fill(strings['fig.max-load-growth.col.spread'], { seeds: data.seeds, d: r.d }), tally(r.maxima).map(([load, count]) => fill(strings['fig.max-load-growth.tally'], { load: nf.format(load), count: nf.format(count) })).join(', ')],
        ),
      })),
      x: { type: 'log', domain: [lo, hi], ticks: ns, tickFormat: decade, label: strings['fig.max-load-growth.x'], labelArrow: 'none', labelAnchor: 'center' },
      y: { domain: [0, yMax], ticks: yMax <= 12 ? yMax + 1 : 10, tickFormat: (v: number) => (Number.isInteger(v) ? nf.format(v) : ''), label: strings['fig.max-load-growth.y'], grid: true, labelArrow: 'none' },
      color: { domain: ds.map(seriesOf), range: ds.map(dColour) },
      symbol: { legend: true, domain: ds.map(seriesOf) },
      // Area, not radius, grows with the count; the largest dot is one seed-count of all seeds.
      r: { domain: [0, data.seeds], range: [0, 9] },
      marks,
    });
  },
  table(data, { strings }) {
    const ds = [...new Set(data.runs.map((r) => r.d))];
    const ns = [...new Set(data.runs.map((r) => r.n))].sort((a, b) => a - b);
    const at = (d: number, n: number) => data.runs.find((r) => r.d === d && r.n === n)!;
    const many = data.seeds > 1;
    const columns = [
      strings['fig.max-load-growth.col.n'],
      ...ds.map((d) => fill(strings[many ? 'fig.max-load-growth.col.first' : 'fig.max-load-growth.col.max'], { d, seed: data.seed })),
      ...(many ? ds.map((d) => fill(strings['fig.max-load-growth.col.spread'], { d, seeds: data.seeds })) : []),
      strings['fig.max-load-growth.col.order'],
    ];
    const rows = ns.map((n) => [
      n,
      ...ds.map((d) => at(d, n).maxima[0]),
      ...(many ? ds.map((d) => tally(at(d, n).maxima).map(([load, count]) => fill(strings['fig.max-load-growth.tally'], { load, count })).join(', ')) : []),
      Math.round(maxLoadOrder(n, 1) * 100) / 100,
    ]);
    return { columns, rows };
  },
};
