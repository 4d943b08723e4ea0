import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { KetamaLookupData } from '../../src/experiments/ketama-at-scale/ketama-lookup.ts';
import { AXIS_MARGINS, framed, textWidth } from './frame.ts';
import type { FigureModule } from './types.ts';

const hex = (n: number): string => `0x${n.toString(16).padStart(8, '0')}`;

/**
 * Where each key lands: one row per server, the key's hash as a hollow dot on the 32-bit circle
 * (drawn as a line) and the ring point it lands on as a filled one.
 */
export const ketamaLookupFigure: FigureModule<KetamaLookupData> = {
  plot(data, { width, document, strings }) {
    const servers = [...new Set(data.placement)];
    const chart = framed({ document, width }, {
      height: 60 + 28 * servers.length,
      marginLeft: Math.min(Math.round(width * 0.45), 14 + Math.max(...servers.map((s) => textWidth(s, 13)))),
      ...AXIS_MARGINS,
      ariaLabel: strings['fig.ketama-lookup.aria'],
      tips: data.rows.map((r) => ({
        x: r.point,
        y: r.server,
        text: reading([strings['fig.ketama-lookup.col.key'], r.key], [strings['fig.ketama-lookup.col.hash'], hex(r.hash)], [strings['fig.ketama-lookup.col.point'], hex(r.point)], [strings['fig.ketama-lookup.col.server'], r.server]),
      })),
      x: { domain: [0, 2 ** 32], label: strings['fig.ketama-lookup.x'], ticks: [0, 2 ** 30, 2 ** 31, 3 * 2 ** 30, 2 ** 32], tickFormat: (v: number) => ['0', '2³⁰', '2³¹', '3·2³⁰', '2³²'][Math.round(v / 2 ** 30)], labelAnchor: 'center', labelArrow: 'none' },
      y: { domain: servers, label: null },
      marks: [
        Plot.gridY({ stroke: 'currentColor', strokeOpacity: 0.15 }),
        Plot.link(data.rows, { x1: 'hash', x2: 'point', y1: 'server', y2: 'server', stroke: 'currentColor', strokeOpacity: 0.6 }),
        Plot.dot(data.rows, { x: 'hash', y: 'server', stroke: 'currentColor', r: 3.5 }),
        Plot.dot(data.rows, { x: 'point', y: 'server', fill: 'currentColor', r: 3.5 }),
      ],
    });
    // The placements themselves, in key order, are what the reader came for: shown, not folded away.
    const table = document.createElement('table');
    table.className = 'lookup-placement';
    const head = table.createTHead().insertRow();
    for (const c of ['key', 'server', 'point'] as const) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = strings[`fig.ketama-lookup.col.${c}`];
      head.append(th);
    }
    const body = table.createTBody();
    for (const r of data.rows) {
      const row = body.insertRow();
      for (const text of [r.key, r.server, hex(r.point)]) row.insertCell().textContent = text;
    }
    const wrap = document.createElement('div');
    wrap.className = 'table-wrap';
    // It scrolls sideways on a narrow screen: reachable and named for the keyboard and screen readers.
    wrap.setAttribute('tabindex', '0');
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', strings['fig.ketama-lookup.aria']);
    wrap.append(table);
    const box = document.createElement('div');
    box.className = 'figure-panels';
    box.append(chart, wrap);
    return box;
  },
  table(data, { strings }) {
    return {
      columns: (['key', 'hash', 'point', 'server'] as const).map((c) => strings[`fig.ketama-lookup.col.${c}`]),
      rows: data.rows.map((r) => [r.key, hex(r.hash), hex(r.point), r.server]),
    };
  },
};
