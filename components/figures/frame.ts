import * as Plot from '@observablehq/plot';
import { tipped, type TipRow } from './tips.ts';

/**
 * Font sizes: a full-width chart, a panel among a few, a small multiple among many. The smallest
 * is the site's floor for figure text: 11 CSS px as shown, which holds because every figure is
 * drawn at the width it is shown at (render.ts FIGURE_WIDTHS at build, the box's width live).
 */
export const FONT = { chart: '13px', panel: '12px', small: '11px' } as const;

/** Room for an x-axis label below and the last tick label on the right: most single charts. */
export const AXIS_MARGINS = { marginRight: 28, marginBottom: 44 } as const;

/** Below this width a figure is drawn for a phone: panels stack, labels wrap. */
export const NARROW = 480;

/**
 * A small multiple's widest panel: what a phone's figure box holds (318 px on a 360 px screen).
 * Panels no wider than this, in a wrapping row, are two across on a desktop and one under the
 * other on a phone with the same drawing, so such a figure is drawn once (FigureModule.fluid).
 */
export const PANEL = 300;

/** Pixels per line of wrapped label text. */
const LINE = 15;

export interface FrameOptions extends Omit<Plot.PlotOptions, 'document' | 'width' | 'style'> {
  /** The font size by role (default: chart). */
  font?: keyof typeof FONT;
  /** The marks' readings, shown on hover, tap and keyboard focus (tips.ts). */
  tips?: readonly TipRow[];
}

const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/;

/**
 * About how wide a text is at a font size, in pixels, without a browser: Hangul and CJK take a
 * full em, digits and capitals about 0.7, other Latin about 0.6 (DejaVu Sans, the widest common
 * fallback for system-ui; most fonts are narrower). Generous on purpose,
 * so that labels placed by it keep clear in every font the page may fall back to.
 */
export function textWidth(text: string, px: number): number {
  let w = 0;
  for (const ch of text) w += WIDE.test(ch) ? 1.02 : ch === ' ' ? 0.33 : /[0-9A-Z%→≈×]/.test(ch) ? 0.7 : /[il.,:;'’|!()[\]]/.test(ch) ? 0.36 : 0.62;
  return w * px;
}

/** A label broken at spaces into lines of at most `room` pixels (a word longer than that stays whole). */
export function wrap(text: string, room: number, px: number): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && textWidth(`${lines[last]} ${word}`, px) <= room) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

const linesOf = (text: string): number => text.split('\n').length;

/**
 * The top margin that holds a y label of `lines` lines (Plot puts its top 3 px below the svg's)
 * above the top tick's label (centred on the frame's edge), with two pixels between their boxes.
 */
export function topClear(lines: number, px: number): number {
  return Math.ceil(3 + lines * LINE + px * 0.6 + 4);
}

/** A label wrapped to `room` pixels, and the pixels its lines past the first need. */
export function wrapped(text: string, room: number, px = 13): { label: string; extra: number } {
  const label = wrap(text, room, px);
  return { label, extra: (linesOf(label) - 1) * LINE };
}

/**
 * The frame every figure's Plot charts share: the page's (or the server's) document, the width
 * the figure was given, and the font size by role. Margins and everything else are the chart's;
 * an axis label too long for the width is wrapped, and the margin it sits in grows by its extra
 * lines.
 */
export function framed({ document, width }: { document: Document; width: number }, { font = 'chart', tips, ...options }: FrameOptions): ReturnType<typeof Plot.plot> {
  const px = parseFloat(FONT[font]);
  const o: Plot.PlotOptions = { ...options };
  const x = o.x as Plot.ScaleOptions | undefined;
  if (x && typeof x.label === 'string') {
    // A centred label is centred on the frame, so the margins' difference is lost on one side.
    const room = x.labelAnchor === 'center' ? width - Math.abs((o.marginLeft ?? 40) - (o.marginRight ?? 20)) - 8 : width - (o.marginRight ?? 20) - 8;
    const label = wrap(x.label, room, px);
    const extra = (linesOf(label) - 1) * LINE;
    // Lines stack upward from the label's anchor: the margin (or the offset) grows by the extra lines.
    o.x = { ...x, label, ...(extra && x.labelOffset !== undefined ? { labelOffset: x.labelOffset + extra } : {}) };
    if (extra) {
      o.marginBottom = (o.marginBottom ?? 30) + extra;
      if (o.height !== undefined) o.height += extra;
    }
  }
  const y = o.y as Plot.ScaleOptions | undefined;
  if (y && typeof y.label === 'string' && y.labelAnchor !== 'center') {
    const label = wrap(y.label, width - 8, px);
    const extra = (linesOf(label) - 1) * LINE;
    o.y = { ...y, label };
    // The label sits in the top margin (its top 3 px below the svg's) and the top tick's label is
    // centred on the frame's top edge, under it: the margin holds both, so the tick never sits on
    // the label. A chart drawn with a given height keeps its frame's height.
    const top = o.marginTop ?? 20;
    const need = y.axis === null ? top + extra : Math.max(top + extra, topClear(linesOf(label), px));
    if (need > top) {
      o.marginTop = need;
      if (o.height !== undefined) o.height += need - top;
    }
  }
  const plot = Plot.plot({ document, width, ...o, style: { fontSize: FONT[font] } });
  return tips ? tipped(plot, tips) : plot;
}
