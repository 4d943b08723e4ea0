/**
 * Small multiples for the placement lab: panels side by side when the width allows, one under
 * another on a narrow screen. The layout is inline so the static HTML needs no stylesheet change.
 *
 * On a phone a lab figure would stand two screens tall, so its panels come in groups behind a
 * segmented control (`pick`): radio buttons above the panels, one group shown at a time. The
 * stylesheet does the showing (global.css, "The lab's panel groups"): only below 560 px of figure,
 * only with JavaScript (panel-pick.ts keeps the choice over a redraw and the panels' tab stop on
 * a shown one), and never in print, so without JavaScript and on paper every panel is there.
 */
import type { SchemeId } from '../../src/lib/placement/scheme.ts';
import { schemeColour } from './palette.ts';
import { onePanelStop } from './tips.ts';

/** The lab's schemes in the chapter's order (src/experiments/placement-lab/lab-common.ts SCHEME_IDS; a unit test holds them equal). */
export const LAB_SCHEMES: readonly SchemeId[] = ['mod-n', 'ring-nginx', 'ring-ketama', 'rendezvous', 'jump', 'maglev', 'bounded', 'multiprobe'];

/** Panel groups: the radio group's name (unique on the page), its legend, and each group's label and panel count, in panel order. */
export interface PanelPick {
  name: string;
  legend: string;
  groups: { label: string; size: number }[];
}

/** The legend as the schemes' toggle: every lab scheme, pressed when the run has it. */
export interface SchemeToggle {
  label: string;
  names: (id: SchemeId) => string;
  on: readonly string[];
}

export function panelBox(document: Document, ariaLabel: string, panels: Element[], note?: string, pick?: PanelPick, toggle?: SchemeToggle): HTMLElement {
  const box = document.createElement('div');
  box.className = 'figure-panels';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', ariaLabel);
  box.setAttribute('style', 'display:flex;flex-wrap:wrap;gap:0.25rem 1rem;align-items:flex-start');
  if (toggle) box.append(toggleControl(document, toggle));
  if (pick && pick.groups.length > 1) box.append(pickControl(document, pick));
  let group = 0;
  let left = pick?.groups[0]?.size ?? Infinity;
  for (const p of panels) {
    p.setAttribute('style', `${p.getAttribute('style') ?? ''};flex:0 1 auto`);
    if (pick && pick.groups.length > 1) {
      while (left === 0 && group < pick.groups.length - 1) left = pick.groups[++group].size;
      p.setAttribute('data-group', String(group));
      left--;
    }
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

/** The segmented control: a fieldset of radio buttons, the first checked. */
function pickControl(document: Document, pick: PanelPick): HTMLElement {
  const set = document.createElement('fieldset');
  set.className = 'panel-pick';
  const legend = document.createElement('legend');
  legend.className = 'sr-only';
  legend.textContent = pick.legend;
  set.append(legend);
  pick.groups.forEach((g, i) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = pick.name;
    input.value = String(i);
    if (i === 0) input.setAttribute('checked', '');
    label.append(input, document.createTextNode(g.label));
    set.append(label);
  });
  return set;
}

/**
 * The figure's key, a button per scheme with its colour: pressed, the scheme is in the run. In the
 * page (panel-pick.ts) a press ticks or clears the scheme's checkbox in the cell's form, which
 * writes the schemes field and runs the cell, as a tick there does. Without JavaScript it is not
 * shown (global.css): the panels name their schemes.
 */
function toggleControl(document: Document, toggle: SchemeToggle): HTMLElement {
  const group = document.createElement('div');
  group.className = 'scheme-toggle';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', toggle.label);
  const lead = document.createElement('span');
  lead.className = 'scheme-toggle-lead';
  lead.setAttribute('aria-hidden', 'true');
  lead.textContent = toggle.label;
  group.append(lead);
  for (const id of LAB_SCHEMES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('data-scheme', id);
    // A run's redraw gives the focus back to this scheme's button (components/notebook/redraw.ts).
    b.setAttribute('data-focus-key', `scheme-${id}`);
    b.setAttribute('aria-pressed', String(toggle.on.includes(id)));
    const swatch = document.createElement('span');
    swatch.className = 'scheme-swatch';
    swatch.setAttribute('aria-hidden', 'true');
    swatch.setAttribute('style', `--swatch:${schemeColour(id)}`);
    b.append(swatch, document.createTextNode(toggle.names(id)));
    group.append(b);
  }
  return group;
}

/** Consecutive groups of `size` (the last may be smaller), labelled by their members' names. */
export function pairs(names: readonly string[], size = 2): { label: string; size: number }[] {
  const out: { label: string; size: number }[] = [];
  for (let i = 0; i < names.length; i += size) out.push({ label: names.slice(i, i + size).join(' · '), size: Math.min(size, names.length - i) });
  return out;
}

/** Panel width: two (or `columns`) to a row on a wide figure, full width below 560 px. */
export function panelWidth(width: number, columns = 2): number {
  // 24 px a gap: 16 between the panels and some slack for the container's rounding.
  return width < 560 ? width : Math.floor((width - 24 * (columns - 1)) / columns) - 4;
}
