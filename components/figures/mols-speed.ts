import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import { claim } from '../../src/claims/registry.ts';
import type { MolsSpeedData } from '../../src/experiments/mols-relay-routing/mols-speed.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { framed, NARROW, wrap } from './frame.ts';
import { SCHEME } from './palette.ts';
import type { FigureModule } from './types.ts';

/** The article's Go figures, read from the claims registry: theirs, on their machine. */
const article = () => [
  { id: 'article.mols' as const, ns: claim('mols.speed.mols').article },
  { id: 'article.rendezvous' as const, ns: claim('mols.speed.rendezvous').article },
];

/**
 * Nanoseconds to rank K relays for one client: this engine's medians (solid bars, a dot per
 * repeat) above the article's Go figures (hollow bars), which were measured elsewhere.
 */
export const molsSpeedFigure: FigureModule<MolsSpeedData> = {
  plot(d, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const name = (id: KeysUnder<'fig.mols-speed.setting.'>) => fill(strings[`fig.mols-speed.setting.${id}`], { k: d.candidates });
    const colour = (id: string) => (id.includes('mols') ? SCHEME.mols : SCHEME.rendezvous);
    const ours = (['mols', 'rendezvous', 'rendezvous_text'] as const).map((id) => ({ label: name(id), ns: d.median[id], colour: colour(id) }));
    const dots = (['mols', 'rendezvous', 'rendezvous_text'] as const).flatMap((id) => d.samples[id].map((ns) => ({ label: name(id), ns })));
    const theirs = article().map((a) => ({ label: name(a.id), ns: a.ns, colour: colour(a.id) }));
    // A value's label sits right of its bar and of every repeat's dot on that row.
    const end = (r: { label: string; ns: number }) => Math.max(r.ns, ...dots.filter((x) => x.label === r.label).map((x) => x.ns));
    const top = Math.max(...dots.map((x) => x.ns), ...theirs.map((x) => x.ns)) * 1.2;
    // Row names wrap into their margin; each value sits right of its bar and dots, inside the frame.
    const marginLeft = width < NARROW ? Math.round(width * 0.42) : Math.min(260, Math.floor(width * 0.45));
    const labels = new Map([...ours, ...theirs].map((r) => [r.label, wrap(r.label, marginLeft - 12, 12)]));
    return framed({ document, width }, {
      height: 270,
      marginBottom: 40,
      marginLeft,
      marginRight: 56,
      font: 'panel',
      ariaLabel: fill(strings['fig.mols-speed.aria'], { k: d.candidates }),
      tips: [...ours, ...theirs].map((r) => ({ x: r.ns, y: r.label, text: reading(r.label, [strings['fig.mols-speed.x'], nf.format(r.ns)]) })),
      y: { domain: [...ours, ...theirs].map((r) => r.label), label: null, padding: 0.25, tickFormat: (v: string) => labels.get(v) ?? v },
      x: { domain: [0, top], grid: true, label: strings['fig.mols-speed.x'], labelAnchor: 'center', labelOffset: 32 },
      marks: [
        Plot.barX(ours, { y: 'label', x: 'ns', fill: 'colour' }),
        Plot.barX(theirs, { y: 'label', x: 'ns', stroke: 'colour', strokeWidth: 1.5, fill: 'none', strokeDasharray: '3 2' }),
        Plot.dot(dots, { y: 'label', x: 'ns', stroke: 'currentColor', r: 2.5 }),
        Plot.ruleX([0], { stroke: 'currentColor' }),
        Plot.text([...ours, ...theirs], { y: 'label', x: end, text: (r: { ns: number }) => nf.format(r.ns), dx: 7, textAnchor: 'start', fill: 'currentColor' }),
      ],
    });
  },
  table(d, { locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const name = (id: KeysUnder<'fig.mols-speed.setting.'>) => fill(strings[`fig.mols-speed.setting.${id}`], { k: d.candidates });
    const col = (k: KeysUnder<'fig.mols-speed.col.'>) => strings[`fig.mols-speed.col.${k}`];
    const rows: (string | number)[][] = (['mols', 'rendezvous', 'rendezvous_text'] as const).map((id) => [name(id), nf.format(d.median[id]), d.samples[id].map((x) => nf.format(x)).join(' · ')]);
    for (const a of article()) rows.push([name(a.id), nf.format(a.ns), '–']);
    return { columns: [col('setting'), col('median'), col('repeats')], rows };
  },
};
