import { letter } from '../../src/lib/swrr/index.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { nodeColour, RULE, RULE_DASH } from './palette.ts';

/**
 * The keys of SWRR's first figure, in HTML beside its two charts: what a cell of the pick strip
 * is (one pick, in order, lettered and coloured by who is picked, with each person's weight), and
 * which line is which scheme, drawn as the line is (colour, width, dash), with a note naming two
 * lines that lie on one another in this drawing.
 */

const SVG = 'http://www.w3.org/2000/svg';

function swatch(document: Document, draw: (svg: Element) => void): HTMLElement {
  const span = document.createElement('span');
  // "-swatch": the figure check reads these as keys beside their text, not as charts.
  span.className = 'swrr-key-swatch';
  span.setAttribute('style', 'display: inline-flex; align-items: center; gap: 0.3em; margin-right: 0.9em; white-space: nowrap');
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '26');
  svg.setAttribute('height', '16');
  svg.setAttribute('viewBox', '0 0 26 16');
  draw(svg);
  span.append(svg);
  return span;
}

function shape(document: Document, tag: string, attrs: Record<string, string | number>): Element {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function key(document: Document, className: string, title: string, items: HTMLElement[]): HTMLElement {
  const box = document.createElement('div');
  box.className = className;
  box.setAttribute('style', 'display: flex; flex-wrap: wrap; align-items: center; gap: 0.2em 0; margin: 0.25rem 0; font-size: 0.88rem');
  const head = document.createElement('span');
  head.setAttribute('style', 'margin-right: 0.6em');
  head.textContent = title;
  box.append(head, ...items);
  return box;
}

/** The pick strip's key: a cell as the strip draws it (a tint, its outline, its letter) per person. */
export function stripKey(document: Document, weights: readonly number[], strings: Strings): HTMLElement {
  const items = weights.map((w, i) => {
    const s = swatch(document, (svg) => {
      const colour = nodeColour(i);
      svg.append(shape(document, 'rect', { x: 5, y: 0.5, width: 16, height: 15, fill: colour, 'fill-opacity': 0.5, stroke: colour }));
      const t = shape(document, 'text', { x: 13, y: 12, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 600, fill: 'currentColor' });
      t.textContent = letter(i);
      svg.append(t);
    });
    s.append(fill(strings['fig.swrr-compare.key.node'], { node: letter(i), weight: w }));
    return s;
  });
  return key(document, 'swrr-strip-key', strings['fig.swrr-compare.key.strip'], items);
}

export interface KeyLine {
  id: keyof typeof RULE;
  name: string;
  /** Horizontal positions (px) of the line's points, in drawing order. */
  xs: number[];
  ps: number[];
}

/** Width of each scheme's line in the chart: SWRR thick and solid underneath, the dashed ones over it. */
export const lineWidth = (id: keyof typeof RULE): number => (RULE_DASH[id] ? 2 : 4.5);

/**
 * Two lines lie on one another when they hold the same steps and their points are within a
 * pixel and a half of each other (all of them, or all but a tenth: "almost everywhere").
 */
export function overlaps(lines: readonly KeyLine[]): { under: KeyLine; over: KeyLine; all: boolean }[] {
  const found: { under: KeyLine; over: KeyLine; all: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const [a, b] = [lines[i], lines[j]];
      if (a.xs.length !== b.xs.length || a.ps.some((p, k) => p !== b.ps[k])) continue;
      const near = a.xs.filter((x, k) => Math.abs(x - b.xs[k]) <= 1.5).length;
      if (near < 0.9 * a.xs.length) continue;
      const [under, over] = RULE_DASH[a.id] === null ? [a, b] : [b, a];
      found.push({ under, over, all: near === a.xs.length });
    }
  }
  return found;
}

/** The lines' key, each drawn as in the chart, and a note for each pair that lies on one another. */
export function lineKey(document: Document, lines: readonly KeyLine[], strings: Strings): HTMLElement {
  const items = lines.map((l) => {
    const s = swatch(document, (svg) => {
      const dash = RULE_DASH[l.id];
      svg.append(shape(document, 'line', { x1: 1, x2: 25, y1: 8, y2: 8, stroke: RULE[l.id], 'stroke-width': lineWidth(l.id), ...(dash ? { 'stroke-dasharray': dash } : {}) }));
    });
    s.append(l.name);
    return s;
  });
  const box = key(document, 'swrr-line-key', strings['fig.swrr-compare.key.lines'], items);
  for (const o of overlaps(lines)) {
    const note = document.createElement('p');
    note.className = 'swrr-overlap-note';
    note.setAttribute('style', 'flex-basis: 100%; margin: 0.2rem 0 0');
    note.textContent = fill(strings[o.all ? 'fig.swrr-compare.overlap.all' : 'fig.swrr-compare.overlap.most'], { over: o.over.name, under: o.under.name });
    box.append(note);
  }
  return box;
}
