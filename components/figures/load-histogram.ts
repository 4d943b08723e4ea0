import * as Plot from '@observablehq/plot';
import type { MaxLoadData } from '../../src/experiments/balls-maxload.ts';
import { fill } from '../../src/i18n/index.ts';
import type { FigureModule } from './types.ts';

/** How many bins hold k balls, one series per d, on a log y axis so the rare tail shows. */
export const loadHistogram: FigureModule<MaxLoadData> = {
  plot(data, { width, document, locale, strings }) {
    const rows = data.histograms.flatMap(({ d, counts }) =>
      counts.map((bins, load) => ({ series: `d=${d}`, load, bins })).filter((r) => r.bins > 0),
    );
    const maxLoad = Math.max(...rows.map((r) => r.load));
    const nf = new Intl.NumberFormat(locale);
    return Plot.plot({
      document,
      width,
      height: 300,
      marginLeft: 64,
      style: { fontSize: '13px' },
      ariaLabel: strings['fig.load-histogram.aria'],
      x: { label: strings['fig.load-histogram.x'], ticks: Math.min(maxLoad, 12), tickFormat: (v: number) => nf.format(v), labelArrow: 'none', labelAnchor: 'center' },
      y: { type: 'log', label: strings['fig.load-histogram.y'], grid: true, tickFormat: (v: number) => nf.format(v), labelArrow: 'none' },
      color: { type: 'categorical' },
      // One legend: coloured symbols, so the series read without colour vision too.
      symbol: { legend: true },
      marks: [
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
