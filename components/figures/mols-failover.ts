import * as Plot from '@observablehq/plot';
import { onePanelStop, reading } from './tips.ts';
import type { MolsFailoverData } from '../../src/experiments/mols-relay-routing/mols-failover.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { panels, panelTitles } from './mols-panels.ts';
import { framed } from './frame.ts';
import { SCHEME } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

/**
 * One small bar chart per router: the share of the failed relay's clients each relay takes over.
 * The dashed line is the even share 1/(N − 1); the failed relay is marked with ×.
 */
export const molsFailoverFigure: FigureModule<MolsFailoverData> = {
  // The four routers' largest shares are the panels' titles: the cell's numbers all fold.
  resultsShown: 0,
  // Drawn at each width: two across as 300 px panels on a desktop, as halves on a phone.
  plot(d, { width, document, locale, strings }) {
    const { wrap, panelWidth: w, narrow, pct, pct1 } = panels(document, 'mols-failover-figure', width, locale);
    const nf = countFormat(locale);
    const titles = panelTitles(
      d.routers.map((r) => fill(strings['fig.mols-failover.title'], { router: strings[`fig.mols-failover.router.${r.id}`], share: pct1.format(r.maxShare) })),
      w,
      44,
      30,
    );
    for (const [i, r] of d.routers.entries()) {
      const rows = r.moved.map((c, j) => ({ j: String(j), share: r.displaced ? c / r.displaced : 0, failed: j === r.failed }));
      const name = strings[`fig.mols-failover.router.${r.id}`];
      wrap.append(
        framed({ document, width: w }, {
          height: (narrow ? 150 : 200) + titles.marginTop - 30,
          marginLeft: 44,
          marginTop: titles.marginTop,
          marginBottom: 38,
          font: 'panel',
          ariaLabel: fill(strings['fig.mols-failover.aria'], { router: name, share: pct1.format(r.maxShare) }),
          tips: r.moved.map((c, j) => ({
            x: String(j),
            y: r.displaced ? c / r.displaced : 0,
            text: reading(name, [strings['fig.mols-failover.x'], String(j)], j === r.failed ? strings['fig.mols-failover.col.failed'] : [strings['fig.mols-failover.col.moved'], `${nf.format(c)} (${pct1.format(r.displaced ? c / r.displaced : 0)})`]),
          })),
          x: { label: strings['fig.mols-failover.x'], domain: rows.map((x) => x.j) },
          y: { domain: [0, 1], grid: true, label: null, tickFormat: (v: number) => pct.format(v), ticks: 4 },
          marks: [
            Plot.barY(rows, { x: 'j', y: 'share', fill: r.id === 'rendezvous' ? SCHEME.rendezvous : SCHEME.mols }),
            Plot.ruleY([0], { stroke: 'currentColor' }),
            Plot.ruleY([d.ideal], { stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.8 }),
            Plot.text(rows.filter((x) => x.failed), { x: 'j', y: 0, text: () => '×', dy: -8, fill: 'currentColor', fontSize: 14 }),
            titles.marks[i],
          ],
        }),
      );
    }
    const note = document.createElement('p');
    note.style.flexBasis = '100%';
    note.textContent = fill(strings['fig.mols-failover.note'], { ideal: pct1.format(d.ideal), others: d.relays - 1 });
    wrap.append(note);
    onePanelStop(wrap);
    return wrap;
  },
  table(d, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const col = (k: KeysUnder<'fig.mols-failover.col.'>) => strings[`fig.mols-failover.col.${k}`];
    return {
      columns: [col('router'), col('primary'), col('chi2'), col('failed'), col('moved'), col('max')],
      rows: d.routers.map((r) => [strings[`fig.mols-failover.router.${r.id}`], r.primary.join(' · '), dec.format(r.chi2), r.failed, r.moved.join(' · '), pct.format(r.maxShare)]),
    };
  },
};
