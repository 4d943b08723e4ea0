import * as Plot from '@observablehq/plot';
import type { SchemeId } from '../../src/lib/placement/scheme.ts';
import { reading } from './tips.ts';
import type { LabCompareData, LabCompareRow } from '../../src/experiments/placement-lab/lab-compare.ts';
import { fill } from '../../src/i18n/index.ts';
import { panelBox, panelWidth } from './lab-panels.ts';
import { framed, PANEL, textWidth } from './frame.ts';
import { schemeColour } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

type Metric = 'maxmean' | 'cv' | 'movedAdd' | 'movedRemove' | 'ns' | 'kib' | 'buildMs';
const METRICS: Metric[] = ['maxmean', 'cv', 'movedAdd', 'movedRemove', 'ns', 'kib', 'buildMs'];

const valueOf = (r: LabCompareRow, m: Metric): number => (m === 'kib' ? r.bytes / 1024 : r[m]);

/**
 * Every scheme on one bench, one small panel per metric: a bar per scheme, the same scheme order
 * in every panel, and where there is one, the floor no scheme can beat as a dashed rule (the
 * sampling noise of the CV, the least share of keys that must move).
 */
export const labCompareFigure: FigureModule<LabCompareData> = {
  // Panels of a phone's width that wrap: one drawing for every width.
  fluid: true,
  // The figure's bars carry every number: the cell's numbers all fold under it.
  resultsShown: 0,
  plot(data, { width, document, locale, strings }) {
    const nameOf = (id: SchemeId) => strings[`fig.lab-compare.scheme.${id}`] ?? id;
    const names = data.rows.map((r) => nameOf(r.id));
    // A first answer (data.asked) keeps a row for every scheme of the run, empty until it is
    // measured: the panels keep their height as the bars come in.
    const axis = (data.asked ?? data.rows.map((r) => r.id)).map(nameOf);
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const dec = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 });
    const w = Math.min(PANEL, panelWidth(width));
    const refs: Partial<Record<Metric, number>> = { cv: data.noise, movedAdd: data.idealAdd, movedRemove: data.idealRemove, maxmean: 1 };
    const panels = METRICS.map((m) => {
      const rows = data.rows.map((r, i) => ({ scheme: names[i], value: valueOf(r, m), colour: schemeColour(r.id) }));
      const percent = m === 'cv' || m === 'movedAdd' || m === 'movedRemove';
      const format = (v: number) => (percent ? pct.format(v) : dec.format(v));
      const ref = refs[m];
      // The longest bar's value label ends inside the frame.
      const plotWidth = w - 104 - 24;
      const room = 1 - Math.min(0.6, (Math.max(...rows.map((r) => textWidth(format(r.value), 12))) + 10) / plotWidth);
      const top = Math.max(ref ?? 0, ...rows.map((r) => r.value)) / room || 1;
      return framed({ document, width: w }, {
        // 18 px a scheme: the 12 px names and values keep clear, and seven panels of eight schemes
        // stand about 1 300 px tall on a phone (1 600 at 22 px).
        height: 44 + 18 * axis.length,
        marginLeft: 104,
        marginRight: 24,
        marginTop: 26,
        font: 'panel',
        ariaLabel: strings[`fig.lab-compare.${m}`],
        tips: rows.map((r) => ({ x: r.value, y: r.scheme, text: reading(r.scheme, [strings[`fig.lab-compare.${m}`], format(r.value)]) })),
        x: { domain: [0, top], label: null, tickFormat: format, ticks: 3, grid: true },
        y: { domain: axis, label: null },
        marks: [
          Plot.text([strings[`fig.lab-compare.${m}`]], { frameAnchor: 'top-left', dy: -18, dx: -100, textAnchor: 'start', fontWeight: 600, fill: 'currentColor' }),
          Plot.barX(rows, { y: 'scheme', x: 'value', fill: 'colour' }),
          Plot.text(rows, { y: 'scheme', x: 'value', text: (r: { value: number }) => format(r.value), textAnchor: 'start', dx: 4, fill: 'currentColor' }),
          ...(ref !== undefined ? [Plot.ruleX([ref], { stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.8 })] : []),
        ],
      });
    });
    const note = fill(strings['fig.lab-compare.note'], { nodes: data.nodes, keys: countFormat(locale).format(data.keys), noise: pct.format(data.noise) });
    // On a phone, one measure at a time; the key toggles the schemes in the run.
    const groups = METRICS.map((m) => ({ label: strings[`fig.lab-compare.short.${m}`], size: 1 }));
    const toggle = { label: strings['fig.lab-compare.toggle'], names: nameOf, on: data.asked ?? data.rows.map((r) => r.id) };
    return panelBox(document, strings['fig.lab-compare.aria'], panels, note, { name: 'lab-compare-pick', legend: strings['fig.lab-compare.pick'], groups }, toggle);
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const dec = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 });
    const int = countFormat(locale);
    return {
      columns: (['scheme', 'maxmean', 'cv', 'movedAdd', 'movedRemove', 'ns', 'bytes', 'buildMs'] as const).map((c) => strings[`fig.lab-compare.col.${c}`]),
      rows: [
        ...data.rows.map((r) => [
          strings[`fig.lab-compare.scheme.${r.id}`] ?? r.id,
          dec.format(r.maxmean),
          pct.format(r.cv),
          pct.format(r.movedAdd),
          pct.format(r.movedRemove),
          dec.format(r.ns),
          int.format(r.bytes),
          dec.format(r.buildMs),
        ]),
        // The floor has no fullest node, speed, memory or build time: its cells say so.
        [strings['fig.lab-compare.floor'], strings['fig.lab-compare.floor.none'], pct.format(data.noise), pct.format(data.idealAdd), pct.format(data.idealRemove), ...Array<string>(3).fill(strings['fig.lab-compare.floor.none'])],
      ],
    };
  },
};
