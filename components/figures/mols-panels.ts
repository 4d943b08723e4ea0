import * as Plot from '@observablehq/plot';
import { FONT, PANEL, wrap as wrapText } from './frame.ts';

/** Panels at least this wide go two across on a phone too (a 360 px screen's box holds two of 150). */
const SMALL_PANEL = 140;

/**
 * Small multiples for the MOLS figures: a wrapping row of panels, two across, each at most
 * PANEL wide on a desktop and half the box on a phone (four panels are then two screens'
 * worth less: a 2 × 2 grid, not a column), and the percent formats they label with. `narrow`
 * says the panels are a phone's halves: lower, with their titles wrapped.
 */
export function panels(document: Document, className: string, width: number, locale: string): { wrap: HTMLDivElement; panelWidth: number; narrow: boolean; pct: Intl.NumberFormat; pct1: Intl.NumberFormat } {
  const wrap = document.createElement('div');
  wrap.className = className;
  wrap.style.display = 'flex';
  wrap.style.flexWrap = 'wrap';
  const wide = width >= 2 * PANEL + 16;
  const half = Math.floor((width - 12) / 2);
  const narrow = !wide && half >= SMALL_PANEL;
  wrap.style.gap = narrow ? '12px' : '16px';
  return {
    wrap,
    panelWidth: wide ? Math.min(PANEL, Math.floor((width - 16) / 2)) : narrow ? half : width,
    narrow,
    pct: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    pct1: new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}

/**
 * The panels' bold titles at their top left, each wrapped to the panel's width: one mark per
 * title, and the top margin every panel takes so that their frames line up (`top` holds one line;
 * each further line of the longest title adds a line of the panel's font).
 */
export function panelTitles(titles: readonly string[], width: number, marginLeft: number, top: number): { marks: Plot.Markish[]; marginTop: number } {
  const px = parseFloat(FONT.panel);
  // Bold runs about a tenth wider than the regular text textWidth measures.
  const texts = titles.map((t) => wrapText(t, (width - 6) / 1.12, px));
  const lines = Math.max(1, ...texts.map((t) => t.split('\n').length));
  const marginTop = top + (lines - 1) * Math.ceil(px * 1.15);
  return {
    marks: texts.map((text) => Plot.text([text], { frameAnchor: 'top-left', dx: 4 - marginLeft, dy: 8 - marginTop, lineAnchor: 'top', lineHeight: 1.15, fill: 'currentColor', fontWeight: 'bold' })),
    marginTop,
  };
}
