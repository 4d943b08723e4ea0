import * as Plot from '@observablehq/plot';
import { onePanelStop, reading } from './tips.ts';
import type { MolsEvenData } from '../../src/experiments/mols-relay-routing/mols-even.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { panels, panelTitles } from './mols-panels.ts';
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
  // Drawn at each width: two across as 300 px panels on a desktop, as halves on a phone.
  plot(d, { width, document, locale, strings }) {
    const { wrap, panelWidth: w, narrow, pct, pct1 } = panels(document, 'mols-even-figure', width, locale);
    const nf = countFormat(locale);
    // Every panel's title first: the longest sets the top margin all of them keep, so the frames line up.
    const primaries = d.settings.filter((x) => !x.failover);
    const failovers = d.settings.filter((x) => x.failover);
    const titles = [
      ...primaries.map((s) => fill(strings[`fig.mols-even.primary.${s.id}`], { m: d.multiplier, share: pct1.format(s.maxShare) })),
      // Only the layered settings carry a failover (see mols-even's run).
      ...failovers.map((s) => fill(strings[`fig.mols-even.failover.${s.id as KeysUnder<'fig.mols-even.failover.'>}`], { share: pct1.format(s.failoverShare!) })),
    ];
    const heads = panelTitles(titles, w, 44, 30);
    const chart = (i: number, aria: string, values: number[], even: number, color: string, failover = false) => {
      const title = titles[i];
      const total = values.reduce((s, x) => s + x, 0) || 1;
      const rows = values.map((c, j) => ({ j: String(j), share: c / total }));
      return framed({ document, width: w }, {
        height: (narrow ? 150 : 195) + heads.marginTop - 30,
        marginLeft: 44,
        marginTop: heads.marginTop,
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
          heads.marks[i],
        ],
      });
    };
    // The layered routers' primaries are as even as one square's (the table has them): only the
    // textbook pair is drawn, then the two failovers.
    for (const [i, s] of primaries.entries()) wrap.append(chart(i, fill(strings['fig.mols-even.aria.primary'], { title: titles[i] }), s.primary, 1 / d.relays, PAIR[0]));
    for (const [k, s] of failovers.entries()) {
      const i = primaries.length + k;
      wrap.append(chart(i, fill(strings['fig.mols-even.aria.failover'], { title: titles[i] }), s.failover!, 1 / (d.relays - 1), PAIR[1], true));
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
