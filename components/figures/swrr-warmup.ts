import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import { WARMUPS, type SwrrWarmupData } from '../../src/experiments/smooth-weighted-round-robin/swrr-warmup.ts';
import { fill } from '../../src/i18n/index.ts';
import { letter } from '../../src/lib/swrr/index.ts';
import { nodeColor } from './swrr-strip.ts';
import { framed, NARROW, textWidth, wrap } from './frame.ts';
import type { FigureModule } from './types.ts';

/**
 * Who gets the first picks after a restart: one bar per warm-up, split by node, against a bar
 * of the weights themselves (what a fair start would give).
 */
export const swrrWarmupFigure: FigureModule<SwrrWarmupData> = {
  plot(data, { width, document, locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const total = data.weights.reduce((a, b) => a + b, 0);
    const rows = [
      { label: strings['fig.swrr-warmup.row.weights'], shares: data.weights.map((w) => w / total) },
      ...WARMUPS.map((w) => ({ label: strings[`fig.swrr-warmup.row.${w}`], shares: data.shares[w] })),
    ];
    const bars = rows.flatMap((r) => r.shares.map((share, i) => ({ row: r.label, node: letter(i), share })));
    // Row labels wrap into at most two fifths of a phone's width.
    const marginLeft = width < NARROW ? Math.round(width * 0.4) : 170;
    const labels = new Map(rows.map((r) => [r.label, wrap(r.label, marginLeft - 12, 13)]));
    const lines = Math.max(...[...labels.values()].map((l) => l.split('\n').length));
    const plotWidth = width - marginLeft - 24;
    const text = (b: { node: string; share: number }) => `${b.node} ${pct.format(b.share)}`;
    return framed({ document, width }, {
      height: 60 + (26 + 14 * lines) * rows.length,
      marginLeft,
      marginRight: 24,
      marginBottom: 40,
      ariaLabel: fill(strings['fig.swrr-warmup.aria'], { window: data.window, restarts: data.restarts }),
      // Each segment's reading at its middle (the stack's running sum).
      tips: rows.flatMap((r) => r.shares.map((share, i) => ({ x: r.shares.slice(0, i).reduce((a, b) => a + b, 0) + share / 2, y: r.label, text: reading(r.label, [letter(i), pct1.format(share)]) }))),
      x: { domain: [0, 1], label: fill(strings['fig.swrr-warmup.x'], { window: data.window }), tickFormat: (v: number) => pct.format(v), labelArrow: 'none' },
      y: { domain: rows.map((r) => r.label), label: null, tickFormat: (v: string) => labels.get(v) ?? v },
      color: { ...nodeColor(data.weights.length), legend: true },
      marks: [
        // Tints, so the labels on them read in either theme; outlined in the node's full colour.
        Plot.barX(bars, Plot.stackX({ x: 'share', y: 'row', fill: 'node', fillOpacity: 0.5, stroke: 'node', order: 'node', inset: 0.5 })),
        // A label only where its segment holds it; the table has every share.
        Plot.text(
          bars,
          Plot.stackX({ x: 'share', y: 'row', order: 'node', text: (b: { node: string; share: number }) => (b.share * plotWidth >= textWidth(text(b), 13) + 8 ? text(b) : ''), fill: 'currentColor', fontWeight: 600 }),
        ),
      ],
    });
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const total = data.weights.reduce((a, b) => a + b, 0);
    const letters = data.weights.map((_, i) => letter(i));
    return {
      columns: [strings['fig.swrr-warmup.col.start'], ...letters.map((node) => fill(strings['fig.swrr-warmup.col.node'], { node, window: data.window }))],
      rows: [
        [strings['fig.swrr-warmup.row.weights'], ...data.weights.map((w) => pct.format(w / total))],
        ...WARMUPS.map((w) => [strings[`fig.swrr-warmup.row.${w}`], ...data.shares[w].map((s) => pct.format(s))]),
      ],
    };
  },
};
