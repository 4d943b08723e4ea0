import * as Plot from '@observablehq/plot';
import { reading, type TipRow } from './tips.ts';
import { letter } from '../../src/lib/swrr/index.ts';
import { framed, NARROW, textWidth, wrap } from './frame.ts';
import { nodeColours } from './palette.ts';

/** Node colours: the categorical scale every SWRR figure shares, keyed by letter. */
export const nodeColor = (count: number) => ({ domain: Array.from({ length: count }, (_, i) => letter(i)), range: nodeColours(count) });

/**
 * Rows of picks as coloured cells, each with its letter, so a run of one node shows as a block
 * of one colour and reads without colour vision too. Rows are labelled on the left.
 */
export function stripMarks(rows: { label: string; picks: number[] }[], withLetters = true): Plot.Markish[] {
  const cells = rows.flatMap((r) => r.picks.map((p, i) => ({ row: r.label, i: i + 1, node: letter(p) })));
  return [
    // A tint, so the letter on it reads in either theme; the outline is the node's full colour.
    Plot.cell(cells, { x: 'i', y: 'row', fill: 'node', fillOpacity: 0.5, stroke: 'node', inset: 0.5 }),
    ...(withLetters ? [Plot.text(cells, { x: 'i', y: 'row', text: 'node', fill: 'currentColor', fontWeight: 600 })] : []),
  ];
}

/** Letters fit in a cell from about 11 pixels wide; below that the colours carry the picks alone. */
export const lettersFit = (plotWidth: number, cells: number): boolean => plotWidth / Math.max(1, cells) >= 11;

/** A reading per cell of a strip: its row, its place and the node picked there. */
export const stripTips = (rows: { label: string; picks: number[] }[], xLabel: string): TipRow[] =>
  rows.flatMap((r) => r.picks.map((p, i) => ({ x: i + 1, y: r.label, text: reading(r.label, [`${xLabel} ${i + 1}`, letter(p)]) })));

/** A pick strip as one small plot. */
export function strip(rows: { label: string; picks: number[] }[], nodes: number, opts: { document: Document; width: number; ariaLabel: string; xLabel: string }): Element {
  const longest = Math.max(...rows.map((r) => r.picks.length));
  // Row labels take at most two fifths of a phone's width, wrapping onto a second line.
  const cap = opts.width < NARROW ? Math.round(opts.width * 0.4) : 200;
  const labels = new Map(rows.map((r) => [r.label, wrap(r.label, cap - 14, 12)]));
  const labelRoom = Math.min(cap, 14 + Math.max(...rows.map((r) => Math.max(...labels.get(r.label)!.split('\n').map((l) => textWidth(l, 12))))));
  const lines = Math.max(...[...labels.values()].map((l) => l.split('\n').length));
  return framed(opts, {
    height: 44 + (16 + 14 * lines) * rows.length,
    marginLeft: labelRoom,
    marginBottom: 32,
    font: 'panel',
    ariaLabel: opts.ariaLabel,
    tips: stripTips(rows, opts.xLabel),
    x: { type: 'band', domain: Array.from({ length: longest }, (_, i) => i + 1), label: opts.xLabel, tickFormat: (v: number) => (v === 1 || v % 5 === 0 ? String(v) : ''), labelArrow: 'none' },
    y: { type: 'band', domain: rows.map((r) => r.label), label: null, tickFormat: (v: string) => labels.get(v) ?? v },
    color: nodeColor(nodes),
    marks: stripMarks(rows, lettersFit(opts.width - labelRoom - 20, longest)),
  });
}
