import * as Plot from '@observablehq/plot';
import { reading, thin } from './tips.ts';
import type { MolsDynamicData } from '../../src/experiments/mols-relay-routing/mols-dynamic.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { framed, textWidth } from './frame.ts';
import { PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/**
 * Over time: above, clients that changed relay in each step (reconnections while their relay was
 * up, and those forced off a failed one); below, the busiest relay's clients over the mean. The
 * shaded bands are the script's events: relay down, congestion episode, a flaky relay.
 */
export const molsDynamicFigure: FigureModule<MolsDynamicData> = {
  plot(d, { width, document, locale, strings }) {
    const nf = countFormat(locale);
    const nf2 = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const steps = d.steps.map((s, t) => ({ t: t + 1, ...s }));
    const bands = [
      { from: d.failAt, to: d.returnAt, label: strings['fig.mols-dynamic.event.down'] },
      { from: d.episode[0], to: d.episode[1], label: strings['fig.mols-dynamic.event.congestion'] },
      { from: d.flaky[0], to: d.flaky[1], label: strings['fig.mols-dynamic.event.flaky'] },
    ];
    const series = [
      ...steps.map((s) => ({ t: s.t, v: s.reconnects, what: strings['fig.mols-dynamic.reconnects'] })),
      ...steps.map((s) => ({ t: s.t, v: s.forced, what: strings['fig.mols-dynamic.forced'] })),
    ];
    // The bands' names sit above the frame, clear of the lines: each over its band's middle,
    // kept inside the figure, and a row lower where it would touch its neighbour.
    const left = 52;
    const right = 20;
    const span = width - left - right;
    const px = (t: number) => left + (t / Math.max(1, d.steps.length)) * span;
    const rowEnds: number[] = [];
    const names = bands
      .map((b) => ({ ...b, w: textWidth(b.label, 12) }))
      .sort((a, b) => a.from + a.to - b.from - b.to)
      .map((b) => {
        const c = Math.min(width - 2 - b.w / 2, Math.max(2 + b.w / 2, px((b.from + b.to) / 2)));
        let row = rowEnds.findIndex((end) => end + 8 <= c - b.w / 2);
        if (row < 0) row = rowEnds.push(0) - 1;
        rowEnds[row] = c + b.w / 2;
        return { label: b.label, t: ((c - left) / span) * d.steps.length, row };
      });
    const rows = Math.max(1, rowEnds.length);
    const shade = (y: boolean) => [
      Plot.rectX(bands, { x1: 'from', x2: 'to', fill: 'currentColor', fillOpacity: 0.08 }),
      // dy is a constant, not a channel: one text mark per row.
      ...(y ? Array.from({ length: rows }, (_, k) => Plot.text(names.filter((n) => n.row === k), { x: 't', text: 'label', frameAnchor: 'top', dy: -4 - 15 * (rows - 1 - k), lineAnchor: 'bottom', fill: 'currentColor' })) : []),
    ];
    const x = { domain: [0, d.steps.length], label: strings['fig.mols-dynamic.x'], labelAnchor: 'center' as const, labelOffset: 32 };
    const top = framed({ document, width }, {
      height: 230 + 14 * rows,
      marginTop: 22 + 15 * rows,
      marginRight: right,
      marginLeft: left,
      marginBottom: 40,
      font: 'panel',
      ariaLabel: strings['fig.mols-dynamic.aria.reconnects'],
      tips: thin(steps, 100).map((s) => ({
        x: s.t - 0.5,
        y: Math.max(s.reconnects, s.forced),
        text: reading([strings['fig.mols-dynamic.x'], nf.format(s.t)], [strings['fig.mols-dynamic.reconnects'], nf.format(s.reconnects)], [strings['fig.mols-dynamic.forced'], nf.format(s.forced)]),
      })),
      x,
      y: { grid: true, label: strings['fig.mols-dynamic.y.reconnects'], labelArrow: 'none' },
      color: { legend: true, domain: [strings['fig.mols-dynamic.reconnects'], strings['fig.mols-dynamic.forced']], range: [...PAIR] },
      // Lines, not a bar per step: a few hundred steps stay a couple of paths in the page.
      marks: [...shade(true), Plot.lineY(series, { x: 't', y: 'v', stroke: 'what', strokeWidth: 1.5, curve: 'step-before' }), Plot.ruleY([0], { stroke: 'currentColor' })],
    });
    const bottom = framed({ document, width }, {
      height: 190,
      marginLeft: 52,
      marginBottom: 40,
      font: 'panel',
      ariaLabel: strings['fig.mols-dynamic.aria.spread'],
      tips: thin(steps, 100).map((s) => ({ x: s.t, y: s.spread, text: reading([strings['fig.mols-dynamic.x'], nf.format(s.t)], [strings['fig.mols-dynamic.y.spread'], nf2.format(s.spread)]) })),
      x,
      y: { grid: true, domain: [1, Math.max(1.5, ...steps.map((s) => s.spread)) * 1.05], label: strings['fig.mols-dynamic.y.spread'], labelArrow: 'none' },
      marks: [...shade(false), Plot.line(steps, { x: 't', y: 'spread', stroke: 'currentColor', strokeWidth: 1.5 })],
    });
    const wrap = document.createElement('div');
    wrap.className = 'mols-dynamic-figure';
    wrap.append(top, bottom);
    return wrap;
  },
  table(d, { locale, strings }) {
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const col = (k: KeysUnder<'fig.mols-dynamic.col.'>) => strings[`fig.mols-dynamic.col.${k}`];
    // One row per tenth of the run keeps the table readable; each sums (or averages) its steps.
    const size = Math.max(1, Math.ceil(d.steps.length / 10));
    const rows: (string | number)[][] = [];
    for (let a = 0; a < d.steps.length; a += size) {
      const part = d.steps.slice(a, a + size);
      rows.push([
        `${a + 1}–${a + part.length}`,
        part.reduce((s, x) => s + x.reconnects, 0),
        part.reduce((s, x) => s + x.forced, 0),
        dec.format(Math.max(...part.map((x) => x.spread))),
        dec.format(part.reduce((s, x) => s + x.rtt, 0) / part.length),
        fill(strings['fig.mols-dynamic.alive'], { n: Math.min(...part.map((x) => x.alive)) }),
      ]);
    }
    return { columns: [col('steps'), col('reconnects'), col('forced'), col('spread'), col('rtt'), col('alive')], rows };
  },
};
