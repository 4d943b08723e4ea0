import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { MolsChurnData } from '../../src/experiments/mols-relay-routing/mols-churn.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { framed, NARROW, wrap } from './frame.ts';
import { SCHEME } from './palette.ts';
import type { FigureModule } from './types.ts';

/** Share of unaffected clients that change relay when N → N − 1, one bar per router; dots per salt. */
export const molsChurnFigure: FigureModule<MolsChurnData> = {
  plot(d, { width, document, locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const name = (id: KeysUnder<'fig.mols-churn.setting.'>) => strings[`fig.mols-churn.setting.${id}`];
    const first = d.settings.map((s) => ({ setting: name(s.id), moved: s.moved[0], colour: s.id === 'rendezvous' ? SCHEME.rendezvous : SCHEME.mols }));
    const all = d.settings.flatMap((s) => s.moved.map((moved) => ({ setting: name(s.id), moved })));
    const spread = d.salts.length > 1;
    // Setting names wrap into at most two fifths of a phone's width.
    const marginLeft = width < NARROW ? Math.round(width * 0.4) : 170;
    const names = new Map(first.map((r) => [r.setting, wrap(r.setting, marginLeft - 12, 13)]));
    return framed({ document, width }, {
      height: 290,
      marginBottom: 40,
      marginLeft,
      marginRight: 64,
      ariaLabel: fill(strings['fig.mols-churn.aria'], { from: d.relays, to: d.relays - 1 }),
      tips: d.settings.map((s) => ({
        x: s.moved[0],
        y: name(s.id),
        text: reading(name(s.id), [strings['fig.mols-churn.col.moved'], pct1.format(s.moved[0])], spread && [fill(strings['fig.mols-churn.col.range'], { salts: d.salts.length }), `${pct1.format(Math.min(...s.moved))} – ${pct1.format(Math.max(...s.moved))}`], [strings['fig.mols-churn.col.random'], pct1.format(d.random)]),
      })),
      y: { domain: first.map((r) => r.setting), label: null, padding: 0.3, tickFormat: (v: string) => names.get(v) ?? v },
      x: { domain: [0, 1], grid: true, label: fill(strings['fig.mols-churn.x'], { from: d.relays, to: d.relays - 1 }), tickFormat: (v: number) => pct.format(v), labelAnchor: 'center', labelOffset: 32 },
      marks: [
        Plot.barX(first, { y: 'setting', x: 'moved', fill: 'colour' }),
        Plot.ruleX([0], { stroke: 'currentColor' }),
        Plot.ruleX([d.random], { stroke: 'currentColor', strokeDasharray: '4 3' }),
        Plot.text([d.random], { x: (v: number) => v, frameAnchor: 'top', dy: -2, text: () => fill(strings['fig.mols-churn.random'], { value: pct1.format(d.random) }), fill: 'currentColor', textAnchor: 'end', dx: -4 }),
        ...(spread ? [Plot.dot(all, { y: 'setting', x: 'moved', stroke: 'currentColor', strokeOpacity: 0.5, r: 2.5 })] : []),
        // Right of the bar and of every dot on its row.
        Plot.text(first, { y: 'setting', x: (r: { setting: string }) => Math.max(...all.filter((a) => a.setting === r.setting).map((a) => a.moved)), text: (r: { moved: number }) => pct1.format(r.moved), dx: 8, textAnchor: 'start', fill: 'currentColor' }),
      ],
    });
  },
  table(d, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const col = (k: KeysUnder<'fig.mols-churn.col.'>) => fill(strings[`fig.mols-churn.col.${k}`], { salts: d.salts.length });
    const columns = [col('setting'), col('moved'), col('unaffected'), col('random')];
    if (d.salts.length > 1) columns.push(col('range'));
    const rows = d.settings.map((s) => {
      const row: (string | number)[] = [strings[`fig.mols-churn.setting.${s.id}`], pct.format(s.moved[0]), s.unaffected[0], pct.format(d.random)];
      if (d.salts.length > 1) row.push(`${pct.format(Math.min(...s.moved))} – ${pct.format(Math.max(...s.moved))}`);
      return row;
    });
    return { columns, rows };
  },
};
