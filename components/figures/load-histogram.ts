import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { MaxLoadData } from '../../src/experiments/power-of-two-choices/balls-maxload.ts';
import { fill } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { framed, textWidth, wrapped } from './frame.ts';
import { dColour } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/** How many bins hold k balls, one series per d, on a log y axis so the rare tail shows. */
export const loadHistogram: FigureModule<MaxLoadData> = {
  plot(data, { width, document, locale, strings }) {
    const rows = data.histograms.flatMap(({ d, counts }) =>
      counts.map((bins, load) => ({ series: `d=${d}`, load, bins })).filter((r) => r.bins > 0),
    );
    const maxLoad = Math.max(...rows.map((r) => r.load));
    const most = Math.max(...rows.map((r) => r.bins));
    const nf = countFormat(locale);
    // Powers of ten only: the counts span up to seven decades, and 2s and 5s would crowd them.
    const yTicks = logTicks(1, most, { decades: true });
    const yl = wrapped(strings['fig.load-histogram.y'], width - 8);
    return framed({ document, width }, {
      height: 300 + yl.extra,
      // Room for the longest count (10,000,000 at n = 10^7), never clipped.
      marginLeft: Math.max(48, 14 + Math.max(...yTicks.map((v) => textWidth(nf.format(v), 13)))),
      marginTop: 20 + yl.extra,
      marginBottom: 44,
      ariaLabel: strings['fig.load-histogram.aria'],
      tips: data.histograms.flatMap(({ d, counts }) =>
        counts.flatMap((bins, load) => (bins > 0 ? [{ x: load, y: bins, text: reading(`d=${d}`, [strings['fig.load-histogram.col.load'], nf.format(load)], [fill(strings['fig.load-histogram.col.bins'], { d }), nf.format(bins)]) }] : [])),
      ),
      x: { label: strings['fig.load-histogram.x'], ticks: Array.from({ length: maxLoad + 1 }, (_, k) => k), tickFormat: (v: number) => nf.format(v), labelArrow: 'none', labelAnchor: 'center', labelOffset: 38 },
      y: { type: 'log', domain: [0.7, most * 1.4], axis: null },
      color: { domain: data.histograms.map((h) => `d=${h.d}`), range: data.histograms.map((h) => dColour(h.d)) },
      // One legend: coloured symbols, so the series read without colour vision too.
      symbol: { legend: true, domain: data.histograms.map((h) => `d=${h.d}`) },
      marks: [
        ...logAxis('y', yTicks, (v) => nf.format(v), { label: yl.label, grid: true }),
        Plot.lineY(rows, { x: 'load', y: 'bins', stroke: 'series', strokeWidth: 1.5 }),
        Plot.dot(rows, { x: 'load', y: 'bins', fill: 'series', symbol: 'series', r: 4 }),
      ],
    });
  },
  table(data, { strings }) {
    const longest = Math.max(...data.histograms.map((h) => h.counts.length));
    return {
      columns: [strings['fig.load-histogram.col.load'], ...data.histograms.map((h) => fill(strings['fig.load-histogram.col.bins'], { d: h.d }))],
      rows: Array.from({ length: longest }, (_, load) => [load, ...data.histograms.map((h) => h.counts[load] ?? 0)]),
    };
  },
};
