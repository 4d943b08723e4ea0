import type { Output, ResultTable } from '../../src/experiments/shared/types.ts';
import { NOISE_SPREAD } from '../../src/lib/timing/index.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { resultLabel, type RenderContext } from './render.ts';

/** A clock step in ms, read in the unit that suits it: 1 ms, 100 µs, 40 ns. */
export function formatStep(ms: number, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
  if (!Number.isFinite(ms)) return '∞';
  if (ms >= 1) return `${nf.format(ms)} ms`;
  if (ms >= 1e-3) return `${nf.format(ms * 1e3)} µs`;
  return `${nf.format(ms * 1e6)} ns`;
}

/** The label a measured time has on the page: its tile's, or its table cell's measure and series. */
function labelOf(key: string, ctx: RenderContext, layout: ResultTable | null | undefined): string {
  const words = ctx.strings as Readonly<Record<string, string | undefined>>;
  for (const sr of layout?.series ?? []) {
    for (const m of layout?.measures ?? []) {
      if (layout!.key.replace('{series}', sr).replace('{measure}', m) === key) return `${words[`${layout!.measureLabels}${m}`] ?? m} (${words[`${layout!.seriesLabels}${sr}`] ?? sr})`;
    }
  }
  return resultLabel(key, ctx.experiment, words, ctx.locale);
}

/**
 * What the page says about a run's measured times (Output.timing): the clock's step, the samples
 * and the fewest steps a reading spanned, the largest spread, and which times are noise. Null when
 * the run measured no time. Each noisy result's element gets `data-noise="true"`.
 */
export function timingNote(ctx: RenderContext, output: Output, results: Element, layout?: ResultTable | null): HTMLElement | null {
  const notes = Object.entries(output.timing ?? {});
  if (notes.length === 0) return null;
  const s: Strings = ctx.strings;
  const pct = new Intl.NumberFormat(ctx.locale, { style: 'percent', maximumFractionDigits: 0 });
  const noisy = notes.filter(([, n]) => n.noise).map(([k]) => k);
  for (const k of noisy) results.querySelector(`[data-result="${k}"]`)?.setAttribute('data-noise', 'true');
  const worst = Math.max(...notes.map(([, n]) => n.spread));
  const vars = {
    step: formatStep(Math.max(...notes.map(([, n]) => n.step)), ctx.locale),
    samples: String(Math.min(...notes.map(([, n]) => n.samples))),
    ticks: new Intl.NumberFormat(ctx.locale).format(Math.min(...notes.map(([, n]) => n.ticks))),
    spread: Number.isFinite(worst) ? pct.format(worst) : '∞',
    limit: pct.format(NOISE_SPREAD),
    keys: noisy.map((k) => labelOf(k, ctx, layout)).join(', '),
  };
  const row = ctx.document.createElement('div');
  row.className = 'cell-timing';
  const dt = ctx.document.createElement('dt');
  dt.textContent = s['cell.timing.label'];
  // The verdict in a few words; the clock, the samples and which times are noise behind it (opened for print).
  const dd = ctx.document.createElement('dd');
  const more = ctx.document.createElement('details');
  more.setAttribute('data-print-open', '');
  const summary = ctx.document.createElement('summary');
  summary.textContent = fill(s[noisy.length ? 'cell.timing.short.noise' : 'cell.timing.short.steady'], vars);
  const text = ctx.document.createElement('p');
  text.textContent = `${fill(s['cell.timing.clock'], vars)} ${fill(s[noisy.length ? 'cell.timing.noise' : 'cell.timing.steady'], vars)}`;
  more.append(summary, text);
  dd.append(more);
  if (noisy.length) dd.setAttribute('data-noise', 'true');
  row.append(dt, dd);
  return row;
}
