import * as Plot from '@observablehq/plot';
import { reading, thin } from './tips.ts';
import type { SupermarketTData } from '../../src/experiments/power-of-two-choices/supermarket-t.ts';
import { fill } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { AXIS_MARGINS, framed, NARROW, wrap, wrapped } from './frame.ts';
import { dColour } from './palette.ts';
import type { FigureModule } from './types.ts';
import { markScrub } from './scrub.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/** Pixels between the series' markers at one λ, so that close values stay apart. */
const SPREAD = 5;

const seriesOf = (d: number): string => `d=${d}`;

/**
 * Figure 4: T against λ on a log y axis, one colour and symbol per d; the fixed point as a line,
 * the simulation as a marker with its 95% interval; a faint rule at the λ the results are read at.
 */
export const supermarketTFigure: FigureModule<SupermarketTData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const ds = data.curves.map((c) => c.d);
    const lines = data.curves.flatMap(({ d, points }) => points.map((p) => ({ series: seriesOf(d), lambda: p.lambda, t: p.t })));
    // A log axis cannot show an interval reaching 0; a lower end below half the mean (only at
    // tiny horizons) is drawn at half the mean.
    const sims = data.sims.map((s) => ({ series: seriesOf(s.d), lambda: s.lambda, mean: s.mean, lo: Math.max(s.mean - s.halfWidth, s.mean / 2), hi: s.mean + s.halfWidth }));
    const values = [...lines.map((l) => l.t), ...sims.flatMap((s) => [s.lo, s.hi])];
    const yLo = Math.min(...values) * 0.95;
    const yHi = Math.max(...values) * 1.1;
    const yl = wrapped(strings['fig.supermarket-t.y'], width - 8);
    const note = fill(strings['fig.supermarket-t.note'], { n: countFormat(locale).format(data.n) })
      .split(' · ')
      .map((part) => wrap(part, width * 0.6, 13))
      .join('\n');
    const marks: Plot.Markish[] = [
      ...logAxis('y', logTicks(yLo, yHi), (v) => nf.format(v), { label: yl.label, grid: true }),
      Plot.ruleX([data.lambda], { stroke: 'currentColor', strokeOpacity: 0.35, strokeDasharray: '3 3' }),
      Plot.line(lines, { x: 'lambda', y: 't', stroke: 'series', strokeWidth: 1.5 }),
      // The note is two lines or more, split at its ' · ' and wrapped, so it stays clear of the steep d = 1 curve.
      Plot.text([note], { frameAnchor: 'top-left', dx: 8, dy: 4, textAnchor: 'start', lineAnchor: 'top', fill: 'currentColor', fillOpacity: 0.85 }),
    ];
    // dx is a constant option, not a channel: one mark per series.
    ds.forEach((d, i) => {
      const own = sims.filter((s) => s.series === seriesOf(d));
      const dx = (i - (ds.length - 1) / 2) * SPREAD;
      marks.push(
        Plot.ruleX(own, { x: 'lambda', y1: 'lo', y2: 'hi', stroke: 'series', strokeWidth: 1.5, dx }),
        Plot.dot(own, { x: 'lambda', y: 'mean', fill: 'series', symbol: 'series', r: 3.5, dx }),
      );
    });
    // λ is the x axis: the hand drags it there (axis-scrub.ts).
    const chart = framed({ document, width }, {
      height: 340 + yl.extra,
      marginLeft: 52,
      ...AXIS_MARGINS,
      marginTop: 20 + yl.extra,
      ariaLabel: strings['fig.supermarket-t.aria'],
      tips: [
        ...data.sims.map((s) => ({ x: s.lambda, y: s.mean, text: reading(seriesOf(s.d), [strings['fig.supermarket-t.col.lambda'], nf.format(s.lambda)], [fill(strings['fig.supermarket-t.col.sim'], { d: s.d }), `${nf.format(s.mean)} ± ${nf.format(s.halfWidth)}`]) })),
        ...data.curves.flatMap(({ d, points }) =>
          thin(points, 12).map((p) => ({ x: p.lambda, y: p.t, text: reading(seriesOf(d), [strings['fig.supermarket-t.col.lambda'], nf.format(p.lambda)], [fill(strings['fig.supermarket-t.col.fixed'], { d }), nf.format(p.t)]) })),
        ),
      ],
      x: { domain: [0.1, 1], ticks: width < NARROW ? [0.2, 0.4, 0.6, 0.8, 1] : [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], tickFormat: (v: number) => nf.format(v), label: strings['fig.supermarket-t.x'], labelArrow: 'none', labelAnchor: 'center' },
      y: { type: 'log', domain: [yLo, yHi] },
      color: { domain: ds.map(seriesOf), range: ds.map(dColour) },
      symbol: { legend: true, domain: ds.map(seriesOf) },
      marks,
    });
    return markScrub(chart, 'lambda');
  },
  table(data, { locale, strings }) {
    const ds = data.curves.map((c) => c.d);
    const lambdas = [...new Set(data.sims.map((s) => s.lambda))].sort((a, b) => a - b);
    const mean = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 });
    const half = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
    const at = (d: number, lambda: number) => data.sims.find((s) => s.d === d && s.lambda === lambda)!;
    return {
      columns: [strings['fig.supermarket-t.col.lambda'], ...ds.flatMap((d) => [fill(strings['fig.supermarket-t.col.fixed'], { d }), fill(strings['fig.supermarket-t.col.sim'], { d })])],
      rows: lambdas.map((lambda) => [
        lambda,
        ...ds.flatMap((d) => {
          const s = at(d, lambda);
          return [s.fixedPoint, `${mean.format(s.mean)} ± ${half.format(s.halfWidth)}`];
        }),
      ]),
    };
  },
};
