import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { HerdStaleData } from '../../src/experiments/power-of-two-choices/herd-stale.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import type { Strategy } from '../../src/lib/herd/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { AXIS_MARGINS, framed, wrapped } from './frame.ts';
import { dColour, LEAST_LOADED } from './palette.ts';
import type { FigureModule } from './types.ts';

/** Pixels between the series at one age, so that close values stay apart. */
const SPREAD = 4;

const nameOf = (s: Strategy, strings: Strings): string => (s === 'least-loaded' ? strings['fig.herd-stale.all'] : `d=${s}`);

/**
 * The herd effect: mean time in system against the board's age, both on log axes, one colour
 * and symbol per strategy, 95% intervals as bars; a faint rule at the age the results are read at.
 */
export const herdStaleFigure: FigureModule<HerdStaleData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const names = data.series.map((s) => nameOf(s.strategy, strings));
    const rows = data.series.flatMap((s, i) =>
      s.points.map((p) => ({ series: names[i], age: p.age, mean: p.mean, lo: Math.max(p.mean - p.halfWidth, p.mean / 2), hi: p.mean + p.halfWidth })),
    );
    const yLo = Math.min(...rows.map((r) => r.lo)) * 0.9;
    const yHi = Math.max(...rows.map((r) => r.hi)) * 1.1;
    const xLo = data.ages[0] / 1.4;
    const xHi = data.ages[data.ages.length - 1] * 1.4;
    const xl = wrapped(strings['fig.herd-stale.x'], width - 32);
    const yl = wrapped(strings['fig.herd-stale.y'], width - 8);
    return framed({ document, width }, {
      height: 340 + xl.extra + yl.extra,
      marginLeft: 52,
      ...AXIS_MARGINS,
      marginTop: 20 + yl.extra,
      marginBottom: AXIS_MARGINS.marginBottom + xl.extra,
      ariaLabel: strings['fig.herd-stale.aria'],
      tips: data.series.flatMap((s, i) =>
        s.points.map((p) => ({
          x: p.age,
          y: p.mean,
          text: reading([strings['fig.herd-stale.col.age'], nf.format(p.age)], [fill(strings['fig.herd-stale.col.series'], { name: names[i] }), `${nf.format(p.mean)} ± ${nf.format(p.halfWidth)}`]),
        })),
      ),
      x: { type: 'log', domain: [xLo, xHi] },
      y: { type: 'log', domain: [yLo, yHi] },
      color: { domain: names, range: data.series.map((s) => (s.strategy === 'least-loaded' ? LEAST_LOADED : dColour(s.strategy))) },
      symbol: { legend: true, domain: names },
      marks: [
        ...logAxis('x', data.ages, (v) => nf.format(v), { label: xl.label, room: width - 80 }),
        ...logAxis('y', logTicks(yLo, yHi), (v) => nf.format(v), { label: yl.label, grid: true }),
        Plot.ruleX([data.age], { stroke: 'currentColor', strokeOpacity: 0.35, strokeDasharray: '3 3' }),
        // dx is a constant option, not a channel: one set of marks per series.
        ...names.flatMap((name, i) => {
          const own = rows.filter((r) => r.series === name);
          const dx = (i - (names.length - 1) / 2) * SPREAD;
          return [
            Plot.line(own, { x: 'age', y: 'mean', stroke: 'series', strokeWidth: 1.5, dx }),
            Plot.ruleX(own, { x: 'age', y1: 'lo', y2: 'hi', stroke: 'series', strokeWidth: 1.5, dx }),
            Plot.dot(own, { x: 'age', y: 'mean', fill: 'series', symbol: 'series', r: 3.5, dx }),
          ];
        }),
      ],
    });
  },
  table(data, { locale, strings }) {
    const mean = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 });
    const half = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
    return {
      columns: [strings['fig.herd-stale.col.age'], ...data.series.map((s) => fill(strings['fig.herd-stale.col.series'], { name: nameOf(s.strategy, strings) }))],
      rows: data.ages.map((age, k) => [age, ...data.series.map((s) => `${mean.format(s.points[k].mean)} ± ${half.format(s.points[k].halfWidth)}`)]),
    };
  },
};
