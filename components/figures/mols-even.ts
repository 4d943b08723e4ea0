import * as Plot from '@observablehq/plot';
import { onePanelStop, reading } from './tips.ts';
import type { MolsEvenData } from '../../src/experiments/mols-relay-routing/mols-even.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { panels } from './mols-panels.ts';
import { framed } from './frame.ts';
import { PAIR } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/**
 * Even N: primary clients per relay for the textbook formula with the chosen multiplier and with
 * one Latin square; and where a failed relay's clients go under the article's layered router and
 * under ours. The table also has the layered routers' primaries.
 */
export const molsEvenFigure: FigureModule<MolsEvenData> = {
  // Panels of a phone's width that wrap: one drawing for every width.
  fluid: true,
  plot(d, { width, document, locale, strings }) {
    const { wrap, panelWidth: w, pct, pct1 } = panels(document, 'mols-even-figure', width, locale);
    const nf = countFormat(locale);
    const chart = (title: string, aria: string, values: number[], even: number, color: string, failover = false) => {
      const total = values.reduce((s, x) => s + x, 0) || 1;
      const rows = values.map((c, j) => ({ j: String(j), share: c / total }));
      return framed({ document, width: w }, {
        height: 195,
        marginLeft: 44,
        marginTop: 30,
        marginBottom: 38,
        font: 'panel',
        ariaLabel: aria,
        tips: values.map((c, j) => ({ x: String(j), y: c / total, text: reading(title, [strings['fig.mols-even.x'], String(j)], [strings[failover ? 'fig.mols-even.col.failover' : 'fig.mols-even.col.primary'], `${nf.format(c)} (${pct1.format(c / total)})`]) })),
        x: { label: strings['fig.mols-even.x'], domain: rows.map((r) => r.j) },
        y: { domain: [0, Math.max(0.6, ...rows.map((r) => r.share))], grid: true, label: null, tickFormat: (v: number) => pct.format(v), ticks: 4 },
        marks: [
          Plot.barY(rows, { x: 'j', y: 'share', fill: color }),
          Plot.ruleY([0], { stroke: 'currentColor' }),
          Plot.ruleY([even], { stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.8 }),
          Plot.text([title], { frameAnchor: 'top-left', dx: -40, dy: -22, fill: 'currentColor', fontWeight: 'bold' }),
        ],
      });
    };
    // The layered routers' primaries are as even as one square's (the table has them): only the
    // textbook pair is drawn, then the two failovers.
    for (const s of d.settings.filter((x) => !x.failover)) {
      const title = fill(strings[`fig.mols-even.primary.${s.id}`], { m: d.multiplier, share: pct1.format(s.maxShare) });
      wrap.append(chart(title, fill(strings['fig.mols-even.aria.primary'], { title }), s.primary, 1 / d.relays, PAIR[0]));
    }
    for (const s of d.settings.filter((x) => x.failover)) {
      // Only the layered settings carry a failover (see mols-even's run).
      const title = fill(strings[`fig.mols-even.failover.${s.id as KeysUnder<'fig.mols-even.failover.'>}`], { share: pct1.format(s.failoverShare!) });
      wrap.append(chart(title, fill(strings['fig.mols-even.aria.failover'], { title }), s.failover!, 1 / (d.relays - 1), PAIR[1], true));
    }
    onePanelStop(wrap);
    return wrap;
  },
  table(d, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const col = (k: KeysUnder<'fig.mols-even.col.'>) => strings[`fig.mols-even.col.${k}`];
    return {
      columns: [col('setting'), col('primary'), col('max'), col('failover'), col('failover.max')],
      rows: d.settings.map((s) => [
        fill(strings[`fig.mols-even.setting.${s.id}`], { m: d.multiplier }),
        s.primary.join(' · '),
        pct.format(s.maxShare),
        s.failover ? s.failover.join(' · ') : '–',
        s.failoverShare === null ? '–' : pct.format(s.failoverShare),
      ]),
    };
  },
};
