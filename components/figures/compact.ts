/**
 * Smaller SVG for the built pages: Plot writes coordinates as full doubles, and long lines carry
 * more points than a screen can show. Used by the cell's renderer (components/notebook/render.ts)
 * on every figure it draws, at build time and in the page.
 */

const GEOMETRY = ['transform', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'width', 'height', 'points'];

/** Tenths of a pixel, as an integer. */
const tenths = (n: string): number => Math.round(Number(n) * 10);
/** A number of tenths, shortest: 15 → "1.5", -5 → "-.5", 20 → "2". */
const fmt = (t: number): string => {
  const s = String(t / 10);
  return s.replace(/^(-?)0\./, '$1.');
};

/** Douglas–Peucker: the points of a polyline that keep it within `tolerance` of the original. */
function simplify(pts: number[][], tolerance: number): number[][] {
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const len = Math.hypot(bx - ax, by - ay);
    let far = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = pts[i];
      const dist = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (dist > far) {
        far = dist;
        at = i;
      }
    }
    if (far > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/**
 * A path of straight pieces (Plot's lines, ticks and symbols: M, L, H, V, Z) to tenths of a
 * pixel, with each point after the first written relative to the one before: along a line the
 * steps repeat, which is what the page's compression feeds on. Arcs and curves keep their
 * absolute numbers, rounded.
 */
export function compactPath(d: string): string {
  const round = (s: string) => s.replace(/-?\d*\.?\d+(?:e-?\d+)?/g, (n) => fmt(tenths(n)));
  if (!/^[MLHVZmlhvz\d\s,.eE-]*$/.test(d) || /[mlhvz]/.test(d)) return round(d);
  // One long polyline (a data line): points within a fifth of a pixel of the straight piece
  // between their neighbours add nothing a screen shows, and are left out.
  if (/^M[^MHVZ]*$/.test(d)) {
    const n = (d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(tenths);
    if (n.length >= 16 && n.length % 2 === 0) {
      const pts = Array.from({ length: n.length / 2 }, (_, i) => [n[2 * i], n[2 * i + 1]]);
      const kept = simplify(pts, 2);
      d = kept.map(([x, y], i) => `${i ? 'L' : 'M'}${x / 10},${y / 10}`).join('');
    }
  }
  const out: string[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const join = (nums: number[]) => nums.map(fmt).join(' ').replace(/ -/g, '-');
  for (const [, cmd, args] of d.matchAll(/([MLHVZ])([^MLHVZ]*)/g)) {
    const n = (args.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(tenths);
    if (cmd === 'Z') {
      out.push('z');
      x = sx;
      y = sy;
    } else if (cmd === 'H') {
      for (const v of n) {
        out.push(`h${fmt(v - x)}`);
        x = v;
      }
    } else if (cmd === 'V') {
      for (const v of n) {
        out.push(`v${fmt(v - y)}`);
        y = v;
      }
    } else {
      for (let i = 0; i + 1 < n.length; i += 2) {
        const first = out.length === 0;
        const move = cmd === 'M' && i === 0;
        out.push(first ? `M${join([n[i], n[i + 1]])}` : `${move ? 'm' : 'l'}${join([n[i] - x, n[i + 1] - y])}`);
        x = n[i];
        y = n[i + 1];
        if (move) {
          sx = x;
          sy = y;
        }
      }
    }
  }
  return out.join('');
}

/**
 * Plot writes coordinates as full doubles (115.55555555555557); a tenth of a pixel is finer
 * than any screen draws, and rounding to it makes the static figures about a third smaller.
 */
export function compactGeometry(svg: Element): void {
  for (const el of [svg, ...Array.from(svg.querySelectorAll('*'))]) {
    if (el.tagName.toLowerCase() === 'svg' && el !== svg) continue; // legend swatches keep their viewBox maths
    const d = el.getAttribute('d');
    if (d) el.setAttribute('d', compactPath(d));
    for (const name of GEOMETRY) {
      const value = el.getAttribute(name);
      if (value && /\.\d{2}/.test(value)) el.setAttribute(name, value.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10)));
    }
  }
}
