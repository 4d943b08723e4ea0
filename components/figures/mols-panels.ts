import { PANEL } from './frame.ts';

/**
 * Small multiples for the MOLS figures: a wrapping row of panels at most a phone's width each,
 * two across when the figure is wide enough and one under the other otherwise (the same drawing
 * both ways), and the percent formats they label with.
 */
export function panels(document: Document, className: string, width: number, locale: string): { wrap: HTMLDivElement; panelWidth: number; pct: Intl.NumberFormat; pct1: Intl.NumberFormat } {
  const wrap = document.createElement('div');
  wrap.className = className;
  wrap.style.display = 'flex';
  wrap.style.flexWrap = 'wrap';
  wrap.style.gap = '16px';
  return {
    wrap,
    panelWidth: Math.min(PANEL, width >= 2 * PANEL + 16 ? Math.floor((width - 16) / 2) : width),
    pct: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    pct1: new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}
