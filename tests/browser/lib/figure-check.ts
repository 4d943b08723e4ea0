/**
 * The figure check (figures.ts states what it checks): run in a page by the page visits
 * (visits.ts) and read by the tests of figures.ts.
 */
import type { Page } from 'playwright-core';

export const MIN_TEXT_PX = 11;

export interface FigureProblem {
  figure: string;
  what: string;
}

/**
 * Runs in the page (self-contained: it is serialised by page.evaluate). Checks every visible figure
 * SVG under `root` (`.figure-plot` boxes and the home page's headline figures).
 */
export function figureProblemsInPage({ min, colours, geometry }: { min: number; colours: boolean; geometry: boolean }): FigureProblem[] {
  const found: FigureProblem[] = [];
  const seen = new Set<string>();
  // One line per figure and problem: a colour that fails fails on every mark it paints.
  const out = {
    push(p: FigureProblem) {
      const key = `${p.figure}|${p.what}`;
      if (!seen.has(key)) {
        seen.add(key);
        found.push(p);
      }
    },
  };
  const parse = (c: string): [number, number, number, number] | null => {
    const m = /rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[,/ ]+([\d.]+%?))?\)/.exec(c);
    if (!m) return null;
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  };
  const lum = ([r, g, b]: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a: number[], b: number[]) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const background = (el: Element): number[] => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0.5) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  /** Opacity of an element and its ancestors up to the svg, times its own fill- or stroke-opacity. */
  const opacity = (el: Element, svg: Element, which: 'fill' | 'stroke') => {
    let o = Number(getComputedStyle(el)[which === 'fill' ? 'fillOpacity' : 'strokeOpacity']);
    for (let e: Element | null = el; e && e !== svg.parentElement; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const blend = (c: number[], a: number, bg: number[]) => c.map((v, i) => v * a + bg[i] * (1 - a));
  const label = (t: Element) => JSON.stringify((t.textContent ?? '').trim().slice(0, 40));
  const isTick = (t: Element) => t.closest('g[font-variant="tabular-nums"]') !== null;
  const intersect = (a: DOMRect, b: DOMRect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

  const roots = [...document.querySelectorAll('.figure-plot')];
  for (const root of roots) {
    const cell = root.closest('[data-cell]');
    const num = root.closest('figure')?.querySelector('.figure-number')?.textContent?.trim().replace(/\.$/, '');
    const name = `${cell ? `cell ${cell.getAttribute('data-cell')}` : `headline ${[...document.querySelectorAll('.figure-plot')].filter((r) => !r.closest('[data-cell]')).indexOf(root) + 1}`}${num ? ` (${num})` : ''}${root.closest('[data-cell]')?.getAttribute('data-source') === 'live' ? ' live' : ''}`;
    // Legend swatches are keys beside their HTML text (checked below), not charts.
    const svgs = [...root.querySelectorAll('svg')].filter((s) => !s.parentElement?.closest('svg') && !s.closest('[class*="-swatch"]') && s.checkVisibility() && s.getBoundingClientRect().width > 0);
    for (const svg of svgs) {
      const box = svg.getBoundingClientRect();
      const vb = svg.viewBox.baseVal;
      const scale = vb && vb.width > 0 ? box.width / vb.width : 1;
      const where = `${name} svg "${(svg.getAttribute('aria-label') ?? svg.getAttribute('class') ?? '').slice(0, 50)}"`;
      const bg = background(svg);
      // Text: each line (tspan) of a multi-line label is its own box.
      const texts = [...svg.querySelectorAll('text')].flatMap((t) => {
        const parts = t.querySelectorAll('tspan').length ? [...t.querySelectorAll('tspan')] : [t];
        return parts.filter((p) => (p.textContent ?? '').trim() !== '' && (p as SVGGraphicsElement).getBBox().width > 0).map((p) => ({ el: p as SVGGraphicsElement, text: t, rect: p.getBoundingClientRect() }));
      });
      for (const t of texts) {
        const px = parseFloat(getComputedStyle(t.el).fontSize) * scale;
        if (px < min - 0.01) out.push({ figure: where, what: `text ${label(t.el)} is ${px.toFixed(1)} px as shown (< ${min})` });
        const r = t.rect;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          out.push({ figure: where, what: `text ${label(t.el)} leaves the svg's box (text ${Math.round(r.left - box.left)}…${Math.round(r.right - box.left)} × ${Math.round(r.top - box.top)}…${Math.round(r.bottom - box.top)}, svg ${Math.round(box.width)} × ${Math.round(box.height)})` });
        if (colours) {
          const fill = parse(getComputedStyle(t.el).fill);
          // A label inside a filled shape painted under it (a letter in its cell) is read against that shape.
          const nodes = [...svg.querySelectorAll('*')];
          const at = nodes.indexOf(t.text);
          const holder = [...svg.querySelectorAll('rect, circle, path')]
            .filter((m) => nodes.indexOf(m) < at && !m.closest('[aria-hidden="true"]') && getComputedStyle(m).fill !== 'none')
            .filter((m) => {
              const mr = m.getBoundingClientRect();
              return mr.width < box.width * 0.9 && mr.left <= r.left + 1 && mr.right >= r.right - 1 && mr.top <= r.top + 1 && mr.bottom >= r.bottom - 1;
            })
            .pop();
          let under = bg;
          if (holder) {
            const hc = parse(getComputedStyle(holder).fill);
            if (hc) under = blend(hc.slice(0, 3), opacity(holder, svg, 'fill'), bg);
          }
          if (fill) {
            const c = blend(fill.slice(0, 3), fill[3] * opacity(t.el, svg, 'fill'), under);
            const k = ratio(c, under);
            if (k < 4.5) out.push({ figure: where, what: `text ${label(t.el)} has contrast ${k.toFixed(2)}:1 (< 4.5)` });
          }
        }
      }
      for (let i = 0; geometry && i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i].rect;
          const b = texts[j].rect;
          // Glyph boxes include the line's leading: a pixel of touching is not an overlap. A tick's
          // label (Plot draws an axis's tick labels in tabular figures) on another text, as the top
          // tick on its axis's label, reads as one: past a pixel and a half its box may not reach
          // into the other's, however little that is of the line.
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          const tick = texts[i].text !== texts[j].text && (isTick(texts[i].text) || isTick(texts[j].text));
          if (w > 1 && (h > Math.min(a.height, b.height) * 0.25 || (tick && h > 1.5))) out.push({ figure: where, what: `labels ${label(texts[i].el)} and ${label(texts[j].el)} overlap` });
        }
      }
      // Marks: the drawing's shapes, not axes or grids (Plot marks those aria-hidden) or legends.
      const shapes = [...svg.querySelectorAll('circle, rect, path, line, polyline, polygon')].filter(
        (m) => !m.closest('[aria-hidden="true"]') && !m.closest('text') && m.closest('svg') === svg,
      ) as SVGGeometryElement[];
      const allNodes = [...svg.querySelectorAll('*')];
      for (const m of shapes) {
        const cs = getComputedStyle(m);
        const mr = m.getBoundingClientRect();
        const filled = cs.fill !== 'none' && Number(cs.fillOpacity) > 0;
        const stroked = cs.stroke !== 'none' && parseFloat(cs.strokeWidth) > 0;
        const small = mr.width < 40 && mr.height < 40;
        // A cell that holds its own label (a letter, a number) is told by that label: its colour
        // is a second cue, not the only one. A sequential colour scale (a heat map) is read
        // against its legend, cell next to cell, not against the page.
        const labelled = texts.some((t) => mr.left <= t.rect.left + 1 && mr.right >= t.rect.right - 1 && mr.top <= t.rect.top + 1 && mr.bottom >= t.rect.bottom - 1);
        if (colours && !labelled && !m.closest('[data-scale="sequential"]')) {
          // Coloured data marks (not currentColor guides) against the background: the fill or,
          // for a tinted shape, its outline.
          const ks = (['fill', 'stroke'] as const).flatMap((which) => {
            if (which === 'fill' ? !filled : !stroked) return [];
            const raw = m.getAttribute(which) ?? m.parentElement?.getAttribute(which) ?? '';
            const c = parse(cs[which]);
            if (!raw.startsWith('#') || !c) return [];
            return [{ raw, k: ratio(blend(c.slice(0, 3), opacity(m, svg, which), bg), bg) }];
          });
          if (ks.length && ks.every((x) => x.k < 3)) out.push({ figure: where, what: `a ${m.tagName} mark in ${ks[0].raw} has contrast ${ks[0].k.toFixed(2)}:1 against the background (< 3)` });
        }
        for (const t of geometry ? texts : []) {
          const r = t.rect;
          const overlap = intersect(mr, r);
          if (overlap <= 0) continue;
          const under = allNodes.indexOf(m) < allNodes.indexOf(t.text);
          if (small || (filled && m.tagName !== 'path')) {
            // A shape painted under the label that holds all of it is its background (a letter in
            // its cell); anything else over a fifth of the label, or a dot mostly inside the
            // label's box, hides part of it.
            const holds = under && mr.left <= r.left + 1 && mr.right >= r.right - 1 && mr.top <= r.top + 1 && mr.bottom >= r.bottom - 1;
            const inside = overlap > 0.4 * mr.width * mr.height && overlap > 6;
            if (!holds && (overlap > 0.2 * r.width * r.height || inside)) out.push({ figure: where, what: `a ${m.tagName} mark covers the label ${label(t.el)}` });
          } else if (stroked && !filled) {
            // A line through the label's core (shrunk by a fifth on each side).
            const ctm = m.getScreenCTM();
            if (!ctm) continue;
            const inv = ctm.inverse();
            let hits = 0;
            for (let x = 0.2; x <= 0.81; x += 0.15) {
              for (let y = 0.3; y <= 0.71; y += 0.2) {
                const p = new DOMPoint(r.left + x * r.width, r.top + y * r.height).matrixTransform(inv);
                if (m.isPointInStroke(p)) hits++;
              }
            }
            if (hits >= 2) out.push({ figure: where, what: `a line runs through the label ${label(t.el)}` });
          }
        }
      }
    }
    // HTML text of the figure (legends, notes) at least the minimum too.
    for (const el of root.querySelectorAll('span, p, div')) {
      if (el.closest('svg') || !el.checkVisibility() || ![...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim())) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < min - 0.01) out.push({ figure: name, what: `text ${label(el)} is ${px.toFixed(1)} px (< ${min})` });
    }
  }
  return found;
}

/**
 * The figure check in the page as it is now, in one theme: geometry and colours, or colours only
 * (a second theme: the dark theme changes colours and nothing else, which the page visit checks).
 */
export async function figureProblems(page: Page, what: 'all' | 'colours' = 'all'): Promise<FigureProblem[]> {
  return page.evaluate(figureProblemsInPage, { min: MIN_TEXT_PX, colours: true, geometry: what === 'all' });
}
