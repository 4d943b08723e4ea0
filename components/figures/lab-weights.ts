import * as Plot from '@observablehq/plot';
import type { SchemeId } from '../../src/lib/placement/scheme.ts';
import { reading } from './tips.ts';
import type { LabWeightsData } from '../../src/experiments/placement-lab/lab-weights.ts';
import { fill } from '../../src/i18n/index.ts';
import { pairs, panelBox, panelWidth } from './lab-panels.ts';
import { framed } from './frame.ts';
import { schemeColour } from './palette.ts';
import type { FigureModule } from './types.ts';

/**
 * Weighted placement, a small panel per scheme on a shared y axis: a bar per node for the share
 * of keys it got, a tick for the share its weight asks for.
 */
export const labWeightsFigure: FigureModule<LabWeightsData> = {
  // The panels carry every number: the cell's numbers all fold under the figure.
  resultsShown: 0,
  plot(data, { width, document, locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const nodeName = (i: number) => fill(strings['fig.lab-weights.node'], { i: i + 1 });
    const domain = data.weights.map((_, i) => nodeName(i));
    const top = Math.max(...data.targets, ...data.rows.flatMap((r) => r.shares)) * 1.12;
    const columns = width < 560 ? 1 : data.weights.length > 8 ? 2 : 3;
    const w = panelWidth(width, columns);
    const targets = data.targets.map((t, i) => ({ node: nodeName(i), share: t }));
    const panels = data.rows.map((r) => {
      const name = strings[`fig.lab-weights.scheme.${r.id}`] ?? r.id;
      const title = r.how === 'emulated' ? `${name}${strings['fig.lab-weights.emulated']}` : name;
      const rows = r.shares.map((s, i) => ({ node: nodeName(i), share: s }));
      return framed({ document, width: w }, {
        height: 170,
        marginLeft: 44,
        marginRight: 8,
        marginTop: 24,
        marginBottom: data.weights.length > 8 ? 20 : 32,
        font: 'small',
        ariaLabel: fill(strings['fig.lab-weights.panel'], { scheme: name }),
        tips: r.shares.map((share, i) => ({
          x: nodeName(i),
          y: share,
          text: reading(title, fill(strings['fig.lab-weights.node.full'], { i: i + 1, w: data.weights[i] }), [name, pct1.format(share)], [strings['fig.lab-weights.col.target'], pct1.format(data.targets[i])]),
        })),
        x: { domain, label: null, padding: 0.2, axis: data.weights.length > 8 ? null : 'bottom' },
        y: { domain: [0, top], label: null, tickFormat: (v: number) => pct.format(v), ticks: 4, grid: true },
        marks: [
          Plot.text([title], { frameAnchor: 'top-left', dy: -16, dx: -40, textAnchor: 'start', fontWeight: 600, fill: 'currentColor' }),
          Plot.barY(rows, { x: 'node', y: 'share', fill: schemeColour(r.id) }),
          Plot.tickY(targets, { x: 'node', y: 'share', stroke: 'currentColor', strokeWidth: 2 }),
          Plot.ruleY([0], { stroke: 'currentColor' }),
        ],
      });
    });
    // On a phone, two schemes at a time; the key toggles the schemes in the run.
    const short = (id: SchemeId) => strings[`fig.lab-weights.short.${id}`] ?? id;
    const groups = pairs(data.rows.map((s) => short(s.id)));
    const toggle = { label: strings['fig.lab-weights.toggle'], names: short, on: data.rows.map((s) => s.id) };
    return panelBox(document, strings['fig.lab-weights.aria'], panels, strings['fig.lab-weights.note'], { name: 'lab-weights-pick', legend: strings['fig.lab-weights.pick'], groups }, toggle);
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      columns: [strings['fig.lab-weights.col.node'], strings['fig.lab-weights.col.target'], ...data.rows.map((r) => strings[`fig.lab-weights.scheme.${r.id}`] ?? r.id)],
      rows: data.weights.map((w, i) => [fill(strings['fig.lab-weights.node.full'], { i: i + 1, w }), pct.format(data.targets[i]), ...data.rows.map((r) => pct.format(r.shares[i]))]),
    };
  },
};
