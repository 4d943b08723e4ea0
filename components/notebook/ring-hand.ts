import { fill, type Strings } from '../../src/i18n/index.ts';
import type { RingHand } from '../figures/chash-ring.ts';

/**
 * The ring answers the hand (issue 28): a click or tap on an arc of the chash.ring figure adds a
 * node there (its first point at that angle), on a node's point removes that node; the figure
 * draws the arcs that changed owner. The keyboard and a screen reader have the same through one
 * control under the figure: a slider whose stops are the ring's arcs and points, clockwise from
 * the top (the arrow keys step, Home and End go to the ends), Enter or Space acts on the stop
 * (adds a node on an arc, removes the node on a point), Delete removes the node of a point. The
 * stop is drawn on the ring while the control has the focus.
 *
 * Every gesture sets the cell's parameters (change, at, leave) and runs it, so the URL, Share and
 * the command line follow as for a typed setting. The figure is redrawn by each run; the control
 * and its marker stay (they live outside the figure's box) and read the new figure's stops.
 */

/** How near (CSS px) a pointer must come to a point to take it for the point, not its arc. */
const NEAR_POINT = 12;
/** How far from the circle (as a share of its radius) a click still counts as on the ring. */
const BAND = 0.22;

type Stop = RingHand['stops'][number];

export interface RingHandHooks {
  /** Sets these parameters (text as a field holds it) and runs the cell. */
  apply(values: Record<string, string>): void;
  /** False while the cell cannot run yet (before its link's values are in). */
  ready(): boolean;
}

/** The hand's description of the figure in the box (null: none drawn, or unreadable). */
function handOf(plot: HTMLElement): { svg: SVGSVGElement; hand: RingHand } | null {
  // The build draws the figure at two widths and shows one: the visible one is the one in use.
  const svgs = Array.from(plot.querySelectorAll<SVGSVGElement>('svg[data-ring-hand]'));
  const svg = svgs.find((s) => s.getBoundingClientRect().width > 0) ?? svgs[0];
  if (!svg) return null;
  try {
    return { svg, hand: JSON.parse(svg.getAttribute('data-ring-hand')!) as RingHand };
  } catch {
    return null;
  }
}

/** The parameters a stop's action sets, or null where it does nothing (the joining node's own points). */
export function actionOf(hand: RingHand, stop: Stop, at = stop[0]): Record<string, string> | null {
  if (stop[1] === 'arc') return { change: 'add-at', at: String(Math.round(Math.min(359.99, Math.max(0, at)) * 100) / 100), leave: '0' };
  if (hand.change === 'add' && stop[2] === hand.changed) return null;
  return { change: 'remove-node', leave: String(stop[2]), at: '0' };
}

/** What a stop says to a listener (and under the figure): where it is, and what Enter does there. */
export function stopText(hand: RingHand, stop: Stop, s: Strings, locale: string): string {
  const deg = new Intl.NumberFormat(locale, { style: 'unit', unit: 'degree', unitDisplay: 'narrow', maximumFractionDigits: 1 });
  const name = hand.names[stop[2]];
  if (stop[1] === 'arc') return fill(s['fig.chash-ring.hand.arc'], { node: name, from: deg.format(stop[3]), to: deg.format(stop[4]), new: hand.names.length > 0 ? nextName(hand) : '' });
  if (!actionOf(hand, stop)) return fill(s['fig.chash-ring.hand.joining'], { node: name, at: deg.format(stop[0]) });
  return fill(s['fig.chash-ring.hand.point'], { node: name, at: deg.format(stop[0]) });
}

/** The name the node a click adds gets: the one after the ring's nodes before the change. */
const nextName = (hand: RingHand): string => `n${hand.change === 'add' ? hand.names.length - 1 : hand.names.length}`;

export function attachRingHand(root: HTMLElement, s: Strings, locale: string, hooks: RingHandHooks): void {
  const plot = root.querySelector<HTMLElement>('.figure-plot');
  if (!plot || !handOf(plot)) return;
  const doc = root.ownerDocument;
  const control = doc.createElement('div');
  control.className = 'ring-hand';
  control.tabIndex = 0;
  control.setAttribute('role', 'slider');
  control.setAttribute('aria-label', s['fig.chash-ring.hand.label']);
  control.setAttribute('aria-keyshortcuts', 'Enter Delete');
  control.setAttribute('aria-valuemin', '0');
  control.setAttribute('aria-valuemax', '360');
  const readout = doc.createElement('span');
  readout.className = 'ring-hand-readout';
  const hint = doc.createElement('span');
  hint.className = 'ring-hand-hint';
  hint.id = `${root.id}-ring-hint`;
  hint.textContent = s['fig.chash-ring.hand.hint'];
  control.setAttribute('aria-describedby', hint.id);
  control.append(readout);
  const box = doc.createElement('div');
  box.className = 'ring-hand-box';
  box.append(control, hint);
  plot.after(box);
  // The stop on the ring while the control has the focus.
  const marker = doc.createElement('div');
  marker.className = 'ring-hand-marker';
  marker.setAttribute('aria-hidden', 'true');
  marker.hidden = true;

  /** The cursor, as an angle: the figure's stops change with each run, the place stays. */
  let cursor = 0;
  const current = () => {
    const found = handOf(plot);
    if (!found || found.hand.stops.length === 0) return null;
    const { stops } = found.hand;
    let index = 0;
    stops.forEach((st, i) => {
      if (Math.abs(st[0] - cursor) < Math.abs(stops[index][0] - cursor)) index = i;
    });
    return { ...found, index, stop: stops[index] };
  };
  const render = () => {
    const c = current();
    if (!c) return;
    const text = stopText(c.hand, c.stop, s, locale);
    control.setAttribute('aria-valuenow', String(c.stop[0]));
    control.setAttribute('aria-valuetext', text);
    readout.textContent = text;
    // The marker sits on the stop, in the box's pixels.
    const rect = c.svg.getBoundingClientRect();
    const vb = c.svg.viewBox.baseVal;
    const scale = vb && vb.width > 0 ? rect.width / vb.width : 1;
    const a = (c.stop[0] * Math.PI) / 180;
    const host = plot.getBoundingClientRect();
    if (getComputedStyle(plot).position === 'static') plot.style.position = 'relative';
    if (marker.parentElement !== plot) plot.append(marker);
    marker.style.left = `${rect.left - host.left + (c.hand.cx + c.hand.r * Math.sin(a)) * scale}px`;
    marker.style.top = `${rect.top - host.top + (c.hand.cy - c.hand.r * Math.cos(a)) * scale}px`;
    marker.dataset.kind = c.stop[1];
    marker.hidden = doc.activeElement !== control;
  };
  const act = (values: Record<string, string> | null) => {
    if (values && hooks.ready()) hooks.apply(values);
  };

  control.addEventListener('focus', render);
  control.addEventListener('blur', () => (marker.hidden = true));
  control.addEventListener('keydown', (e) => {
    const c = current();
    if (!c || e.altKey || e.ctrlKey || e.metaKey) return;
    const last = c.hand.stops.length - 1;
    const to = (i: number) => {
      cursor = c.hand.stops[(i + last + 1) % (last + 1)][0];
      render();
    };
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        to(c.index + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        to(c.index - 1);
        break;
      case 'Home':
        to(0);
        break;
      case 'End':
        to(last);
        break;
      case 'Enter':
      case ' ':
        act(actionOf(c.hand, c.stop));
        break;
      case 'Delete':
      case 'Backspace':
        if (c.stop[1] === 'point') act(actionOf(c.hand, c.stop));
        break;
      default:
        return;
    }
    e.preventDefault();
  });

  // A click or tap on the ring: the nearest point if it is close, else the arc under it.
  plot.addEventListener('click', (e) => {
    const found = handOf(plot);
    const target = e.target instanceof Element ? e.target.closest('svg[data-ring-hand]') : null;
    if (!found || target !== found.svg) return;
    const { svg, hand } = found;
    const rect = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const scale = vb && vb.width > 0 ? rect.width / vb.width : 1;
    const x = (e.clientX - rect.left) / scale - hand.cx;
    const y = (e.clientY - rect.top) / scale - hand.cy;
    const dist = Math.hypot(x, y);
    if (Math.abs(dist - hand.r) > hand.r * BAND) return;
    const angle = ((Math.atan2(x, -y) * 180) / Math.PI + 360) % 360;
    let point: Stop | null = null;
    let best = NEAR_POINT / scale;
    for (const st of hand.stops) {
      if (st[1] !== 'point') continue;
      const a = (st[0] * Math.PI) / 180;
      const d = Math.hypot(x - hand.r * Math.sin(a), y + hand.r * Math.cos(a));
      if (d < best) {
        best = d;
        point = st;
      }
    }
    cursor = angle;
    if (point) return act(actionOf(hand, point));
    const arc = hand.stops.find((st) => st[1] === 'arc');
    if (arc) act(actionOf(hand, arc, angle));
  });

  // Each redraw (a run, a resize) brings new stops: the readout follows.
  new MutationObserver(render).observe(plot, { childList: true });
  render();
}
