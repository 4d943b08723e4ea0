import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { SupermarketTableData } from '../../src/experiments/power-of-two-choices/supermarket-table.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { framed, wrapped } from './frame.ts';
import { PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/** The simulation's name: its n, and over how many seeds its value is a mean when more than one. */
function simLabel(data: SupermarketTableData, locale: string, strings: Strings, column: boolean): string {
  const vars = { n: countFormat(locale).format(data.n), seeds: countFormat(locale).format(data.seeds) };
  const one = column ? strings['fig.supermarket-table.col.sim'] : strings['fig.supermarket-table.sim'];
  const many = column ? strings['fig.supermarket-table.col.sim.seeds'] : strings['fig.supermarket-table.sim.seeds'];
  return fill(data.seeds > 1 ? many : one, vars);
}

/**
 * The article's table as a compact dot chart: one row per (λ, d), the fixed point as a hollow
 * circle and the simulation as a filled one with its 95% interval, on a log x axis (T runs from
 * about 3 to 100).
 */
export const supermarketTableFigure: FigureModule<SupermarketTableData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const rowOf = (r: SupermarketTableData['rows'][number]): string => fill(strings['fig.supermarket-table.row'], { l: nf.format(r.lambda), d: r.d });
    const fixedName = strings['fig.supermarket-table.fixed'];
    const simName = simLabel(data, locale, strings, false);
    const points = data.rows.flatMap((r) => [
      { row: rowOf(r), kind: fixedName, t: r.fixedPoint },
      { row: rowOf(r), kind: simName, t: r.mean },
    ]);
    const intervals = data.rows.map((r) => ({ row: rowOf(r), kind: simName, lo: Math.max(r.mean - r.halfWidth, r.mean / 2), hi: r.mean + r.halfWidth }));
    const values = [...points.map((p) => p.t), ...intervals.flatMap((i) => [i.lo, i.hi])];
    const xLo = Math.min(...values) * 0.85;
    const xHi = Math.max(...values) * 1.15;
    const xl = wrapped(strings['fig.supermarket-table.x'], width - 104);
    return framed({ document, width }, {
      height: 44 + 30 * data.rows.length + xl.extra,
      marginLeft: 120,
      marginRight: 24,
      marginBottom: 40 + xl.extra,
      ariaLabel: strings['fig.supermarket-table.aria'],
      tips: data.rows.flatMap((r) => [
        { x: r.fixedPoint, y: rowOf(r), text: reading(rowOf(r), [fixedName, nf.format(r.fixedPoint)]) },
        { x: r.mean, y: rowOf(r), text: reading(rowOf(r), [simName, `${nf.format(r.mean)} ± ${nf.format(r.halfWidth)}`]) },
      ]),
      x: { type: 'log', domain: [xLo, xHi] },
      y: { domain: data.rows.map(rowOf), label: null },
      color: { domain: [fixedName, simName], range: [...PAIR] },
      symbol: { legend: true, domain: [fixedName, simName], range: ['circle', 'diamond2'] },
      marks: [
        ...logAxis('x', logTicks(xLo, xHi), (v) => nf.format(v), { label: xl.label, grid: true, room: width - 144 }),
        Plot.ruleY(data.rows.map(rowOf), { stroke: 'currentColor', strokeOpacity: 0.15 }),
        Plot.ruleY(intervals, { y: 'row', x1: 'lo', x2: 'hi', stroke: 'kind', strokeWidth: 1.5 }),
        Plot.dot(points, { x: 't', y: 'row', stroke: 'kind', symbol: 'kind', r: 5, strokeWidth: 1.5 }),
      ],
    });
  },
  table(data, { locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      columns: [
        strings['fig.supermarket-table.col.case'],
        strings['fig.supermarket-table.col.fixed'],
        simLabel(data, locale, strings, true),
        strings['fig.supermarket-table.col.ci'],
      ],
      rows: data.rows.map((r) => [fill(strings['fig.supermarket-table.row'], { l: nf.format(r.lambda), d: r.d }), r.fixedPoint, r.mean, r.halfWidth]),
    };
  },
};
