import * as Plot from '@observablehq/plot';
import type { ChashRemapData, RemapSetting } from '../../src/experiments/consistent-hashing/chash-remap.ts';
import { fill, type KeysUnder, type Strings } from '../../src/i18n/index.ts';
import { reading } from './tips.ts';
import { framed, NARROW, wrap as wrapText } from './frame.ts';
import { schemeColour } from './palette.ts';
import type { FigureModule } from './types.ts';
import { countFormat } from '../../src/i18n/korean-count.ts';

const labelOf = (s: RemapSetting, strings: Strings): string => fill(strings[`fig.chash-remap.setting.${s.id}`], { vnodes: s.points });

/** Room above the frame for the y label and the key to the dashed rule. */
const MARGIN_TOP = 44;

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

/**
 * Adding (or removing) nodes three ways, side by side: above, the share of keys that change
 * node as bars against the ideal share (a dashed rule); below, the per-node key counts on the
 * `from` layout as a min–max range around the mean. With several salts, a dot per salt sits on
 * each bar and range, the first salt being the bar itself.
 */
export const chashRemapFigure: FigureModule<ChashRemapData> = {
  plot(data, { width, document, locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const nf = countFormat(locale);
    const vars = { from: data.from, to: data.to, salts: data.salts.length };
    const names = data.settings.map((s) => labelOf(s, strings));
    const spread = data.salts.length > 1;
    const first = data.settings.map((s, k) => ({ setting: names[k], moved: s.moved[0], min: s.before[0].min, max: s.before[0].max }));
    const perSalt = data.settings.flatMap((s, k) =>
      s.moved.map((moved, j) => ({ setting: names[k], moved, min: s.before[j].min, max: s.before[j].max })),
    );
    // Setting names wrap to their band, so neighbours never collide.
    const band = (width - 64 - 16) / Math.max(1, names.length);
    const x = { domain: names, label: null, padding: 0.35, tickFormat: (v: string) => wrapText(v, band - 6, 13) };
    const lines = Math.max(...names.map((n) => wrapText(n, band - 6, 13).split('\n').length));
    const color = { domain: names, range: data.settings.map((s) => schemeColour(s.id === 'mod' ? 'mod' : 'ring')) };
    // The dashed rule's key, in the top margin at the right: clear of the bars and their numbers.
    const key = (text: string) => Plot.text([`‐ ‐ ‐ ${text}`], { frameAnchor: 'top-right', dy: -MARGIN_TOP + 23, textAnchor: 'end', lineAnchor: 'top', fill: 'currentColor' });
    // Lower on a phone, where the two panels stand one above the other.
    const panel = (width < NARROW ? 210 : 250) + 15 * lines;
    const topMoved = Math.min(1, Math.max(data.ideal, ...perSalt.map((r) => r.moved)) * 1.15);
    const moved = framed({ document, width }, {
      height: panel,
      marginLeft: 64,
      marginRight: 16,
      marginTop: MARGIN_TOP,
      marginBottom: 16 + 15 * lines,
      ariaLabel: strings['fig.chash-remap.aria.moved'],
      tips: first.map((r) => ({ x: r.setting, y: r.moved, text: reading(r.setting, [strings['fig.chash-remap.moved.y'], pct1.format(r.moved)], [fill(strings['fig.chash-remap.col.ideal'], vars), pct1.format(data.ideal)]) })),
      x,
      y: { domain: [0, topMoved], grid: true, label: strings['fig.chash-remap.moved.y'], tickFormat: (v: number) => pct.format(v), labelArrow: 'none' },
      color,
      marks: [
        Plot.barY(first, { x: 'setting', y: 'moved', fill: 'setting' }),
        Plot.ruleY([0], { stroke: 'currentColor' }),
        Plot.ruleY([data.ideal], { stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.8 }),
        key(fill(strings['fig.chash-remap.ideal'], { value: pct.format(data.ideal) })),
        ...(spread ? [Plot.dot(perSalt, { x: 'setting', y: 'moved', stroke: 'currentColor', strokeOpacity: 0.5, r: 2.5 })] : []),
        Plot.text(first, { x: 'setting', y: 'moved', text: (r: { moved: number }) => pct1.format(r.moved), dy: spread ? -14 : -8, fill: 'currentColor' }),
      ],
    });
    const topLoad = Math.max(...perSalt.map((r) => r.max)) * 1.08;
    const load = framed({ document, width }, {
      height: panel,
      marginLeft: 64,
      marginRight: 44,
      marginTop: MARGIN_TOP,
      marginBottom: 16 + 15 * lines,
      ariaLabel: fill(strings['fig.chash-remap.aria.load'], { from: data.from }),
      tips: first.map((r, k) => ({
        x: r.setting,
        y: r.max,
        text: reading(r.setting, [fill(strings['fig.chash-remap.col.min'], vars), nf.format(r.min)], [fill(strings['fig.chash-remap.col.max'], vars), nf.format(r.max)], [fill(strings['fig.chash-remap.col.std'], vars), nf.format(Math.round(data.settings[k].before[0].std))]),
      })),
      x,
      y: { domain: [0, topLoad], grid: true, label: fill(strings['fig.chash-remap.load.y'], { from: data.from }), tickFormat: (v: number) => nf.format(v), labelArrow: 'none' },
      color,
      marks: [
        Plot.ruleY([data.meanBefore], { stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.8 }),
        key(fill(strings['fig.chash-remap.mean'], { value: nf.format(Math.round(data.meanBefore)) })),
        Plot.ruleX(first, { x: 'setting', y1: 'min', y2: 'max', stroke: 'setting', strokeWidth: 10 }),
        ...(spread
          ? [
              Plot.dot(perSalt, { x: 'setting', y: 'min', stroke: 'currentColor', strokeOpacity: 0.6, r: 2.5, dx: -11 }),
              Plot.dot(perSalt, { x: 'setting', y: 'max', stroke: 'currentColor', strokeOpacity: 0.6, r: 2.5, dx: -11 }),
            ]
          : []),
        // The first salt's numbers right of its range, the other salts' dots left of it.
        Plot.text(first, { x: 'setting', y: 'max', text: (r: { max: number }) => nf.format(r.max), textAnchor: 'start', dx: 8, dy: -6, fill: 'currentColor' }),
        Plot.text(first, { x: 'setting', y: 'min', text: (r: { min: number }) => nf.format(r.min), textAnchor: 'start', dx: 8, dy: 6, fill: 'currentColor' }),
      ],
    });
    const wrap = document.createElement('div');
    wrap.className = 'chash-remap-figure';
    wrap.append(moved, load);
    if (spread) {
      const note = document.createElement('p');
      note.textContent = fill(strings['fig.chash-remap.spread'], { salts: data.salts.length, salt: data.salts[0] });
      wrap.append(note);
    }
    return wrap;
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const spread = data.salts.length > 1;
    const vars = { from: data.from, to: data.to, salts: data.salts.length };
    const col = (key: KeysUnder<'fig.chash-remap.col.'>): string => fill(strings[`fig.chash-remap.col.${key}`], vars);
    const columns = [col('setting'), col('moved'), col('ideal'), col('min'), col('max'), col('std'), col('min.after'), col('max.after'), col('std.after')];
    if (spread) columns.push(col('moved.range'), col('std.range'));
    const rows = data.settings.map((s) => {
      const b = s.before[0];
      const a = s.after[0];
      const row: (string | number)[] = [labelOf(s, strings), pct.format(s.moved[0]), pct.format(data.ideal), b.min, b.max, dec.format(b.std), a.min, a.max, dec.format(a.std)];
      if (spread) {
        const [mLo, mHi] = range(s.moved);
        const [sLo, sHi] = range(s.before.map((x) => x.std));
        row.push(`${pct.format(mLo)} – ${pct.format(mHi)}`, `${dec.format(sLo)} – ${dec.format(sHi)}`);
      }
      return row;
    });
    return { columns, rows };
  },
};
