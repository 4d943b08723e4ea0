import * as Plot from '@observablehq/plot';
import { reading, thin } from './tips.ts';
import type { KetamaMigrationData } from '../../src/experiments/ketama-at-scale/ketama-migration.ts';
import { fill } from '../../src/i18n/index.ts';
import { AXIS_MARGINS, framed } from './frame.ts';
import type { FigureModule } from './types.ts';

/** Cache misses against the rollout share p: a line over p, the chosen p marked, the full move as a rule. */
export const ketamaMigrationFigure: FigureModule<KetamaMigrationData> = {
  // Its dashed rule names the first number (the keys that move at once); the rest fold under it.
  resultsShown: 1,
  plot(data, { width, document, locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const at = data.curve.reduce((best, c) => (Math.abs(c.p - data.p) < Math.abs(best.p - data.p) ? c : best), data.curve[0]);
    return framed({ document, width }, {
      // Taller on a phone, where the curve would be a third of its cell.
      height: width < 480 ? 310 : 260,
      marginLeft: 56,
      ...AXIS_MARGINS,
      ariaLabel: strings['fig.ketama-migration.aria'],
      tips: thin(data.curve, 21).map((c) => ({ x: c.p, y: c.misses, text: reading([strings['fig.ketama-migration.col.p'], pct.format(c.p)], [strings['fig.ketama-migration.col.misses'], pct1.format(c.misses)]) })),
      x: { domain: [0, 1], label: strings['fig.ketama-migration.x'], tickFormat: (v: number) => pct.format(v), labelAnchor: 'center', labelArrow: 'none' },
      y: { domain: [0, 1], label: strings['fig.ketama-migration.y'], tickFormat: (v: number) => pct.format(v), grid: true, labelArrow: 'none' },
      marks: [
        Plot.ruleY([data.moved], { stroke: 'currentColor', strokeOpacity: 0.5, strokeDasharray: '4 3' }),
        Plot.text([data.moved], { y: (d: number) => d, x: 0, textAnchor: 'start', dy: -7, text: () => fill(strings['fig.ketama-migration.all'], { value: pct.format(data.moved) }), fill: 'currentColor' }),
        Plot.line(data.curve, { x: 'p', y: 'misses', stroke: 'currentColor', strokeWidth: 1.5 }),
        Plot.dot([at], { x: () => data.p, y: 'misses', fill: 'currentColor', r: 4.5 }),
      ],
    });
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    return {
      columns: [strings['fig.ketama-migration.col.p'], strings['fig.ketama-migration.col.misses']],
      rows: data.curve.filter((_, i) => i % 2 === 0).map((c) => [pct.format(c.p), pct.format(c.misses)]),
    };
  },
};
