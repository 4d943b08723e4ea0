/**
 * A figure's height, estimated from its markup alone, for render on demand: a cell's drawing is
 * laid out only as it nears the screen (prose.css), and until then its box is as tall as this says.
 * An SVG counts at its drawn size (scaled down to fit the box), the figures' own flex rows
 * (Plot's swatch legends, the panels' wrappers, whose inline styles say so) wrap as a browser
 * wraps them, a table counts its rows, and text its lines at the figures' 13 px type.
 */
type Box = { w: number; h: number };

/** A line of the figures' text, and a character of it: Latin, and Hangul or another wide script. */
const LINE = 20;
const CHAR = 7;
const WIDE_CHAR = 13;
const TABLE_ROW = 26;
const INLINE = new Set(['span', 'a', 'b', 'strong', 'em', 'i', 'code', 'sub', 'sup', 'button', 'label', 'input', 'abbr']);
const SKIP = new Set(['style', 'script', 'template', 'title', 'defs']);

const styleOf = (el: Element, prop: string): string | undefined => new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`).exec(el.getAttribute('style') ?? '')?.[1].trim();

/** A length as the figures write them (px, rem, em), in px; the first of several (a row gap). */
function px(v: string | undefined): number {
  const m = /^(-?[\d.]+)(px|rem|em)?/.exec(v ?? '');
  if (!m) return 0;
  return Number(m[1]) * (m[2] === 'rem' ? 16 : m[2] === 'em' ? 13 : 1);
}

const textWidth = (text: string): number => [...text.replace(/\s+/g, ' ').trim()].reduce((w, ch) => w + (ch.codePointAt(0)! >= 0x2e80 ? WIDE_CHAR : CHAR), 0);

function textBox(text: string, width: number): Box {
  const w = textWidth(text);
  return w ? { w: Math.min(w, width), h: Math.ceil(w / width) * LINE } : { w: 0, h: 0 };
}

function svgBox(svg: Element, width: number): Box {
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  if (!(w > 0 && h > 0)) return { w: 0, h: 0 };
  const scale = Math.min(1, width / w);
  return { w: w * scale, h: h * scale };
}

/** Whether the element lays its children out as a wrapping row (its inline style, or Plot's swatch legend). */
function wraps(el: Element): boolean {
  const cls = el.getAttribute('class') ?? '';
  return /-swatches-wrap\b|\bscheme-toggle\b/.test(cls) || (styleOf(el, 'display') === 'flex' && styleOf(el, 'flex-wrap') === 'wrap');
}

/** Children laid in rows that wrap at `width`. */
function rows(items: Box[], width: number, gap: { row: number; column: number }): Box {
  let h = 0;
  let rowH = 0;
  let x = 0;
  let count = 0;
  let widest = 0;
  for (const item of items) {
    if (item.w === 0 && item.h === 0) continue;
    if (x > 0 && x + gap.column + item.w > width + 0.5) {
      h += rowH + gap.row;
      widest = Math.max(widest, x);
      rowH = 0;
      x = 0;
    }
    x += (x > 0 ? gap.column : 0) + item.w;
    rowH = Math.max(rowH, item.h);
    count++;
  }
  if (!count) return { w: 0, h: 0 };
  return { w: Math.max(widest, x), h: h + rowH };
}

function figureBox(el: Element, width: number): Box {
  const tag = el.localName;
  if (SKIP.has(tag) || el.hasAttribute('hidden') || styleOf(el, 'display') === 'none') return { w: 0, h: 0 };
  if (tag === 'svg') return svgBox(el, width);
  if (tag === 'table') return { w: width, h: el.querySelectorAll('tr').length * TABLE_ROW };
  // The lab's phone control shows only with JavaScript on a narrow box (figures.css): one row.
  if (el.classList.contains('panel-pick')) return width < 560 ? { w: width, h: 2 * LINE } : { w: 0, h: 0 };
  if (wraps(el)) {
    const [row = 0, column = row] = (styleOf(el, 'gap') ?? '').split(/\s+/).map(px);
    // On a narrow box the lab shows one group of panels at a time, the first at load (panel-pick.ts).
    const oneGroup = width < 560 && el.querySelector(':scope > .panel-pick') !== null;
    const items = [...el.childNodes].map((n): Box => {
      if (oneGroup && n.nodeType === 1 && ((n as Element).getAttribute('data-group') ?? '0') !== '0') return { w: 0, h: 0 };
      if (n.nodeType === 3) return textBox(n.textContent ?? '', width);
      if (n.nodeType !== 1) return { w: 0, h: 0 };
      const child = n as Element;
      const box = figureBox(child, width);
      const basis = styleOf(child, 'flex-basis') ?? styleOf(child, 'flex');
      return basis?.includes('100%') ? { w: width, h: box.h } : { w: box.w + (INLINE.has(child.localName) ? CHAR * 2 : 0), h: box.h };
    });
    return rows(items, width, { row: row || 4, column: column || CHAR });
  }
  // Block layout: inline runs (text and inline elements) as lines of text, blocks stacked.
  let h = 0;
  let w = 0;
  let run = '';
  let runBoxes: Box[] = [];
  const flush = () => {
    const text = textBox(run, width);
    const inline = rows(runBoxes, width, { row: 0, column: CHAR });
    if (text.h || inline.h) {
      h += Math.max(text.h, inline.h);
      w = Math.max(w, text.w, inline.w);
    }
    run = '';
    runBoxes = [];
  };
  for (const n of el.childNodes) {
    if (n.nodeType === 3) run += n.textContent ?? '';
    else if (n.nodeType === 1) {
      const child = n as Element;
      if (INLINE.has(child.localName) && !child.querySelector('svg, table, div, p, figure')) run += ` ${child.textContent ?? ''} `;
      else if (INLINE.has(child.localName)) runBoxes.push(figureBox(child, width));
      else {
        flush();
        const box = figureBox(child, width);
        h += box.h + (child.localName === 'p' ? 8 : 0);
        w = Math.max(w, box.w);
      }
    }
  }
  flush();
  return { w, h };
}

/** The figure's height in px at a box `width` px wide (the build's drawing at that width). */
export const figureHeight = (drawing: Element, width: number): number => Math.round(figureBox(drawing, width).h);
