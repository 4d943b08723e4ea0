/**
 * Small multiples for the placement lab: panels side by side when the width allows, one under
 * another on a narrow screen. The layout is inline so the static HTML needs no stylesheet change.
 */
import { onePanelStop } from './tips.ts';

export function panelBox(document: Document, ariaLabel: string, panels: Element[], note?: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'figure-panels';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', ariaLabel);
  box.setAttribute('style', 'display:flex;flex-wrap:wrap;gap:0.25rem 1rem;align-items:flex-start');
  for (const p of panels) {
    p.setAttribute('style', `${p.getAttribute('style') ?? ''};flex:0 1 auto`);
    box.append(p);
  }
  onePanelStop(box);
  if (note) {
    const p = document.createElement('p');
    p.className = 'figure-note';
    p.textContent = note;
    box.append(p);
  }
  return box;
}

/** Panel width: two (or `columns`) to a row on a wide figure, full width below 560 px. */
export function panelWidth(width: number, columns = 2): number {
  // 24 px a gap: 16 between the panels and some slack for the container's rounding.
  return width < 560 ? width : Math.floor((width - 24 * (columns - 1)) / columns) - 4;
}
