import * as Plot from '@observablehq/plot';
import { letter } from '../../src/lib/swrr/index.ts';
import { framed } from './frame.ts';

/** Node colours: the categorical scale every SWRR figure shares, keyed by letter. */
export const nodeColor = (count: number) => ({ type: 'categorical' as const, domain: Array.from({ length: count }, (_, i) => letter(i)) });

/**
 * Rows of picks as coloured cells, each with its letter, so a run of one node shows as a block
 * of one colour and reads without colour vision too. Rows are labelled on the left.
 */
export function stripMarks(rows: { label: string; picks: number[] }[], withLetters = true): Plot.Markish[] {
  const cells = rows.flatMap((r) => r.picks.map((p, i) => ({ row: r.label, i: i + 1, node: letter(p) })));
  return [
    Plot.cell(cells, { x: 'i', y: 'row', fill: 'node', fillOpacity: 0.5, inset: 0.5 }),
    ...(withLetters ? [Plot.text(cells, { x: 'i', y: 'row', text: 'node', fill: 'currentColor', fontWeight: 600 })] : []),
  ];
}

/** Letters fit in a cell from about 11 pixels wide; below that the colours carry the picks alone. */
export const lettersFit = (plotWidth: number, cells: number): boolean => plotWidth / Math.max(1, cells) >= 11;

/** Roughly how wide a label is at 12px: Hangul and other wide glyphs take about twice a Latin letter. */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! >= 0x1100 ? 12.5 : 7;
  return w;
}

/** A pick strip as one small plot. */
export function strip(rows: { label: string; picks: number[] }[], nodes: number, opts: { document: Document; width: number; ariaLabel: string; xLabel: string }): Element {
  const longest = Math.max(...rows.map((r) => r.picks.length));
  const labelRoom = Math.min(200, 14 + Math.max(...rows.map((r) => textWidth(r.label))));
  return framed(opts, {
    height: 44 + 30 * rows.length,
    marginLeft: labelRoom,
    marginBottom: 32,
    font: 'panel',
    ariaLabel: opts.ariaLabel,
    x: { type: 'band', domain: Array.from({ length: longest }, (_, i) => i + 1), label: opts.xLabel, tickFormat: (v: number) => (v === 1 || v % 5 === 0 ? String(v) : ''), labelArrow: 'none' },
    y: { type: 'band', domain: rows.map((r) => r.label), label: null },
    color: nodeColor(nodes),
    marks: stripMarks(rows, lettersFit(opts.width - labelRoom - 20, longest)),
  });
}
