import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { FlowData } from '../../src/experiments/flow/flow-common.ts';
import { fill } from '../../src/i18n/index.ts';
import { framed, wrapped } from './frame.ts';
import { COLOURS } from './palette.ts';
import { logAxis, logTicks } from './log-axis.ts';
import type { FigureModule } from './types.ts';

const STATS = ['p50', 'p95', 'p99', 'mean'] as const;

/**
 * Tail latency per policy: one row per policy, a rule from its median to its p99 and a marker
 * for p50, p95, p99 and the mean, on a log axis so that a policy ten times slower still shares
 * the chart with the fast ones. Every policy ran on the same requests.
 */
export const flowLatencyFigure: FigureModule<FlowData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const statName = (s: (typeof STATS)[number]) => strings[`fig.flow-latency.stat.${s}`];
    const policies = data.policies.map((r) => r.policy);
    const points = data.policies.flatMap((r) => STATS.map((s) => ({ policy: r.policy, stat: statName(s), value: r[s] })));
    const lo = Math.min(...data.policies.map((r) => Math.min(r.p50, r.mean))) / 1.3;
    const hi = Math.max(...data.policies.map((r) => r.p99)) * 1.3;
    const note = fill(strings['fig.flow-latency.note'], {
      servers: nf.format(data.servers),
      load: nf.format(data.load),
      measured: nf.format(data.measured),
      warmup: nf.format(data.warmup.requests),
      time: nf.format(data.warmup.time),
    });
    // The axis title wraps on a phone, and the bottom margin grows by its extra lines.
    const xl = wrapped(strings['fig.flow-latency.x'], width - 64 - 16);
    return framed({ document, width }, {
      height: 70 + 44 * policies.length + xl.extra,
      marginLeft: 64,
      marginRight: 16,
      marginBottom: 44 + xl.extra,
      ariaLabel: strings['fig.flow-latency.aria'],
      tips: points.map((r) => ({ x: r.value, y: r.policy, text: reading(r.policy, [r.stat, nf.format(r.value)]) })),
      caption: note,
      x: { type: 'log', domain: [lo, hi] },
      y: { domain: policies, label: null },
      // The percentiles darken as they climb the tail; the mean stands apart (the shared palette).
      color: { domain: STATS.map(statName), range: [COLOURS.blue, COLOURS.purple, COLOURS.vermillion, COLOURS.grey], legend: true },
      symbol: { domain: STATS.map(statName) },
      marks: [
        ...logAxis('x', logTicks(lo, hi), (v) => nf.format(v), { label: xl.label, grid: true }),
        Plot.axisY({ label: null }),
        Plot.ruleY(data.policies, { y: 'policy', x1: 'p50', x2: 'p99', stroke: 'currentColor', strokeOpacity: 0.4, strokeWidth: 2 }),
        Plot.dot(points, { x: 'value', y: 'policy', stroke: 'stat', fill: 'stat', symbol: 'stat', r: 4.5 }),
      ],
    });
  },
  table(data, { locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    return {
      columns: [
        strings['fig.flow-latency.col.policy'],
        strings['fig.flow-latency.col.mean'],
        strings['fig.flow-latency.col.p50'],
        strings['fig.flow-latency.col.p95'],
        strings['fig.flow-latency.col.p99'],
        strings['fig.flow-latency.col.max'],
        strings['fig.flow-latency.col.queue'],
        strings['fig.flow-latency.col.busiest'],
      ],
      rows: data.policies.map((r) => [r.policy, nf.format(r.mean), nf.format(r.p50), nf.format(r.p95), nf.format(r.p99), nf.format(r.max), r.queueMax, pct.format(Math.max(...r.utilisation))]),
    };
  },
};
