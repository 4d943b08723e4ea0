import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { KetamaCollisionsData } from '../../src/experiments/ketama-at-scale/ketama-collisions.ts';
import { predictedLost } from '../../src/lib/ketama/collisions.ts';
import { fill } from '../../src/i18n/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { AXIS_MARGINS, framed, wrapped } from './frame.ts';
import { PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';

/**
 * The share of ring points lost to 32-bit collisions against points per server, log-log: the
 * birthday prediction as a line, counted rings as filled dots; where the cell used the
 * prediction, no dot is drawn and the table says so.
 */
export const ketamaCollisionsFigure: FigureModule<KetamaCollisionsData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 2 });
    const kLo = data.rows[0].k;
    const kHi = data.rows[data.rows.length - 1].k;
    const line = Array.from({ length: 61 }, (_, i) => {
      const k = kLo * (kHi / kLo) ** (i / 60);
      return { k, f: predictedLost(data.nodes * k) / (data.nodes * k) };
    });
    const counted = data.rows.filter((r) => r.method !== 'predicted' && r.lost > 0).map((r) => ({ k: r.k, f: r.lost / r.m }));
    const ys = [...line.map((l) => l.f), ...counted.map((c) => c.f)].filter((y) => y > 0);
    const yLo = Math.min(...ys) / 1.5;
    const yHi = Math.max(...ys) * 1.5;
    // Decades only: five orders of magnitude on each axis would crowd 1-2-5 ticks.
    const decades = (lo: number, hi: number) => logTicks(lo, hi, { decades: true });
    const predicted = strings['fig.ketama-collisions.predicted'];
    const countedName = strings['fig.ketama-collisions.counted'];
    const xl = wrapped(fill(strings['fig.ketama-collisions.x'], { nodes: nf.format(data.nodes) }), width - 52);
    const yl = wrapped(strings['fig.ketama-collisions.y'], width - 8);
    return framed({ document, width }, {
      height: 300 + xl.extra + yl.extra,
      marginLeft: 72,
      ...AXIS_MARGINS,
      marginTop: 20 + yl.extra,
      marginBottom: AXIS_MARGINS.marginBottom + xl.extra,
      ariaLabel: fill(strings['fig.ketama-collisions.aria'], { nodes: data.nodes }),
      tips: data.rows.map((r) => {
        const col = (c: 'k' | 'm' | 'lost' | 'predicted' | 'fraction') => strings[`fig.ketama-collisions.col.${c}`];
        const f = r.method !== 'predicted' && r.lost > 0 ? r.lost / r.m : predictedLost(r.m) / r.m;
        return {
          x: r.k,
          y: f,
          text: reading([col('k'), nf.format(r.k)], [col('m'), nf.format(r.m)], r.method !== 'predicted' && [col('lost'), nf.format(r.lost)], [col('predicted'), nf.format(Math.round(r.predicted))], [col('fraction'), pct.format(r.lost / r.m)]),
        };
      }).filter((t) => t.y > 0),
      x: { type: 'log', domain: [kLo / 1.4, kHi * 1.4] },
      y: { type: 'log', domain: [yLo, yHi] },
      color: { domain: [predicted, countedName], range: [...PAIR], legend: true },
      marks: [
        ...logAxis('x', decades(kLo, kHi), (v) => nf.format(v), { label: xl.label, room: width - 100 }),
        ...logAxis('y', decades(yLo, yHi), (v) => pct.format(v), { label: yl.label, grid: true }),
        Plot.line(line, { x: 'k', y: 'f', stroke: () => predicted, strokeWidth: 1.5 }),
        Plot.dot(counted, { x: 'k', y: 'f', fill: () => countedName, r: 4 }),
      ],
    });
  },
  table(data, { locale, strings }) {
    const int = new Intl.NumberFormat(locale);
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 3 });
    return {
      columns: (['k', 'm', 'lost', 'predicted', 'fraction', 'tiebreak', 'method'] as const).map((c) => strings[`fig.ketama-collisions.col.${c}`]),
      rows: data.rows.map((r) => [
        int.format(r.k),
        int.format(r.m),
        r.method === 'predicted' ? strings['fig.ketama-collisions.lost.predicted'] : int.format(r.lost),
        int.format(Math.round(r.predicted)),
        pct.format(r.lost / r.m),
        // Counted only on a ring the cell builds: a bitmap's count and a prediction have no tie-break share.
        r.tiebreak === null ? strings['fig.ketama-collisions.tiebreak.none'] : pct.format(r.tiebreak),
        strings[`fig.ketama-collisions.method.${r.method}`],
      ]),
    };
  },
};
