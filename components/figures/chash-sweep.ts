import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { ChashSweepData } from '../../src/experiments/consistent-hashing/chash-sweep.ts';
import { fill } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { framed, NARROW, wrapped } from './frame.ts';
import { PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

const HEIGHT = 190;

/**
 * Virtual nodes against what they buy and cost, three small panels on one log V axis: the share
 * of keys moved from `from` to `to` nodes (the least possible as a dashed rule), the spread of
 * load on the `from` ring, and ring memory with the measured lookup time on a shared log y.
 */
export const chashSweepFigure: FigureModule<ChashSweepData> = {
  // Its panels draw every number (keys moved and the spread at each V): they all fold under it.
  resultsShown: 0,
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const vs = data.series.map((s) => s.v);
    const xLo = vs[0] / 1.3;
    const xHi = vs[vs.length - 1] * 1.3;
    const xTicks = logTicks(vs[0], vs[vs.length - 1]);
    const xl = wrapped(strings['fig.chash-sweep.x'], width - 40);
    const common = {
      height: HEIGHT + xl.extra,
      marginLeft: 56,
      marginRight: 24,
      marginBottom: 40 + xl.extra,
      x: { type: 'log' as const, domain: [xLo, xHi] },
    };
    // On a phone the three panels stand one above the other, lower, and the axis's name is said
    // once, under the last (the upper two keep their ticks).
    const narrow = width < NARROW;
    const upper = narrow ? { ...common, height: HEIGHT - 55, marginBottom: 24 } : common;
    const int = countFormat(locale);
    const dec = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 });
    const col = (c: 'v' | 'moved' | 'std' | 'bytes' | 'lookup') => strings[`fig.chash-sweep.col.${c}`];
    const xAxis = (named = true) => logAxis('x', xTicks, (v) => nf.format(v), { label: named || !narrow ? xl.label : null, room: width - 80 });

    const movedTop = Math.max(data.ideal, ...data.series.map((s) => s.moved)) * 1.15 || 1;
    const moved = framed({ document, width }, {
      ...upper,
      // A second line above the frame for the dashed rule's key: clear of the points, which
      // scatter on both sides of the least share at small V.
      height: upper.height + 16,
      marginTop: 36,
      ariaLabel: strings['fig.chash-sweep.moved'],
      tips: data.series.map((r) => ({ x: r.v, y: r.moved, text: reading([col('v'), int.format(r.v)], [col('moved'), pct1.format(r.moved)]) })),
      y: { domain: [0, movedTop], label: strings['fig.chash-sweep.moved'], tickFormat: (v: number) => pct.format(v), grid: true, labelArrow: 'none' },
      marks: [
        ...xAxis(false),
        Plot.ruleY([data.ideal], { stroke: 'currentColor', strokeOpacity: 0.5, strokeDasharray: '4 3' }),
        Plot.text([`‐ ‐ ‐ ${fill(strings['fig.chash-sweep.ideal'], { value: pct.format(data.ideal) })}`], { frameAnchor: 'top-right', dy: -16, textAnchor: 'end', lineAnchor: 'top', fill: 'currentColor' }),
        Plot.line(data.series, { x: 'v', y: 'moved', stroke: 'currentColor', strokeWidth: 1.5 }),
        Plot.dot(data.series, { x: 'v', y: 'moved', fill: 'currentColor', r: 3 }),
      ],
    });

    const stds = data.series.map((s) => s.std).filter((s) => s > 0);
    const sLo = (stds.length ? Math.min(...stds) : 0.01) / 1.3;
    const sHi = (stds.length ? Math.max(...stds) : 1) * 1.3;
    const std = framed({ document, width }, {
      ...upper,
      ariaLabel: strings['fig.chash-sweep.std'],
      tips: data.series.filter((r) => r.std > 0).map((r) => ({ x: r.v, y: r.std, text: reading([col('v'), int.format(r.v)], [col('std'), dec.format(r.std)]) })),
      y: { type: 'log', domain: [sLo, sHi] },
      marks: [
        ...xAxis(false),
        ...logAxis('y', logTicks(sLo, sHi), (v) => nf.format(v), { label: strings['fig.chash-sweep.std'], grid: true, room: (narrow ? upper.height : HEIGHT) - 60 }),
        Plot.line(data.series.filter((s) => s.std > 0), { x: 'v', y: 'std', stroke: 'currentColor', strokeWidth: 1.5 }),
        Plot.dot(data.series.filter((s) => s.std > 0), { x: 'v', y: 'std', fill: 'currentColor', r: 3 }),
      ],
    });

    const memName = strings['fig.chash-sweep.memory'];
    const nsName = strings['fig.chash-sweep.lookup'];
    const costRows = data.series.flatMap((s) => [
      { series: memName, v: s.v, y: s.bytes / 1024 },
      { series: nsName, v: s.v, y: s.lookupNs },
    ]).filter((r) => r.y > 0);
    const cLo = Math.min(...costRows.map((r) => r.y)) / 1.5;
    const cHi = Math.max(...costRows.map((r) => r.y)) * 1.5;
    const cl = wrapped(strings['fig.chash-sweep.cost'], width - 8);
    const cost = framed({ document, width }, {
      ...common,
      height: (narrow ? HEIGHT - 30 : HEIGHT) + 30 + xl.extra + cl.extra,
      marginTop: 20 + cl.extra,
      ariaLabel: strings['fig.chash-sweep.cost'],
      tips: data.series.flatMap((r) => [
        ...(r.bytes > 0 ? [{ x: r.v, y: r.bytes / 1024, text: reading([col('v'), int.format(r.v)], [col('bytes'), int.format(r.bytes)]) }] : []),
        ...(r.lookupNs > 0 ? [{ x: r.v, y: r.lookupNs, text: reading([col('v'), int.format(r.v)], [col('lookup'), dec.format(r.lookupNs)]) }] : []),
      ]),
      y: { type: 'log', domain: [cLo, cHi] },
      color: { domain: [memName, nsName], range: [...PAIR], legend: true },
      symbol: { domain: [memName, nsName] },
      marks: [
        ...xAxis(),
        ...logAxis('y', logTicks(cLo, cHi), (v) => nf.format(v), { label: cl.label, grid: true, room: (narrow ? HEIGHT - 30 : HEIGHT) - 30 }),
        Plot.line(costRows, { x: 'v', y: 'y', stroke: 'series', strokeWidth: 1.5 }),
        Plot.dot(costRows, { x: 'v', y: 'y', fill: 'series', symbol: 'series', r: 3.5 }),
      ],
    });

    const box = document.createElement('div');
    box.className = 'figure-panels';
    const note = document.createElement('p');
    note.className = 'figure-note';
    note.textContent = strings['fig.chash-sweep.note'];
    box.append(moved, std, cost, note);
    box.setAttribute('aria-label', strings['fig.chash-sweep.aria']);
    box.setAttribute('role', 'group');
    return box;
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const dec = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 });
    const int = countFormat(locale);
    return {
      columns: (['v', 'moved', 'std', 'bytes', 'lookup'] as const).map((c) => strings[`fig.chash-sweep.col.${c}`]),
      rows: data.series.map((s) => [s.v, pct.format(s.moved), dec.format(s.std), int.format(s.bytes), dec.format(s.lookupNs)]),
    };
  },
};
