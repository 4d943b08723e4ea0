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

/**
 * A reading per cell of a strip: its row, its place and the node picked there. A wrapped line's
 * row has its own band (`key`) and its cells start at request `from` + 1.
 */
export const stripTips = (rows: { label: string; picks: number[]; key?: string; from?: number }[], xLabel: string): TipRow[] =>
  rows.flatMap((r) => r.picks.map((p, i) => ({ x: i + 1, y: r.key ?? r.label, text: reading(r.label, [`${xLabel} ${(r.from ?? 0) + i + 1}`, letter(p)]) })));

/**
 * A pick strip as one small plot. On a phone a strip too long for its letters (swrr.pods' 36
 * requests: 5 px a cell) wraps into lines of cells wide enough for them, each row labelled with
 * the requests its line holds ("3 pods" / "1–12").
 */
export function strip(rows: { label: string; picks: number[] }[], nodes: number, opts: { document: Document; width: number; ariaLabel: string; xLabel: string }): Element {
  const longest = Math.max(...rows.map((r) => r.picks.length));
  // Row labels take at most two fifths of a phone's width, wrapping onto a second line.
  const cap = opts.width < NARROW ? Math.round(opts.width * 0.4) : 200;
  const roomFor = (texts: string[]) => Math.min(cap, 14 + Math.max(...texts.flatMap((t) => t.split('\n').map((l) => textWidth(l, 12)))));
  const plain = new Map(rows.map((r) => [r.label, wrap(r.label, cap - 14, 12)]));
  const fits = lettersFit(opts.width - roomFor([...plain.values()]) - 20, longest);
  const perLine = opts.width < NARROW && !fits ? Math.max(1, Math.floor((opts.width - cap - 20) / 12)) : longest;
  const lineCount = Math.ceil(longest / perLine);
  const per = Math.ceil(longest / lineCount);
  // One band per row and line, lines first: the key is unique, the text is what the axis shows.
  const bands = Array.from({ length: lineCount }, (_, c) =>
    rows.map((r) => ({
      key: lineCount > 1 ? `${r.label}\u2063${c}` : r.label,
      text: lineCount > 1 ? `${plain.get(r.label)}\n${c * per + 1}–${Math.min(longest, (c + 1) * per)}` : plain.get(r.label)!,
      label: r.label,
      from: c * per,
      picks: r.picks.slice(c * per, (c + 1) * per),
    })),
  ).flat();
  const labels = new Map(bands.map((b) => [b.key, b.text]));
  const labelRoom = roomFor(bands.map((b) => b.text));
  const lines = Math.max(...bands.map((b) => b.text.split('\n').length));
  const wrapped = lineCount > 1;
  return framed(opts, {
    height: 44 + (16 + 14 * lines) * bands.length,
    marginLeft: labelRoom,
    marginBottom: 32,
    font: 'panel',
    ariaLabel: opts.ariaLabel,
    tips: stripTips(bands, opts.xLabel),
    // Wrapped, a line's place is not its request's number: the numbers are the rows' ranges.
    x: { type: 'band', domain: Array.from({ length: per }, (_, i) => i + 1), label: opts.xLabel, tickFormat: (v: number) => (wrapped ? '' : v === 1 || v % 5 === 0 ? String(v) : ''), labelArrow: 'none' },
    y: { type: 'band', domain: bands.map((b) => b.key), label: null, tickFormat: (v: string) => labels.get(v) ?? v },
    color: nodeColor(nodes),
    marks: stripMarks(
      bands.map((b) => ({ label: b.key, picks: b.picks })),
      lettersFit(opts.width - labelRoom - 20, per),
    ),
  });
}
