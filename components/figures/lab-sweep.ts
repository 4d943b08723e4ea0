import * as Plot from '@observablehq/plot';
import type { SchemeId } from '../../src/lib/placement/scheme.ts';
import { reading } from './tips.ts';
import type { LabSweepData } from '../../src/experiments/placement-lab/lab-sweep.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { pairs, panelBox, panelWidth } from './lab-panels.ts';
import { framed } from './frame.ts';
import { schemeColour } from './palette.ts';
import type { FigureModule } from './types.ts';

/** Metrics spanning decades get a log y axis (zeros, such as jump's memory, are left off it). */
const LOG_Y = new Set(['moved.add', 'moved.remove', 'ns', 'bytes', 'build']);
const PERCENT = new Set(['cv', 'moved.add', 'moved.remove']);

/**
 * One metric against N or a scheme parameter, a small panel per scheme on shared axes, so the
 * panels compare at a glance; the floor (sampling noise of the CV, the least share that must
 * move) is a dashed line in every panel.
 */
export const labSweepFigure: FigureModule<LabSweepData> = {
  // The panels carry every number: the cell's numbers all fold under the figure.
  resultsShown: 0,
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 2 });
    const format = (v: number) => (PERCENT.has(data.metric) ? pct.format(v) : nf.format(v));
    const logY = LOG_Y.has(data.metric);
    const xs = data.series[0]?.points.map((p) => p.x) ?? [1];
    const logX = data.x !== 'c';
    const ref = [...data.floor, ...data.ideal];
    const values = [...data.series.flatMap((s) => s.points.map((p) => p.value)), ...ref.map((p) => p.value)].filter((v) => !logY || v > 0);
    const yLo = logY ? Math.min(...values) / 1.5 : 0;
    const yHi = Math.max(...values, 1e-9) * (logY ? 1.5 : 1.1);
    const xLo = logX ? xs[0] / 1.3 : xs[0] - 0.1;
    const xHi = logX ? xs[xs.length - 1] * 1.3 : xs[xs.length - 1] + 0.1;
    const columns = width < 560 ? 1 : 3;
    const w = panelWidth(width, columns);
    const xLabel = strings[`fig.lab-sweep.x.${data.x}`];
    const yLabel = strings[`fig.lab-sweep.y.${data.metric}`];
    const panels = data.series.map((s) => {
      const name = strings[`fig.lab-sweep.scheme.${s.id}`] ?? s.id;
      const points = s.points.filter((p) => !logY || p.value > 0);
      return framed({ document, width: w }, {
        height: 170,
        marginLeft: 50,
        marginRight: 10,
        marginTop: 24,
        marginBottom: 36,
        font: 'small',
        ariaLabel: `${name}: ${yLabel}`,
        tips: points.map((p) => ({ x: p.x, y: p.value, text: reading(name, [xLabel, nf.format(p.x)], [yLabel, format(p.value)]) })),
        x: logX ? { type: 'log', domain: [xLo, xHi] } : { domain: [xLo, xHi] },
        y: logY ? { type: 'log', domain: [yLo, yHi] } : { domain: [yLo, yHi] },
        marks: [
          Plot.text([name], { frameAnchor: 'top-left', dy: -16, dx: -44, textAnchor: 'start', fontWeight: 600, fill: 'currentColor' }),
          ...(logX ? logAxis('x', logTicks(xs[0], xs[xs.length - 1]).filter((_, i, a) => a.length < 5 || i % 2 === 0), (v) => nf.format(v), { label: xLabel }) : [Plot.axisX({ ticks: 4, label: xLabel, labelAnchor: 'center', labelArrow: 'none' })]),
          ...(logY ? logAxis('y', logTicks(yLo, yHi).filter((_, i, a) => a.length < 6 || i % 2 === 0), format, { label: '', grid: true }) : [Plot.gridY({ ticks: 4 }), Plot.axisY({ ticks: 4, tickFormat: format, label: null })]),
          ...(ref.length ? [Plot.line(ref, { x: 'x', y: 'value', stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.7 })] : []),
          Plot.line(points, { x: 'x', y: 'value', stroke: schemeColour(s.id), strokeWidth: 1.5 }),
          Plot.dot(points, { x: 'x', y: 'value', fill: schemeColour(s.id), r: 2.5 }),
        ],
      });
    });
    const note = `${yLabel}. ${strings[ref.length ? (data.floor.length ? 'fig.lab-sweep.note.floor' : 'fig.lab-sweep.note.ideal') : 'fig.lab-sweep.note']}`;
    // On a phone, two schemes at a time; the key toggles the schemes in the run.
    const short = (id: SchemeId) => strings[`fig.lab-sweep.short.${id}`] ?? id;
    const groups = pairs(data.series.map((s) => short(s.id)));
    const toggle = { label: strings['fig.lab-sweep.toggle'], names: short, on: data.series.map((s) => s.id) };
    return panelBox(document, strings['fig.lab-sweep.aria'], panels, note, { name: 'lab-sweep-pick', legend: strings['fig.lab-sweep.pick'], groups }, toggle);
  },
  table(data, { locale, strings }) {
    const dec = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const f = (v: number) => (PERCENT.has(data.metric) ? pct.format(v) : dec.format(v));
    const ref = data.floor.length ? data.floor : data.ideal;
    return {
      columns: [strings[`fig.lab-sweep.x.${data.x}`], ...data.series.map((s) => strings[`fig.lab-sweep.scheme.${s.id}`] ?? s.id), ...(ref.length ? [strings[data.floor.length ? 'fig.lab-sweep.col.floor' : 'fig.lab-sweep.col.ideal']] : [])],
      rows: (data.series[0]?.points ?? []).map((p, i) => [dec.format(p.x), ...data.series.map((s) => f(s.points[i].value)), ...(ref.length ? [f(ref[i].value)] : [])]),
    };
  },
};
