import { formatParam, parseParam, sameValue, type ParamError } from '../../src/experiments/params.ts';
import type { Output, ParamSpec, Params, ResultKind } from '../../src/experiments/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { cellParams, setCellParams } from './cell-url.ts';
import { allowedMessage, liveWidth, renderFigure, renderResults, renderTable, type RenderContext } from './render.ts';
import * as runtime from './runtime.ts';

interface Spec {
  experiment: string;
  figure: string | null;
  params: Record<string, ParamSpec>;
  defaults: Params;
  strings: Strings;
  locale: string;
  kinds: Record<string, ResultKind>;
}

type State = 'idle' | 'running' | 'done' | 'error' | 'cancelled' | 'waiting';

/** Wires one cell: controls, run/cancel/share, progress, results, URL state. */
export function attach(root: HTMLElement): void {
  const spec = JSON.parse(root.querySelector('script[data-spec]')!.textContent!) as Spec;
  const cellId = root.dataset.cell!;
  const form = root.querySelector<HTMLFormElement>('form')!;
  const cancelButton = root.querySelector<HTMLButtonElement>('[data-action="cancel"]')!;
  const shareButton = root.querySelector<HTMLButtonElement>('[data-action="share"]')!;
  const progressWrap = root.querySelector<HTMLElement>('.cell-progress')!;
  const progress = progressWrap.querySelector('progress')!;
  const status = root.querySelector<HTMLElement>('.cell-status')!;
  const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
  // The page's shared cell strings, then this cell's own.
  const shared = JSON.parse(document.getElementById('cell-strings')?.textContent ?? '{}') as Strings;
  const s: Strings = { ...shared, ...spec.strings };
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  let current: runtime.RunHandle | null = null;

  const setState = (state: State) => {
    root.dataset.state = state;
    const running = state === 'running';
    root.setAttribute('aria-busy', String(running));
    cancelButton.disabled = !running;
    progressWrap.hidden = !running;
    if (running) progress.value = 0;
  };

  const clearInvalid = () => {
    for (const name of Object.keys(spec.params)) {
      const c = control(name);
      c.removeAttribute('aria-invalid');
      // Selects carry no hint (their options are the allowed values).
      if (spec.params[name].kind === 'choice') c.removeAttribute('aria-describedby');
      else c.setAttribute('aria-describedby', `${cellId}-${name}-hint`);
      const err = root.querySelector<HTMLElement>(`#${CSS.escape(`${cellId}-${name}-error`)}`)!;
      err.hidden = true;
      err.textContent = '';
    }
    alert.textContent = '';
  };

  const markInvalid = (errors: { param: string; text: string }[]) => {
    clearInvalid();
    for (const { param, text } of errors) {
      const c = control(param);
      if (!c) continue;
      const errId = `${cellId}-${param}-error`;
      const err = root.querySelector<HTMLElement>(`#${CSS.escape(errId)}`)!;
      err.textContent = text;
      err.hidden = false;
      c.setAttribute('aria-invalid', 'true');
      c.setAttribute('aria-describedby', spec.params[param].kind === 'choice' ? errId : `${errId} ${cellId}-${param}-hint`);
    }
    alert.textContent = errors.map((e) => e.text).join(' ');
  };

  const paramLabel = (name: string) => root.querySelector(`label[for="${CSS.escape(`${cellId}-${name}`)}"]`)?.textContent ?? name;
  const invalidText = (name: string) => fill(s['cell.invalid'], { param: paramLabel(name), allowed: allowedMessage(spec.params[name], s, spec.locale) });
  const workerErrorText = (e: ParamError) =>
    e.code ? `${paramLabel(e.param)}: ${fill(s[`cell.check.${e.code}`], e.vars)}` : spec.params[e.param] ? invalidText(e.param) : e.message;

  /** Reads every control; a bad value is reported, never coerced. */
  const read = (): { params: Params } | { errors: { param: string; text: string }[] } => {
    const params: Params = {};
    const errors: { param: string; text: string }[] = [];
    for (const [name, ps] of Object.entries(spec.params)) {
      const parsed = parseParam(ps, control(name).value);
      if (parsed.ok) params[name] = parsed.value;
      else errors.push({ param: name, text: invalidText(name) });
    }
    return errors.length ? { errors } : { params };
  };

  const urlFor = (params: Params): URL => {
    const url = new URL(location.href);
    const changed = Object.entries(params).filter(([name, value]) => !sameValue(value, spec.defaults[name]));
    setCellParams(url.searchParams, cellId, Object.fromEntries(changed.map(([name, value]) => [name, formatParam(value)])));
    return url;
  };

  /** The last live output, redrawn when the figure's box changes width. */
  let live: Output | null = null;
  let drawnAt = 0;
  const draw = (output: Output) => {
    const plot = root.querySelector<HTMLElement>('.figure-plot')!;
    const ctx: RenderContext = { document, locale: spec.locale, strings: s, experiment: spec.experiment, width: liveWidth(plot.clientWidth) };
    drawnAt = ctx.width;
    plot.replaceChildren(renderFigure(ctx, spec.figure!, output));
  };
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const resized = new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      const plot = root.querySelector<HTMLElement>('.figure-plot');
      if (live && plot && liveWidth(plot.clientWidth) !== drawnAt) draw(live);
    }, 150);
  });

  const show = (output: Output, kinds: Record<string, ResultKind>, timed: string[]) => {
    const ctx: RenderContext = { document, locale: spec.locale, strings: s, experiment: spec.experiment, width: 640 };
    root.querySelector('.cell-results')!.replaceWith(renderResults(ctx, output, kinds, timed));
    if (spec.figure) {
      draw(output);
      if (!live) resized.observe(root.querySelector('.figure-plot')!);
      live = output;
      // The cell's own data table, not a .table-wrap a figure may draw (ketama.lookup's does).
      root.querySelector('.cell-table > .table-wrap')!.replaceChildren(renderTable(ctx, spec.figure, output));
    }
    root.dataset.source = 'live';
    const source = root.querySelector('.cell-source');
    if (source) source.textContent = s['cell.source.live'];
  };

  const start = () => {
    const r = read();
    if ('errors' in r) {
      markInvalid(r.errors);
      return;
    }
    clearInvalid();
    if (current) runtime.cancel(current.id);
    history.replaceState(history.state, '', urlFor(r.params));
    setState('running');
    status.textContent = fill(s['cell.running'], { pct: '' });
    const pct = new Intl.NumberFormat(spec.locale, { style: 'percent' });
    const handle = runtime.run(spec.experiment, r.params, (done) => {
      progress.value = done;
      progress.setAttribute('aria-valuetext', pct.format(done));
    });
    current = handle;
    void handle.done.then((reply) => {
      if (current !== handle) return;
      current = null;
      switch (reply.type) {
        case 'result':
          show(reply.output, reply.kinds, reply.timed);
          setState('done');
          status.textContent = s['cell.done'];
          break;
        case 'invalid':
          setState('idle');
          status.textContent = '';
          markInvalid(reply.errors.map((e) => ({ param: e.param, text: workerErrorText(e) })));
          break;
        case 'cancelled':
          setState('cancelled');
          status.textContent = s['cell.cancelled'];
          break;
        case 'error':
          setState('error');
          status.textContent = '';
          alert.textContent = fill(s['cell.error'], { message: reply.message });
          break;
      }
    });
  };

  // A slider beside a number field: it mirrors the field, and letting go of it runs the cell.
  for (const [name, ps] of Object.entries(spec.params)) {
    if (ps.kind !== 'number' || !ps.slider) continue;
    const field = control(name) as HTMLInputElement;
    const range = document.createElement('input');
    range.type = 'range';
    range.className = 'field-slider';
    range.min = String(ps.min);
    range.max = String(ps.max);
    range.step = String(ps.step ?? (ps.max - ps.min) / 100);
    range.value = field.value;
    range.setAttribute('aria-label', paramLabel(name));
    range.addEventListener('input', () => {
      field.value = range.value;
    });
    range.addEventListener('change', () => form.requestSubmit());
    field.addEventListener('input', () => {
      const parsed = parseParam(ps, field.value);
      if (parsed.ok) range.value = String(parsed.value);
    });
    field.after(range);
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    start();
  });
  cancelButton.addEventListener('click', () => {
    if (current) runtime.cancel(current.id);
  });
  const share = async () => {
    const r = read();
    if ('errors' in r) {
      markInvalid(r.errors);
      return;
    }
    const url = urlFor(r.params).href;
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = s['cell.shared'];
    } catch {
      history.replaceState(history.state, '', url);
      status.textContent = s['cell.share.failed'];
    }
  };
  shareButton.addEventListener('click', () => void share());

  /**
   * A link's run starts at once when it is cheap; one the cost model puts above a couple of
   * seconds on a mid-range phone fills the form, says what it would cost, and waits for Run.
   */
  const startFromLink = async () => {
    const r = read();
    if ('errors' in r) return start();
    const reply = await runtime.estimate(spec.experiment, r.params);
    if (reply.type !== 'estimate' || !reply.ask) return start();
    const minutes = reply.seconds >= 90;
    const time = new Intl.NumberFormat(spec.locale, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long', maximumFractionDigits: 0 }).format(minutes ? reply.seconds / 60 : reply.seconds);
    setState('waiting');
    status.textContent = fill(s['cell.waiting'], { time });
  };

  // Parameters named in the URL fill the cell and run it; bad ones are reported like typed ones.
  const fromUrl = cellParams(new URLSearchParams(location.search), cellId, spec.params);
  for (const [name, value] of Object.entries(fromUrl)) {
    control(name).value = value;
    control(name).dispatchEvent(new Event('input'));
  }
  root.dataset.ready = 'true';
  const pending = root.dataset.pending;
  delete root.dataset.pending;
  if (pending === 'run') start();
  else if (Object.keys(fromUrl).length > 0) void startFromLink();
  if (pending === 'share') void share();
}
