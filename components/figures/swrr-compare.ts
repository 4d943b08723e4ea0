import * as Plot from '@observablehq/plot';
import { chartSvg, reading, thin } from './tips.ts';
import type { SwrrCompareData } from '../../src/experiments/smooth-weighted-round-robin/swrr-compare.ts';
import { fill, type KeysUnder } from '../../src/i18n/index.ts';
import { letter } from '../../src/lib/swrr/index.ts';
import { logAxis, logTicks } from './log-axis.ts';
import { strip } from './swrr-strip.ts';
import { framed, NARROW, wrapped } from './frame.ts';
import { RULE, RULE_DASH } from './palette.ts';
import { lineKey, lineWidth, overlaps, stripKey } from './swrr-keys.ts';
import type { FigureModule } from './types.ts';

/**
 * Three schemes on the same weights: their first picks as strips, then the distribution of time
 * to completion in the queueing model (share of items done within t), on a log t axis when the
 * times span more than a factor of 30 (an overloaded person's queue grows without bound).
 */
/**
 * In the chart itself, each pair of lines that lie on one another is named where they do: a
 * short leader from the middle of the upper line to its label ("Burst WRR on SWRR"), so a reader
 * who sees one line knows there are two, without the key below.
 */
const MARK_AT = 0.85;

function markOverlaps(cdf: ReturnType<typeof framed>, lines: Parameters<typeof overlaps>[0], template: string, width: number): void {
  const svg = chartSvg(cdf);
  const sy = cdf.scale('y');
  if (!svg || !sy) return;
  const ns = 'http://www.w3.org/2000/svg';
  for (const { over, under } of overlaps(lines)) {
    // Where the upper line passes 85% of items done (high, clear of the axis label), and the label to its right.
    const k = Math.max(0, over.ps.findIndex((p) => p >= MARK_AT));
    const x = over.xs[k];
    const y = Number(sy.apply(Math.min(MARK_AT, over.ps[k])));
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const right = x + 150 < width;
    const leader = svg.ownerDocument.createElementNS(ns, 'line');
    const r1 = (v: number): string => String(Math.round(v * 10) / 10);
    for (const [a, v] of Object.entries({ x1: r1(x), y1: r1(y), x2: r1(x + (right ? 22 : -22)), y2: r1(y), stroke: 'currentColor', 'stroke-width': '1' })) leader.setAttribute(a, v);
    const text = svg.ownerDocument.createElementNS(ns, 'text');
    for (const [a, v] of Object.entries({ x: r1(x + (right ? 25 : -25)), y: r1(y + 4), 'text-anchor': right ? 'start' : 'end', fill: 'currentColor', class: 'swrr-overlap-mark' })) text.setAttribute(a, v);
    text.textContent = fill(template, { over: over.name, under: under.name });
    svg.append(leader, text);
  }
}

export const swrrCompareFigure: FigureModule<SwrrCompareData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const pct1 = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const name = (id: KeysUnder<'fig.swrr-compare.scheme.'>) => strings[`fig.swrr-compare.scheme.${id}`];
    const picks = strip(
      data.schemes.map((s) => ({ label: name(s.id), picks: s.shown })),
      data.weights.length,
      { document, width, ariaLabel: strings['fig.swrr-compare.aria.strip'], xLabel: strings['fig.swrr-compare.strip.x'] },
    );
    const points = data.schemes.flatMap((s) => s.cdf.map((c) => ({ scheme: name(s.id), t: c.t, p: c.p })));
    const lo = Math.max(1e-3, Math.min(...points.map((d) => d.t)));
    const hi = Math.max(...points.map((d) => d.t));
    const log = hi / lo > 30;
    const names = data.schemes.map((s) => name(s.id));
    const xl = wrapped(strings['fig.swrr-compare.x.log'], width - 40);
    const cdf = framed({ document, width }, {
      // Lower on a phone, where the strip, the keys and the caption share the screen with it.
      height: (width < NARROW ? 210 : 260) + (log ? xl.extra : 0),
      marginLeft: 52,
      marginBottom: 40 + (log ? xl.extra : 0),
      ariaLabel: fill(strings['fig.swrr-compare.aria.cdf'], { load: pct.format(data.load) }),
      tips: data.schemes.flatMap((s) => thin(s.cdf, 40).map((c) => ({ x: c.t, y: c.p, text: reading(name(s.id), [strings['fig.swrr-compare.x'], nf.format(c.t)], [strings['fig.swrr-compare.y'], pct1.format(c.p)]) }))).filter((t) => !log || t.x > 0),
      x: log ? { type: 'log', domain: [lo / 1.2, hi * 1.2] } : { domain: [0, hi * 1.05], label: strings['fig.swrr-compare.x'], tickFormat: (v: number) => nf.format(v), labelArrow: 'none' },
      y: { domain: [0, 1], label: strings['fig.swrr-compare.y'], grid: true, tickFormat: (v: number) => pct.format(v), labelArrow: 'none' },
      // The key is HTML below (swrr-keys.ts): each line drawn as it is here, dash and all.
      color: { domain: names, range: data.schemes.map((s) => RULE[s.id]) },
      marks: [
        ...(log ? logAxis('x', logTicks(lo, hi), (v) => nf.format(v), { label: xl.label, room: width - 72 }) : []),
        // SWRR solid underneath, burst WRR and round robin dashed over it: where burst WRR runs
        // on top of SWRR, both still show.
        ...data.schemes
          .map((s, k) => ({ s, n: names[k] }))
          .sort((a, b) => Number(RULE_DASH[a.s.id] !== null) - Number(RULE_DASH[b.s.id] !== null))
          .map(({ s, n }) => Plot.line(points.filter((d) => d.scheme === n), { x: 't', y: 'p', stroke: 'scheme', strokeWidth: lineWidth(s.id), curve: 'step-after', strokeDasharray: RULE_DASH[s.id] ?? undefined })),
      ],
    });
    const wrap = document.createElement('div');
    wrap.className = 'swrr-compare-figure';
    const sx = cdf.scale('x');
    const lines = data.schemes.map((s, k) => {
      const own = points.filter((d) => d.scheme === names[k] && (!log || d.t > 0));
      return { id: s.id, name: names[k], xs: own.map((d) => Number(sx?.apply(d.t))), ps: own.map((d) => d.p) };
    });
    markOverlaps(cdf, lines, strings['fig.swrr-compare.overlap.mark'], width);
    wrap.append(stripKey(document, data.weights, strings), picks, cdf, lineKey(document, lines, strings));
    return wrap;
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const dec = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const col = (k: KeysUnder<'fig.swrr-compare.col.'>) => strings[`fig.swrr-compare.col.${k}`];
    return {
      columns: [col('scheme'), col('picks'), col('run'), col('shares'), col('mean'), col('p50'), col('p95'), col('max')],
      rows: data.schemes.map((s) => [
        strings[`fig.swrr-compare.scheme.${s.id}`],
        s.shown.map(letter).join(''),
        s.longestRun,
        s.shares.map((x, i) => `${letter(i)} ${pct.format(x)}`).join(' · '),
        dec.format(s.mean),
        dec.format(s.p50),
        dec.format(s.p95),
        dec.format(s.max),
      ]),
    };
  },
};
