import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { SwrrFailureData } from '../../src/experiments/smooth-weighted-round-robin/swrr-failure.ts';
import { fill } from '../../src/i18n/index.ts';
import { letter } from '../../src/lib/swrr/index.ts';
import { lettersFit, nodeColor, stripMarks, stripTips } from './swrr-strip.ts';
import { framed } from './frame.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/**
 * A failure in nginx's round robin, round by round: above, each node's effective weight (the
 * failed node's drops to 0, waits out fail_timeout, then climbs by 1 a round); below, who
 * answered each request, with a cross where an attempt failed and was retried.
 */
export const swrrFailureFigure: FigureModule<SwrrFailureData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = countFormat(locale);
    const letters = data.weights.map((_, i) => letter(i));
    const rounds = data.rounds.map((r) => r.round);
    // Nodes of equal weight share a line; nested dots of shrinking size keep each one visible.
    const biggest = Math.min(5, (width - 76) / data.rounds.length / 2.5);
    const eff = data.rounds.flatMap((r) => r.effective.map((e, i) => ({ round: r.round, node: letters[i], e, r: Math.max(1, biggest - 1.2 * i) })));
    const common = { marginLeft: 56 };
    const lines = framed({ document, width }, {
      ...common,
      height: 200,
      ariaLabel: fill(strings['fig.swrr-failure.aria.weight'], { node: letters[data.node] }),
      tips: data.rounds.map((r) => ({
        x: r.round,
        y: r.effective[data.node],
        text: reading([strings['fig.swrr-failure.col.round'], nf.format(r.round)], ...r.effective.map((e, i) => [fill(strings['fig.swrr-failure.col.effective'], { node: letters[i] }), nf.format(e)] as const)),
      })),
      x: { domain: [0.5, rounds.length + 0.5], label: null, tickFormat: (v: number) => nf.format(v) },
      y: { domain: [0, Math.max(...data.weights) + 0.5], label: strings['fig.swrr-failure.y'], grid: true, labelArrow: 'none' },
      color: { ...nodeColor(letters.length), legend: true },
      r: { type: 'identity' },
      marks: [
        Plot.line(eff, { x: 'round', y: 'e', stroke: 'node', curve: 'step', strokeWidth: 2 }),
        Plot.dot(eff, { x: 'round', y: 'e', fill: 'node', r: 'r' }),
      ],
    });
    const served = data.rounds.map((r) => r.attempts[r.attempts.length - 1].peer);
    const failed = data.rounds.filter((r) => r.attempts.some((a) => a.failed)).map((r) => ({ i: r.round, row: strings['fig.swrr-failure.row'] }));
    const picks = framed({ document, width }, {
      ...common,
      height: 86,
      marginBottom: 34,
      ariaLabel: strings['fig.swrr-failure.aria.picks'],
      tips: stripTips([{ label: strings['fig.swrr-failure.row'], picks: served }], strings['fig.swrr-failure.x']),
      x: { type: 'band', domain: rounds, label: strings['fig.swrr-failure.x'], tickFormat: (v: number) => (v === 1 || v % 5 === 0 ? nf.format(v) : ''), labelArrow: 'none' },
      y: { type: 'band', domain: [strings['fig.swrr-failure.row']], label: null, axis: null },
      color: nodeColor(letters.length),
      marks: [
        ...stripMarks([{ label: strings['fig.swrr-failure.row'], picks: served }], lettersFit(width - 76, served.length)),
        Plot.dot(failed, { x: 'i', y: 'row', symbol: 'times', stroke: 'currentColor', r: 6, dy: -13 }),
      ],
    });
    const wrap = document.createElement('div');
    wrap.className = 'swrr-failure-figure';
    wrap.append(lines, picks);
    return wrap;
  },
  table(data, { locale, strings }) {
    const nf = countFormat(locale);
    const letters = data.weights.map((_, i) => letter(i));
    return {
      columns: [strings['fig.swrr-failure.col.round'], strings['fig.swrr-failure.col.attempts'], ...letters.map((node) => fill(strings['fig.swrr-failure.col.effective'], { node }))],
      rows: data.rounds.map((r) => [
        r.round,
        r.attempts.map((a) => (a.failed ? fill(strings['fig.swrr-failure.failed'], { node: letter(a.peer) }) : letter(a.peer))).join(' → '),
        ...r.effective.map((e) => nf.format(e)),
      ]),
    };
  },
};
