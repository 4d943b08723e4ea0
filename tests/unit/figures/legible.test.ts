import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { FONT, textWidth } from '../../../components/figures/frame.ts';
import { experiments } from '../../../src/experiments/registry.ts';
import { COLOURS, LEAST_LOADED, RULE, SCHEME, dColour, nodeColour } from '../../../components/figures/palette.ts';
import { compactPath } from '../../../components/figures/compact.ts';
import { FIGURE_WIDTHS, renderFigure } from '../../../components/notebook/render.ts';
import { runOnce } from '../../../src/build/memo.ts';
import { ownCellStrings, sharedCellStrings } from '../../../src/i18n/cell-strings.ts';
import { stylesheet } from '../site/styles.ts';

/**
 * Every figure module, on its experiment's default run, at the build's two widths (and a phone
 * in between), in both locales, checked without a browser: what needs no text metrics. The
 * browser suite's figure check (tests/browser/figures.ts) measures the real text boxes.
 */

const MIN = 11;

// ---------------------------------------------------------------- colours

const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const lum = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
};
const ratio = (a: string, b: string) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** The page backgrounds, read from the stylesheet: light is :root's --bg, dark the dark theme's. */
function backgrounds(): { light: string; dark: string } {
  const css = stylesheet();
  const light = /:root\s*\{[^}]*?--bg:\s*(#[0-9a-f]{6})/i.exec(css)?.[1];
  const dark = /:root\[data-theme='dark'\]\s*\{[^}]*?--bg:\s*(#[0-9a-f]{6})/i.exec(css)?.[1];
  if (!light || !dark) throw new Error('no --bg in src/styles/global.css');
  return { light, dark };
}

describe('the palette: one colour per meaning, 3:1 against both page backgrounds', () => {
  const bg = backgrounds();
  it.each(Object.entries(COLOURS))('%s (%s) meets 3:1 in light and dark', (_, hex) => {
    expect(ratio(hex, bg.light)).toBeGreaterThanOrEqual(3);
    expect(ratio(hex, bg.dark)).toBeGreaterThanOrEqual(3);
  });

  it('d = 1 … 4, the placement schemes, the balancing rules and the first nodes each get their own colour', () => {
    expect(new Set([1, 2, 3, 4, 5, 6].map(dColour)).size).toBe(6);
    expect([1, 2, 3, 4, 5, 6].map(dColour)).not.toContain(LEAST_LOADED);
    const schemes = ['mod-n', 'ring-nginx', 'ring-ketama', 'rendezvous', 'jump', 'maglev', 'bounded', 'multiprobe'] as const;
    expect(new Set(schemes.map((s) => SCHEME[s])).size).toBe(schemes.length);
    expect(new Set(Object.values(RULE)).size).toBe(3);
    // The rules' figure draws nodes too: no rule wears one of the first four nodes' colours.
    for (const c of Object.values(RULE)) expect([0, 1, 2, 3].map(nodeColour)).not.toContain(c);
    expect(new Set(Array.from({ length: 10 }, (_, i) => nodeColour(i))).size).toBe(10);
  });

  it('no figure module names a colour of its own: every colour comes from the palette', () => {
    const dir = new URL('../../../components/figures/', import.meta.url);
    for (const id of Object.values(experiments).flatMap((e) => e.figures)) {
      const src = readFileSync(new URL(`${id}.ts`, dir), 'utf8');
      expect(src, id).not.toMatch(/['"]#[0-9a-f]{3,6}['"]|steelblue|darkorange|tableau10|scheme: '(?!viridis)/i);
    }
  });
});

// ---------------------------------------------------------------- geometry

interface Box {
  text: string;
  px: number;
  left: number;
  right: number;
}

const attr = (el: Element, name: string): string | null => {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const style = e.getAttribute('style') ?? '';
    const css = new RegExp(`(?:^|;)\\s*${name}:\\s*([^;]+)`).exec(style)?.[1];
    if (css) return css.trim();
    const a = e.getAttribute(name);
    if (a !== null) return a;
    if (e.tagName.toLowerCase() === 'svg' && !e.parentElement?.closest('svg')) break;
  }
  return null;
};

const translateX = (el: Element): number | null => {
  const t = el.getAttribute('transform');
  if (!t) return 0;
  if (/rotate|matrix|scale/.test(t)) return null;
  const m = /translate\(\s*(-?[\d.e-]+)/.exec(t);
  return m ? Number(m[1]) : 0;
};

/** Each text's font size and an estimate of its horizontal extent in its svg's coordinates (null: rotated). */
function boxes(svg: Element): Box[] {
  const out: Box[] = [];
  for (const t of Array.from(svg.querySelectorAll('text'))) {
    const content = (t.textContent ?? '').trim();
    if (!content) continue;
    const px = parseFloat(attr(t, 'font-size') ?? '10');
    let x = Number(t.getAttribute('x') ?? 0);
    let rotated = false;
    for (let e: Element | null = t; e && e !== svg; e = e.parentElement) {
      const dx = translateX(e);
      if (dx === null) rotated = true;
      else x += dx;
    }
    if (rotated) {
      out.push({ text: content, px, left: NaN, right: NaN });
      continue;
    }
    const dxAttr = t.getAttribute('dx');
    if (dxAttr) x += dxAttr.endsWith('em') ? parseFloat(dxAttr) * px : parseFloat(dxAttr);
    const lines = t.querySelectorAll('tspan').length ? Array.from(t.querySelectorAll('tspan'), (s) => s.textContent ?? '') : [t.textContent ?? ''];
    const w = Math.max(...lines.map((l) => textWidth(l, px)));
    const anchor = attr(t, 'text-anchor') ?? 'start';
    const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
    out.push({ text: content, px, left, right: left + w });
  }
  return out;
}

const LOCALES = ['ko', 'en'] as const;
const pairs = Object.entries(experiments).flatMap(([experiment, e]) => e.figures.map((figure: string) => ({ experiment, figure })));

describe('every figure at the build widths and a phone: drawn at its width, text at least 11 px, no label past the edge', () => {
  it.each(pairs)('$figure ($experiment, defaults)', async ({ experiment, figure }) => {
    // The build's own run when npm test's run cache holds it (src/build/memo.ts): the figure is
    // what is tested here, on the output the page shows.
    const { output } = await runOnce(experiment, {});
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const strings = { ...sharedCellStrings(locale), ...ownCellStrings(locale, experiment, figure) };
      for (const width of [280, FIGURE_WIDTHS.narrow, 360, FIGURE_WIDTHS.wide]) {
        const { document } = new JSDOM('').window;
        const node = renderFigure({ document, locale, strings, experiment, width }, figure, output);
        const svgs = (node.tagName.toLowerCase() === 'svg' ? [node] : Array.from(node.querySelectorAll('svg'))).filter((s) => !s.parentElement?.closest('svg'));
        if (figure !== 'swrr-trace' && svgs.length === 0) problems.push(`${locale} ${width}: no svg`);
        for (const svg of svgs) {
          const w = Number(svg.getAttribute('width'));
          const where = `${locale} at ${width} px, svg "${(svg.getAttribute('aria-label') ?? svg.getAttribute('class') ?? '').slice(0, 40)}"`;
          // Wider than its box, the browser would shrink it and its text with it.
          if (w > width) problems.push(`${where}: drawn ${w} px wide`);
          // Legend ramps and swatches are sized by the stylesheet (12 and 13 px); Plot writes 10.
          const legend = /-(ramp|swatch)/.test(svg.getAttribute('class') ?? '');
          for (const b of boxes(svg)) {
            if (!legend && b.px < MIN) problems.push(`${where}: "${b.text}" at ${b.px} px`);
            if (!legend && Number.isFinite(b.left) && (b.left < -2 || b.right > w + 2)) problems.push(`${where}: "${b.text}" runs past the edge (about ${Math.round(b.left)}…${Math.round(b.right)} of ${w})`);
          }
        }
        // No font below the floor anywhere in the module's frame.
        expect(Math.min(...Object.values(FONT).map((f) => parseFloat(f)))).toBeGreaterThanOrEqual(MIN);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('compactPath: the same drawing in fewer bytes', () => {
  /** The absolute points a path of M, L, H, V, Z (either case) visits, in tenths of a pixel. */
  function points(d: string): number[][] {
    const out: number[][] = [];
    let x = 0;
    let y = 0;
    for (const [, cmd, args] of d.matchAll(/([MLHVZmlhvz])([^MLHVZmlhvz]*)/g)) {
      const n = (args.match(/-?\d*\.?\d+/g) ?? []).map(Number);
      const rel = cmd === cmd.toLowerCase();
      const c = cmd.toUpperCase();
      if (c === 'H') x = (rel ? x : 0) + n[0];
      else if (c === 'V') y = (rel ? y : 0) + n[0];
      else if (c === 'M' || c === 'L') {
        x = (rel ? x : 0) + n[0];
        y = (rel ? y : 0) + n[1];
      } else continue;
      out.push([Math.round(x * 10), Math.round(y * 10)]);
    }
    return out;
  }

  it('visits the same points, to a tenth of a pixel', () => {
    const d = 'M52,286.1L54.6,285.5L57.21,284.8L59.7,284.2M60,10L60.05,12.449H70V3.3Z';
    const c = compactPath(d);
    expect(points(c)).toEqual(points(d.replace(/-?\d*\.?\d+/g, (n) => String(Math.round(Number(n) * 10) / 10))));
    expect(c.length).toBeLessThan(d.length);
    expect(c.startsWith('M52 286.1l2.6-.6')).toBe(true);
  });

  it('leaves out the points of a long line that lie within a fifth of a pixel of it, and keeps the rest', () => {
    const line = Array.from({ length: 40 }, (_, i) => `${i ? 'L' : 'M'}${i * 2},${i < 20 ? i * 0.5 + (i % 2) * 0.01 : 10 - (i - 20) * 3}`).join('');
    const c = compactPath(line);
    const kept = points(c);
    // The corner at point 20 and both ends stay; the straight runs shrink to their ends.
    expect(kept[0]).toEqual([0, 0]);
    expect(kept).toContainEqual([400, 100]);
    expect(kept[kept.length - 1]).toEqual([780, -470]);
    expect(kept.length).toBeLessThan(6);
  });

  it('rounds but keeps arcs and curves absolute', () => {
    expect(compactPath('M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0')).toBe('M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0');
    expect(compactPath('M0,0C1.234,2,3,4,5.05,6')).toBe('M0,0C1.2,2,3,4,5.1,6');
  });
});
