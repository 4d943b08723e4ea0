import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import { framed, NARROW } from './frame.ts';
import { nodeColours } from './palette.ts';
import type { SwrrTraceData } from '../../src/experiments/smooth-weighted-round-robin/swrr-trace.ts';
import { fill } from '../../src/i18n/index.ts';
import type { FigureModule, TableData } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';
import { markList } from './steppers.ts';

function rowsOf(data: SwrrTraceData, locale: string): TableData['rows'] {
  const nf = countFormat(locale);
  return data.rows.map((r) => [r.round, ...r.added.map((c) => nf.format(c)), data.names[r.picked], ...r.after.map((c) => nf.format(c))]);
}

function columnsOf(data: SwrrTraceData, strings: Record<string, string>): string[] {
  return [
    strings['fig.swrr-trace.col.round'],
    ...data.names.map((name) => fill(strings['fig.swrr-trace.col.added'], { name })),
    strings['fig.swrr-trace.col.pick'],
    ...data.names.map((name) => fill(strings['fig.swrr-trace.col.after'], { name })),
  ];
}

/**
 * The trace two ways: a chart of each node's current weight after adding, round by round, with
 * the pick ringed and a drop to its value after subtracting; and the article's table, in full,
 * the pick of each round in bold.
 */
export const swrrTraceFigure: FigureModule<SwrrTraceData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = countFormat(locale);
    const names = data.names;
    const points = data.rows.flatMap((r) => r.added.map((c, i) => ({ round: r.round, name: names[i], current: c, picked: i === r.picked })));
    const drops = data.rows.map((r) => ({ round: r.round, name: names[r.picked], from: r.added[r.picked], to: r.after[r.picked] }));
    const chart = framed({ document, width }, {
      // Lower on a phone, where the article's table follows it.
      height: width < NARROW ? 210 : 260,
      marginLeft: 48,
      ariaLabel: fill(strings['fig.swrr-trace.aria'], { total: data.total }),
      tips: data.rows.flatMap((r) =>
        r.added.map((c, i) => ({
          x: r.round,
          y: c,
          text: reading([strings['fig.swrr-trace.col.round'], nf.format(r.round)], [fill(strings['fig.swrr-trace.col.added'], { name: names[i] }), nf.format(c)], i === r.picked && [strings['fig.swrr-trace.col.pick'], names[i]], [fill(strings['fig.swrr-trace.col.after'], { name: names[i] }), nf.format(r.after[i])]),
        })),
      ),
      marginBottom: 44,
      x: { label: strings['fig.swrr-trace.x'], labelAnchor: 'center', ticks: data.rows.length <= 20 ? data.rows.map((r) => r.round) : undefined, tickFormat: (v: number) => nf.format(v), labelArrow: 'none' },
      y: { label: strings['fig.swrr-trace.y'], grid: true, tickFormat: (v: number) => nf.format(v), labelArrow: 'none' },
      color: { domain: names, range: nodeColours(names.length), legend: true },
      symbol: { domain: names },
      marks: [
        Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.6 }),
        Plot.line(points, { x: 'round', y: 'current', stroke: 'name', strokeWidth: 1.5 }),
        Plot.link(drops, { x1: 'round', x2: 'round', y1: 'from', y2: 'to', stroke: 'name', strokeDasharray: '3 2', markerEnd: 'arrow' }),
        Plot.dot(points, { x: 'round', y: 'current', fill: 'name', symbol: 'name', r: 3.5 }),
        Plot.dot(
          points.filter((p) => p.picked),
          { x: 'round', y: 'current', stroke: 'currentColor', r: 8, strokeWidth: 1.5 },
        ),
      ],
    });
    // The hand (issue 28): each entry of the key steps its node's weight (item-steppers.ts).
    const key = chart.querySelector('div[class*="-swatches"]');
    if (key) {
      markList(key, Array.from(key.querySelectorAll(':scope > [class$="-swatch"]')), {
        param: 'weights',
        show: 'value',
        nonzero: true,
        lead: strings['fig.swrr-trace.hand.lead'],
        items: data.weights.map((w, i) => ({ value: w, label: fill(strings['fig.swrr-trace.hand.item'], { name: names[i] }) })),
      });
    }
    const table = document.createElement('table');
    table.className = 'swrr-trace-table';
    // Names and numbers stay whole; a narrow screen scrolls the table instead.
    table.setAttribute('style', 'white-space: nowrap');
    // Two header rows: "after adding" and "after subtracting" over the names, so the table
    // stays narrow enough for a phone.
    const th = (text: string, attrs: Record<string, string> = {}) => {
      const cell = document.createElement('th');
      cell.textContent = text;
      for (const [k, v] of Object.entries(attrs)) cell.setAttribute(k, v);
      return cell;
    };
    const n = names.length;
    const top = document.createElement('tr');
    top.append(
      th(strings['fig.swrr-trace.col.round'], { scope: 'col', rowspan: '2' }),
      th(strings['fig.swrr-trace.head.added'], { scope: 'colgroup', colspan: String(n) }),
      th(strings['fig.swrr-trace.col.pick'], { scope: 'col', rowspan: '2' }),
      th(strings['fig.swrr-trace.head.after'], { scope: 'colgroup', colspan: String(n) }),
    );
    const second = document.createElement('tr');
    for (let k = 0; k < 2; k++) for (const name of names) second.append(th(name, { scope: 'col' }));
    const thead = document.createElement('thead');
    thead.append(top, second);
    const tbody = document.createElement('tbody');
    for (const [k, row] of rowsOf(data, locale).entries()) {
      const tr = document.createElement('tr');
      row.forEach((v, i) => {
        const cell = document.createElement(i === 0 ? 'th' : 'td');
        if (i === 0) cell.setAttribute('scope', 'row');
        // The pick's column and its value after adding, the winner, stand out.
        const picked = data.rows[k].picked;
        if (i === n + 1 || i === 1 + picked) {
          const b = document.createElement('strong');
          b.textContent = String(v);
          cell.append(b);
        } else cell.textContent = String(v);
        tr.append(cell);
      });
      tbody.append(tr);
    }
    table.append(thead, tbody);
    const caption = document.createElement('caption');
    caption.textContent = fill(strings['fig.swrr-trace.table'], { total: data.total });
    table.prepend(caption);
    const wrap = document.createElement('div');
    wrap.className = 'swrr-trace-figure';
    // Not .table-wrap: the cell puts its data table in the first one it finds.
    const scroll = document.createElement('div');
    scroll.className = 'swrr-trace-scroll';
    scroll.setAttribute('style', 'overflow-x: auto');
    // A region that may scroll sideways is reachable and named for keyboard and screen reader users.
    scroll.setAttribute('tabindex', '0');
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', caption.textContent);
    scroll.append(table);
    wrap.append(scroll, chart);
    return wrap;
  },
  table(data, { locale, strings }) {
    return { columns: columnsOf(data, strings), rows: rowsOf(data, locale) };
  },
};
