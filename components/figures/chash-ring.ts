import * as Plot from '@observablehq/plot';
import type { RingData } from '../../src/experiments/consistent-hashing/chash-ring.ts';
import { fill } from '../../src/i18n/index.ts';
import { framed } from './frame.ts';
import { nodeColours } from './palette.ts';
import { reading } from './tips.ts';
import type { FigureModule } from './types.ts';

/** The largest side of the square frame, in pixels. */
const MAX_SIDE = 460;
/** Degrees per straight piece of a drawn arc. */
const STEP = 4;
/** Radii, the ring's being 1: keys sit just inside it, the former owner of a changed arc just outside. */
const R_KEYS = 0.86;
const R_WAS = 1.09;
const EXTENT = 1.16;
/**
 * One colour per node (the palette's node colours, the same n0, n1 … as everywhere), and a shape
 * beside it for readers who tell the hues apart less well: filled shapes only, so that the hollow
 * points of a leaving node read as the same shapes. Ten colours and seven shapes: no two of the
 * ring's at most 13 nodes share both (the pair repeats only after 70).
 */
const SHAPES = ['circle', 'square', 'diamond', 'triangle', 'star', 'cross', 'wye'] as const;
/** The legend's swatches: filled from the colour scale and outlined, like the points (Plot's symbol legend options). */
const SWATCH: Plot.LegendOptions = { fill: 'color', stroke: 'currentColor', strokeWidth: 0.75 };
export const ringSymbol = (i: number): string => SHAPES[i % SHAPES.length];

const rad = (deg: number): number => (deg * Math.PI) / 180;
/** 0 degrees at the top, clockwise (Plot's y runs upward). */
const at = (deg: number, r: number): { x: number; y: number } => ({ x: r * Math.sin(rad(deg)), y: r * Math.cos(rad(deg)) });

interface ArcRow {
  x: number;
  y: number;
  seg: number;
  owner: string;
}

/** Each segment as a polyline along the circle of radius r, a few degrees a piece. */
function arcRows(segments: readonly { from: number; span: number; owner: string }[], r: number): ArcRow[] {
  return segments.flatMap(({ from, span, owner }, seg) => {
    const n = Math.max(1, Math.ceil(span / STEP));
    return Array.from({ length: n + 1 }, (_, k) => ({ ...at(from + (span * k) / n, r), seg, owner }));
  });
}

/**
 * The ring's places for the hand, clockwise from the top: each arc of the ring after the change
 * (its middle, its owner, its ends) followed by the point that ends it. A click on an arc adds a
 * node there, on a point removes that point's node; the joining node's own points do nothing.
 */
export interface RingHand {
  /** The circle's centre and radius in the SVG's user units. */
  cx: number;
  cy: number;
  r: number;
  /** The node names, and which one the change added or removed. */
  names: string[];
  change: 'add' | 'remove';
  changed: number;
  /** [angle, 'arc', owner, from, to] or [angle, 'point', node]: degrees to 0.01. */
  stops: ([number, 'arc', number, number, number] | [number, 'point', number])[];
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

export function handOf(data: RingData, side: number): RingHand {
  const stops: RingHand['stops'] = [];
  data.after.arcs.forEach((arc, i) => {
    const end = (arc.from + arc.span) % 360;
    stops.push([r2(Math.min(359.99, (arc.from + arc.span / 2) % 360)), 'arc', arc.node, r2(arc.from), r2(end)]);
    stops.push([r2(data.after.points[i].angle), 'point', data.after.points[i].node]);
  });
  stops.sort((a, b) => a[0] - b[0]);
  return { cx: side / 2, cy: side / 2, r: r1(side / 2 / EXTENT), names: data.names, change: data.change, changed: data.changed, stops };
}

const r1 = (v: number): number => Math.round(v * 10) / 10;
const roundNumbers = (s: string): string => s.replace(/-?\d+\.\d+(?:e-?\d+)?/g, (m) => String(r1(Number(m))));

/**
 * The hash ring before and after one node joins or leaves. Arcs are coloured by their owner after
 * the change; the arcs that changed owner are drawn thick and outlined, with a thin arc just
 * outside in the colour of their former owner. Points are symbols in their node's colour (a
 * leaving node's hollow); sample keys sit just inside the ring, the moved ones large and in
 * their new node's colour.
 */
export const chashRingFigure: FigureModule<RingData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale);
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const side = Math.max(200, Math.min(width, MAX_SIDE));
    const name = (i: number): string => data.names[i];
    const owned = data.segments.map((s) => ({ ...s, owner: name(s.after) }));
    const kept = arcRows(owned.filter((s) => !s.changed), 1);
    const changed = arcRows(owned.filter((s) => s.changed), 1);
    const was = arcRows(data.segments.filter((s) => s.changed).map((s) => ({ ...s, owner: name(s.before) })), R_WAS);
    const points = data.after.points.map((p) => ({ ...at(p.angle, 1), node: name(p.node) }));
    const gone = data.change === 'remove' ? data.before.points.filter((p) => p.node === data.changed).map((p) => ({ ...at(p.angle, 1), node: name(p.node) })) : [];
    const still = data.keys.filter((k) => !k.moved).map((k) => at(k.angle, R_KEYS));
    const moved = data.keys.filter((k) => k.moved).map((k) => ({ ...at(k.angle, R_KEYS), node: name(k.after) }));
    const deg = new Intl.NumberFormat(locale, { style: 'unit', unit: 'degree', unitDisplay: 'narrow', maximumFractionDigits: 2 });
    const caption = [
      data.change === 'add' && data.at !== null
        ? fill(strings['fig.chash-ring.joins.at'], { node: name(data.changed), at: deg.format(data.at) })
        : fill(strings[data.change === 'add' ? 'fig.chash-ring.joins' : 'fig.chash-ring.leaves'], { node: name(data.changed) }),
      fill(strings['fig.chash-ring.moved'], { moved: nf.format(moved.length), keys: nf.format(data.keys.length) }),
    ];

    const figure = framed({ document, width: side }, {
      height: side,
      margin: 0,
      ariaLabel: strings['fig.chash-ring.aria'],
      x: { axis: null, domain: [-EXTENT, EXTENT] },
      y: { axis: null, domain: [-EXTENT, EXTENT] },
      color: { domain: data.names, range: nodeColours(data.names.length) },
      // The key: each node's shape filled with its own colour, as its points are drawn.
      symbol: { ...SWATCH, legend: true, domain: data.names, range: data.names.map((_, i) => ringSymbol(i)), label: strings['fig.chash-ring.legend'] },
      tips: [
        ...data.after.points.map((p, i) => ({ ...at(p.angle, 1), text: reading(fill(strings['fig.chash-ring.tip.point'], { node: name(p.node), share: pct.format(data.after.arcs[i].span / 360) })) })),
        ...gone.map((p) => ({ ...p, text: reading(fill(strings['fig.chash-ring.tip.gone'], { node: p.node })) })),
        ...data.keys.filter((k) => k.moved).map((k) => ({ ...at(k.angle, R_KEYS), text: reading(fill(strings['fig.chash-ring.tip.key'], { from: name(k.before), to: name(k.after) })) })),
      ],
      marks: [
        Plot.line(kept, { x: 'x', y: 'y', z: 'seg', stroke: 'owner', strokeWidth: 3 }),
        Plot.line(changed, { x: 'x', y: 'y', z: 'seg', stroke: 'currentColor', strokeWidth: 9 }),
        Plot.line(changed, { x: 'x', y: 'y', z: 'seg', stroke: 'owner', strokeWidth: 6 }),
        Plot.line(was, { x: 'x', y: 'y', z: 'seg', stroke: 'owner', strokeWidth: 2, strokeDasharray: '3 2' }),
        Plot.dot(still, { x: 'x', y: 'y', r: 1.2, fill: 'currentColor', ariaDescription: 'keys' }),
        Plot.dot(moved, { x: 'x', y: 'y', r: 2.6, fill: 'node', stroke: 'currentColor', strokeWidth: 0.6 }),
        Plot.dot(gone, { x: 'x', y: 'y', r: 5, symbol: 'node', stroke: 'node', strokeWidth: 1.5, fill: 'none' }),
        Plot.dot(points, { x: 'x', y: 'y', r: 5, symbol: 'node', fill: 'node', stroke: 'currentColor', strokeWidth: 0.75 }),
        Plot.text([caption.join('\n')], { x: 0, y: 0, fill: 'currentColor', lineHeight: 1.4 }),
      ],
    });

    // Compact static markup: coordinates to 0.1 px, and the unmoved keys as one path of round dots.
    const svg = figure.tagName.toLowerCase() === 'svg' ? figure : figure.querySelector('svg[aria-label]')!;
    // What the hand can do on this ring (ring-hand.ts reads it in the page): where the circle is, and its stops.
    svg.setAttribute('data-ring-hand', JSON.stringify(handOf(data, side)));
    for (const path of Array.from(svg.querySelectorAll('path[d]'))) path.setAttribute('d', roundNumbers(path.getAttribute('d')!));
    for (const el of Array.from(svg.querySelectorAll('circle, [transform]'))) {
      for (const a of ['cx', 'cy', 'transform']) if (el.hasAttribute(a)) el.setAttribute(a, roundNumbers(el.getAttribute(a)!));
    }
    const group = svg.querySelector('g[aria-description="keys"]');
    const circles = group ? Array.from(group.querySelectorAll('circle')) : [];
    if (group && circles.length > 0) {
      let px = 0;
      let py = 0;
      const d = circles
        .map((c, i) => {
          const x = Number(c.getAttribute('cx'));
          const y = Number(c.getAttribute('cy'));
          const move = i === 0 ? `M${x} ${y}` : `m${r1(x - px)} ${r1(y - py)}`;
          px = x;
          py = y;
          c.remove();
          return `${move}h0`;
        })
        .join('');
      const path = svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'path');
      for (const [k, v] of Object.entries({ d, fill: 'none', stroke: 'currentColor', 'stroke-opacity': '0.5', 'stroke-width': '2.4', 'stroke-linecap': 'round' })) path.setAttribute(k, v);
      group.append(path);
    }
    return figure;
  },
  table(data, { strings }) {
    const count = (list: readonly { node: number }[], n: number): number => list.filter((p) => p.node === n).length;
    const keysBefore = data.keys.map((k) => ({ node: k.before }));
    const keysAfter = data.keys.map((k) => ({ node: k.after }));
    return {
      columns: (['node', 'arcs.before', 'arcs.after', 'keys.before', 'keys.after', 'gained', 'lost'] as const).map((c) => strings[`fig.chash-ring.col.${c}`]),
      rows: data.names.map((nodeName, n) => [
        nodeName,
        count(data.before.arcs, n),
        count(data.after.arcs, n),
        count(keysBefore, n),
        count(keysAfter, n),
        data.keys.filter((k) => k.moved && k.after === n).length,
        data.keys.filter((k) => k.moved && k.before === n).length,
      ]),
    };
  },
};
