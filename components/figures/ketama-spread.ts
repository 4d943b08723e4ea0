import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { KetamaSpreadData } from '../../src/experiments/ketama-at-scale/ketama-spread.ts';
import { cvFormula } from '../../src/lib/ketama/spread.ts';
import { fill } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { AXIS_MARGINS, framed, wrapped } from './frame.ts';
import { COLOURS, PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';
import { markScrub } from './scrub.ts';

/**
 * CV of the servers' shares against points per server, log-log: the Beta formula as a line, the
 * measured rings as dots (root mean square over the rings) with a bar from the lowest ring to the
 * highest; where points collide and the tie-break matters, the same rings with a random tie-break
 * as hollow diamonds.
 */
export const ketamaSpreadFigure: FigureModule<KetamaSpreadData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const pct2 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const nf2 = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const ks = data.series.map((s) => s.k);
    const kLo = ks[0];
    const kHi = Math.max(ks[ks.length - 1], 2);
    // The formula as a smooth line: 60 log-spaced k between the ends.
    const line = Array.from({ length: 61 }, (_, i) => {
      const k = kLo * (kHi / kLo) ** (i / 60);
      return { k, cv: cvFormula(data.nodes, k) };
    });
    // Only the k where the tie-break changes the measurement (at 1e-9 of it: collisions).
    const tied = data.series.filter((s) => Math.abs(s.cvRandomTie - s.cv) > 1e-9 * s.cv);
    const ys = [...data.series.flatMap((s) => [s.cvMin, s.cvMax, s.formula]), ...tied.map((s) => s.cvRandomTie), ...line.map((l) => l.cv)].filter((y) => y > 0);
    const yLo = Math.min(...ys) / 1.3;
    const yHi = Math.max(...ys) * 1.3;
    const measured = fill(strings['fig.ketama-spread.measured'], { rings: data.rings });
    const formula = strings['fig.ketama-spread.formula'];
    const randomTie = strings['fig.ketama-spread.random_tie'];
    const legend = tied.length ? [formula, measured, randomTie] : [formula, measured];
    const xl = wrapped(strings['fig.ketama-spread.x'], width - 36);
    const yl = wrapped(strings['fig.ketama-spread.y'], width - 8);
    const svg = framed({ document, width }, {
      height: 300 + xl.extra + yl.extra,
      marginLeft: 56,
      ...AXIS_MARGINS,
      marginTop: 20 + yl.extra,
      marginBottom: AXIS_MARGINS.marginBottom + xl.extra,
      ariaLabel: fill(strings['fig.ketama-spread.aria'], { nodes: data.nodes }),
      tips: data.series.map((r) => {
        const col = (c: 'k' | 'cv' | 'range' | 'random_tie' | 'formula' | 'max') => strings[`fig.ketama-spread.col.${c}`];
        return {
          x: r.k,
          y: r.cv,
          text: reading(
            [col('k'), nf.format(r.k)],
            [col('cv'), pct2.format(r.cv)],
            [col('range'), `${pct2.format(r.cvMin)} – ${pct2.format(r.cvMax)}`],
            Math.abs(r.cvRandomTie - r.cv) > 1e-9 * r.cv && [col('random_tie'), pct2.format(r.cvRandomTie)],
            [col('formula'), pct2.format(r.formula)],
            [col('max'), nf2.format(r.maxOverMean)],
          ),
        };
      }),
      x: { type: 'log', domain: [kLo / 1.3, kHi * 1.3] },
      y: { type: 'log', domain: [yLo, yHi] },
      color: { domain: legend, range: [...PAIR, COLOURS.green].slice(0, legend.length), legend: true },
      marks: [
        ...logAxis('x', logTicks(kLo, kHi), (v) => nf.format(v), { label: xl.label, room: width - 84 }),
        ...logAxis('y', logTicks(yLo, yHi), (v) => pct.format(v), { label: yl.label, grid: true, room: 230 }),
        Plot.line(line, { x: 'k', y: 'cv', stroke: () => formula, strokeWidth: 1.5 }),
        Plot.ruleX(data.series, { x: 'k', y1: 'cvMin', y2: 'cvMax', stroke: () => measured }),
        Plot.dot(data.series, { x: 'k', y: 'cv', fill: () => measured, r: 3.5 }),
        Plot.dot(tied, { x: 'k', y: 'cvRandomTie', stroke: () => randomTie, symbol: 'diamond', r: 4.5, strokeWidth: 1.5 }),
      ],
    });
    // Points per server is the x axis: the hand drags it there (axis-scrub.ts).
    return markScrub(svg, 'points');
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      columns: (['k', 'cv', 'range', 'random_tie', 'formula', 'max'] as const).map((c) => strings[`fig.ketama-spread.col.${c}`]),
      rows: data.series.map((s) => [s.k, pct.format(s.cv), `${pct.format(s.cvMin)} – ${pct.format(s.cvMax)}`, pct.format(s.cvRandomTie), pct.format(s.formula), dec.format(s.maxOverMean)]),
    };
  },
};
