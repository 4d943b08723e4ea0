import type { Decision, PanelModel } from './model.ts';

/** The page's colours, read from its CSS custom properties (so light and dark themes both work). */
export interface Palette {
  fg: string;
  muted: string;
  border: string;
  accent: string;
  link: string;
  bg: string;
}

export interface Frame {
  /** CSS pixels. */
  width: number;
  height: number;
  /** The display time. */
  t: number;
  /** How long, in simulated time, a request takes to fly from the balancer to its queue. */
  flight: number;
  speeds: ArrayLike<number>;
  /** The slow stretch: the first `servers` (none when it slows nothing: slowedServers) run `factor` times slower from slowFrom until slowTo (display time). */
  slow?: { servers: number; factor: number; slowFrom: number; slowTo: number };
  /** The decision to outline (step mode), or null. */
  highlight: Decision | null;
  /** The latency histogram's range, shared by the panels, and the percentiles to mark. */
  histMax: number;
  p50: number;
  p99: number;
  /** The words the canvas writes (the page's language), and how it writes numbers. */
  labels: { balancer: string; x: string; y: string };
  format: (v: number) => string;
}

export const HIST_H = 78;
const BINS = 30;
/** Below the histogram's baseline: its tick numbers and the axis' name. */
export const AXIS_H = 28;

/**
 * A panel's height in CSS pixels for this many servers: the build reserves it (FlowView.astro)
 * and the page draws into it, so nothing moves when the view hydrates.
 */
export function stageHeight(servers: number, compact: boolean): number {
  return Math.max(230, Math.min(520, HIST_H + AXIS_H + 40 + servers * (compact ? 22 : 28)));
}

/**
 * One panel: the balancer on the left, a row per server on the right with its queue as dots
 * (the first one, inside the box, in service), requests flying from the balancer to their
 * queue, and the latency histogram of the requests that have left, with p50 and p99 marked.
 */
export function drawPanel(ctx: CanvasRenderingContext2D, model: PanelModel, f: Frame, c: Palette): void {
  const { width: W, height: H } = f;
  ctx.clearRect(0, 0, W, H);
  ctx.font = '12px system-ui, sans-serif';
  const top = H - HIST_H - AXIS_H;
  const n = model.servers;
  const rowH = Math.min(34, (top - 8) / n);
  const y0 = 4 + (top - 8 - rowH * n) / 2;
  const rowY = (i: number) => y0 + rowH * (i + 0.5);
  const equal = Array.from(f.speeds).every((s) => s === f.speeds[0]);
  // A slow stretch's label (÷ factor) needs the wider box, as speeds' labels do, to stay clear of the request in service.
  const slowAny = (f.slow?.servers ?? 0) > 0;
  const boxW = Math.min(equal && !slowAny ? 44 : 62, W * 0.3);
  const boxX = W - boxW - 4;
  const gap = Math.max(2.5, Math.min(9, rowH * 0.45));
  const r = Math.max(1.2, Math.min(3.6, rowH * 0.22));
  const bx = 14;
  const by = top / 2;

  // The balancer, named.
  ctx.fillStyle = c.fg;
  ctx.beginPath();
  ctx.arc(bx, by, 9, 0, Math.PI * 2);
  ctx.fill();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(f.labels.balancer, 2, by + 13);

  const chosen = f.highlight?.server ?? -1;
  const outlined = new Set(f.highlight ? f.highlight.candidates.map((k) => k.server) : []);
  // A narrow box (three panels on a phone) has room for its label only: the request in service sits just outside it.
  const inside = boxW >= (equal ? 30 : 52);
  const minX = bx + 14;
  ctx.strokeStyle = c.border;
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 4]);
  ctx.beginPath();
  for (let i = 0; i < n && rowH >= 6; i++) {
    ctx.moveTo(minX, rowY(i) + 0.5);
    ctx.lineTo(boxX, rowY(i) + 0.5);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  const slowNow = f.slow && f.t >= f.slow.slowFrom && f.t < f.slow.slowTo ? f.slow : null;
  for (let i = 0; i < n; i++) {
    const y = rowY(i);
    const h = Math.max(2, rowH * 0.72);
    const slowed = slowNow !== null && i < slowNow.servers;
    ctx.fillStyle = i === chosen ? c.accent : model.queues[i].length > 0 ? c.link : c.bg;
    ctx.globalAlpha = i === chosen ? 0.9 : model.queues[i].length > 0 ? 0.35 : 1;
    ctx.fillRect(boxX, y - h / 2, boxW, h);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = outlined.has(i) || slowed ? c.accent : c.border;
    ctx.lineWidth = outlined.has(i) ? 2.5 : slowed ? 1.5 : 1;
    // A server in its slow stretch: a dashed outline, and its label says how much slower (÷ factor).
    if (slowed && !outlined.has(i)) ctx.setLineDash([3, 2]);
    ctx.strokeRect(boxX, y - h / 2, boxW, h);
    ctx.setLineDash([]);
    // The server's number (the step text names servers by it) and, when speeds differ, its speed.
    if (rowH >= 11) {
      ctx.fillStyle = i === chosen ? c.bg : c.fg;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      const label = equal ? String(i) : inside ? `${i} ×${f.speeds[i]}` : `${i}×${f.speeds[i]}`;
      ctx.fillText(slowed ? `${label}${inside && !equal ? ' ' : ''}÷${f.format(slowNow.factor)}` : label, boxX + 3, y);
    }
  }

  // Queues and flights.
  const first = inside ? boxX + boxW - 8 : boxX - 3 - r;
  const after = inside ? boxX - 6 : first - gap * 0.5;
  for (let i = 0; i < n; i++) {
    const q = model.queues[i];
    const y = rowY(i);
    const fits = Math.max(1, Math.floor((after - minX) / gap));
    for (let k = 0; k < q.length; k++) {
      const req = q[k];
      const slotX = k === 0 ? first : after - (Math.min(k, fits) - 0.5) * gap;
      const age = f.t - req.arrival;
      let x = slotX;
      let yy = y;
      if (age < f.flight) {
        const u = age / f.flight;
        const e = u * u * (3 - 2 * u);
        x = bx + (slotX - bx) * e;
        yy = by + (y - by) * e;
      }
      if (k > fits && age >= f.flight) continue;
      ctx.fillStyle = req.id === f.highlight?.id ? c.accent : c.fg;
      ctx.beginPath();
      ctx.arc(x, yy, req.id === f.highlight?.id ? r + 1.5 : r, 0, Math.PI * 2);
      ctx.fill();
    }
    if (q.length > fits + 1) {
      ctx.fillStyle = c.muted;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'right';
      ctx.fillText(`+${q.length - fits - 1}`, boxX - 2, y - rowH * 0.42);
    }
  }

  // Latency histogram.
  const hy = H - AXIS_H;
  const lat = model.latencies;
  const counts = new Array<number>(BINS).fill(0);
  const width = f.histMax / BINS;
  for (const v of lat) counts[Math.min(BINS - 1, Math.floor(v / width))]++;
  const most = Math.max(1, ...counts);
  const hx0 = 4;
  const hw = W - 8;
  ctx.fillStyle = c.muted;
  ctx.globalAlpha = 0.55;
  for (let b = 0; b < BINS; b++) {
    const h = (counts[b] / most) * (HIST_H - 12);
    ctx.fillRect(hx0 + (b * hw) / BINS, hy - h, hw / BINS - 1, h);
  }
  ctx.globalAlpha = 1;
  ctx.strokeStyle = c.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(hx0, hy + 0.5);
  ctx.lineTo(hx0 + hw, hy + 0.5);
  ctx.stroke();
  ctx.textBaseline = 'top';
  const xOf = (v: number) => hx0 + Math.min(1, v / f.histMax) * hw;
  for (const [label, v] of [['p50', f.p50], ['p99', f.p99]] as const) {
    if (!Number.isFinite(v)) continue;
    const x = xOf(v);
    // p50's label on the first line, p99's on the next: they never run into each other.
    const drop = label === 'p99' ? 14 : 0;
    ctx.strokeStyle = c.accent;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, hy - HIST_H + 8);
    ctx.lineTo(x, hy);
    ctx.stroke();
    ctx.fillStyle = c.fg;
    const right = x > W / 2;
    ctx.textAlign = right ? 'right' : 'left';
    ctx.fillText(`${label} ${f.format(v)}`, x + (right ? -3 : 3), hy - HIST_H + 16 + drop);
  }
  // The axes, named: latency along, requests up (the bars' heights are relative).
  ctx.fillStyle = c.muted;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText('0', hx0, hy + 2);
  ctx.textAlign = 'right';
  ctx.fillText(f.format(f.histMax), hx0 + hw, hy + 2);
  ctx.textAlign = 'center';
  // A narrow panel names the axis without its parenthesis.
  const xName = ctx.measureText(f.labels.x).width <= hw - 8 ? f.labels.x : f.labels.x.replace(/\s*\(.*\)\s*$/, '');
  ctx.fillText(xName, hx0 + hw / 2, hy + 15);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  ctx.fillText(f.labels.y, hx0, hy - HIST_H + 14);
}

/** The page's colours now (light or dark). */
export function readPalette(): Palette {
  const cs = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return { fg: v('--fg', '#1b1d21'), muted: v('--fg-muted', '#545a63'), border: v('--border', '#d9d5cc'), accent: v('--accent', '#8a3b00'), link: v('--link', '#0b5cad'), bg: v('--bg', '#fdfcf9') };
}
