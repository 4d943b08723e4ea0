import { formatParam, parseParam, sameValue, type ParamError } from '../../src/experiments/params.ts';
import type { Output, ParamSpec, Params, ResultKind, ResultTable } from '../../src/experiments/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { cellParams, linkFits, MAX_LINK, packParams, setCellParams, unpackParams, worthPacking } from './cell-url.ts';
import { reproduceLine, toCsv, toJson } from './export.ts';
import { runTag } from './fill.ts';
import { followersOf, followRun, restoreFollowers } from './follow.ts';
import { paramErrorText } from './messages.ts';
import { OUT_OF_MEMORY } from '../../src/worker/protocol.ts';
import { figureById } from '../figures/index.ts';
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
  /** Many results as one table (the experiment's `resultTable`). */
  table: ResultTable | null;
}

type State = 'idle' | 'running' | 'done' | 'error' | 'cancelled' | 'waiting';

/** Wires one cell: controls, run/cancel/share, progress, results, URL state. */
export function attach(root: HTMLElement): void {
  const spec = JSON.parse(root.querySelector('script[data-spec]')!.textContent!) as Spec;
  const cellId = root.dataset.cell!;
  const form = root.querySelector<HTMLFormElement>('form')!;
  const cancelButton = root.querySelector<HTMLButtonElement>('[data-action="cancel"]')!;
  const shareButton = root.querySelector<HTMLButtonElement>('[data-action="share"]')!;
  const runButton = root.querySelector<HTMLButtonElement>('[data-action="run"]')!;
  const resetButton = root.querySelector<HTMLButtonElement>('[data-action="reset"]');
  const progressWrap = root.querySelector<HTMLElement>('.cell-progress')!;
  const progress = progressWrap.querySelector('progress')!;
  const status = root.querySelector<HTMLElement>('.cell-status')!;
  const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
  // The page's shared cell strings, then this cell's own.
  const shared = JSON.parse(document.getElementById('cell-strings')?.textContent ?? '{}') as Strings;
  const s: Strings = { ...shared, ...spec.strings };
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  let current: runtime.RunHandle | null = null;
  // The build's output, as the HTML carried it, for Reset; and the last run that finished (the URL's).
  const build = snapshotBuild(root);
  let finished: Params | null = null;
  // The prose numbers, claims and caption slots that follow this cell's runs (follow.ts).
  const buildRun = runTag(spec.experiment, spec.defaults);
  const followers = followersOf(root, cellId, spec.experiment, buildRun);
  // The last run that finished in this page, for Download (none: the build's, run again on demand).
  let lastRun: { params: Params; output: Output } | null = null;

  const setState = (state: State) => {
    root.dataset.state = state;
    const running = state === 'running';
    // Cancel is about to be disabled: focus stays in the cell, on Run, not on the page's body.
    if (!running && document.activeElement === cancelButton) runButton.focus();
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
    alert.classList.remove('sr-only');
  };

  const markInvalid = (errors: { param: string; text: string }[]) => {
    clearInvalid();
    // An old "Done." above a new error would say two things at once.
    status.textContent = '';
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
    // The message sits under its field; the alert says it once more to screen readers only, with the field's name.
    alert.textContent = errors.map((e) => fill(s['cell.error.param'], { param: paramLabel(e.param), message: e.text })).join(' ');
    alert.classList.toggle('sr-only', errors.length > 0);
  };

  const paramLabel = (name: string) => root.querySelector(`label[for="${CSS.escape(`${cellId}-${name}`)}"]`)?.textContent ?? name;
  /** What is wrong with a control's value, naming the part (an entry, a bound, a line count). */
  const invalidText = (name: string) => {
    const parsed = parseParam(spec.params[name], control(name).value);
    return parsed.ok ? fill(s['cell.invalid'], { param: paramLabel(name), allowed: allowedMessage(spec.params[name], s, spec.locale) }) : paramErrorText(spec.params[name], parsed, s, spec.locale);
  };
  // A check's own message (its code), or the field's; never the worker's English.
  const workerErrorText = (e: ParamError) =>
    e.code ? fill(s[`cell.check.${e.code}`], e.vars) : Object.hasOwn(spec.params, e.param) ? invalidText(e.param) : fill(s['cell.error'], { message: s['cell.error.reason.code'] });

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

  /** The non-default parameters, as the text a link carries. */
  const changedText = (params: Params): Record<string, string> =>
    Object.fromEntries(Object.entries(params).filter(([name, value]) => !sameValue(value, spec.defaults[name])).map(([name, value]) => [name, formatParam(value)]));
  const urlFor = (params: Params): URL => {
    const url = new URL(location.href);
    setCellParams(url.searchParams, cellId, changedText(params));
    return url;
  };
  /** The link for these parameters with long text packed (cell-url.ts), as a reader's link carries it. */
  const packedUrlFor = async (params: Params): Promise<URL> => {
    const url = new URL(location.href);
    const { values, packed } = await packParams(changedText(params), (name) => spec.params[name]?.kind === 'text');
    setCellParams(url.searchParams, cellId, values, packed);
    return url;
  };
  const needsPacking = (params: Params) => Object.entries(changedText(params)).some(([name, value]) => spec.params[name].kind === 'text' && worthPacking(value));
  /**
   * Puts these parameters in the address bar: at once, and where a long text is packed, the
   * packed link once it is ready (unless a later call came first), so a reload or a copied
   * address stays short enough for the server.
   */
  let urlCalls = 0;
  const showUrl = (params: Params) => {
    const call = ++urlCalls;
    history.replaceState(history.state, '', urlFor(params));
    if (!needsPacking(params)) return;
    void packedUrlFor(params).then((url) => {
      if (call === urlCalls) history.replaceState(history.state, '', url);
    });
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
    root.querySelector('.cell-results')!.replaceWith(renderResults(ctx, output, kinds, timed, spec.table));
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

  /** The URL names the last finished run's parameters (none: the build's), never a refused or cancelled one. */
  const keepUrlAtFinished = () => showUrl(finished ?? spec.defaults);

  const reset = () => {
    if (current) runtime.cancel(current.id);
    current = null;
    for (const [name, value] of Object.entries(spec.defaults)) {
      control(name).value = formatParam(value);
      control(name).dispatchEvent(new Event('input'));
    }
    clearInvalid();
    restoreBuild(root, build);
    // The build's figures are back: a resize must not redraw the last live run over them.
    live = null;
    resized.disconnect();
    restoreFollowers(followers);
    setState('idle');
    root.dataset.source = 'build';
    finished = null;
    lastRun = null;
    take.refresh();
    keepUrlAtFinished();
    status.textContent = s['cell.reset.done'];
  };

  const start = () => {
    const r = read();
    if ('errors' in r) {
      markInvalid(r.errors);
      keepUrlAtFinished();
      return;
    }
    clearInvalid();
    if (current) runtime.cancel(current.id);
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
          // Which path computed it, for a test and a reader who looks (the status says it quietly).
          root.dataset.path = reply.path;
          setState('done');
          followRun(
            followers,
            {
              params: r.params,
              specs: spec.params,
              results: reply.output.results,
              kinds: reply.kinds,
              locale: spec.locale,
              option: (o) => (s as Readonly<Record<string, string | undefined>>)[`cell.${spec.experiment}.option.${o}`],
              words: s,
            },
            runTag(spec.experiment, r.params) === buildRun,
            s,
          );
          status.textContent = s[followers.measured.length + followers.slots.length > 0 ? 'cell.done.follow' : 'cell.done'] + (reply.path === 'none' ? '' : ` ${s[`cell.path.${reply.path}`]}`);
          // Only a run that finished goes into the URL: a reload reruns what the reader saw.
          finished = r.params;
          lastRun = { params: r.params, output: reply.output };
          take.refresh();
          showUrl(r.params);
          break;
        case 'invalid':
          setState('idle');
          markInvalid(reply.errors.map((e) => ({ param: e.param, text: workerErrorText(e) })));
          keepUrlAtFinished();
          break;
        case 'cancelled':
          setState('cancelled');
          status.textContent = s['cell.cancelled'];
          keepUrlAtFinished();
          break;
        case 'error':
          setState('error');
          status.textContent = '';
          // Never the exception's own text: what happened, in the reader's language, and what to do.
          alert.classList.remove('sr-only');
          alert.textContent = `${fill(s['cell.error'], { message: s[reply.message === runtime.WORKER_STOPPED ? 'cell.error.reason.worker' : reply.message === OUT_OF_MEMORY ? 'cell.error.reason.memory' : 'cell.error.reason.code'] })} ${s['cell.error.report']}`;
          keepUrlAtFinished();
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

  for (const set of root.querySelectorAll<HTMLFieldSetElement>('fieldset[data-set-for]')) attachWordSet(set, control(set.dataset.setFor!) as HTMLInputElement);

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    // Until the link's values are in (a packed one unpacks first), cell-loader.ts keeps the press for then.
    if (root.dataset.ready) start();
  });
  cancelButton.addEventListener('click', () => {
    if (current) runtime.cancel(current.id);
  });
  resetButton?.addEventListener('click', reset);
  const take = attachTakeAway(root, spec, s, {
    current: () => {
      const r = read();
      return 'errors' in r ? null : r.params;
    },
    // The build's run is not in the page: the same parameters give the same result, so it is run again.
    run: async () => {
      if (lastRun) return lastRun;
      const reply = await runtime.run(spec.experiment, spec.defaults, () => {}).done;
      return reply.type === 'result' ? { params: spec.defaults, output: reply.output } : null;
    },
    say: (text) => (status.textContent = text),
  });
  // Escape cancels a running cell from anywhere inside it.
  root.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape' || !current) return;
    ev.preventDefault();
    runtime.cancel(current.id);
    if (!root.contains(document.activeElement) || document.activeElement === cancelButton) runButton.focus();
  });
  const share = async () => {
    const r = read();
    if ('errors' in r) {
      markInvalid(r.errors);
      return;
    }
    // The link lands on this cell: its anchor scrolls to it, and cell-loader.ts focuses it.
    const link = await packedUrlFor(r.params);
    link.hash = root.id;
    const url = link.href;
    // Too long for servers even packed: say so, and offer the results as JSON instead.
    if (!linkFits(url)) {
      const kb = (n: number) => new Intl.NumberFormat(spec.locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(n);
      const say = () => (status.textContent = fill(s['cell.share.too-long'], { size: kb(Math.ceil(url.length / 1000)), limit: kb(MAX_LINK / 1000) }));
      say();
      // Said again once the files are ready: preparing them may have put its own word in the status.
      await take.open().catch(() => {});
      say();
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = s['cell.shared'];
    } catch {
      history.replaceState(history.state, '', url);
      status.textContent = s['cell.share.failed'];
    }
  };
  shareButton.addEventListener('click', () => {
    if (root.dataset.ready) void share();
  });

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

  /**
   * Parameters named in the URL fill the cell and run it; bad ones are reported like typed ones.
   * A packed value that cannot be read leaves its field at the default, says so there, and runs nothing.
   */
  const open = (fromUrl: Record<string, string>, unreadable: string[]) => {
    for (const [name, value] of Object.entries(fromUrl)) {
      control(name).value = value;
      control(name).dispatchEvent(new Event('input'));
    }
    root.dataset.ready = 'true';
    const pending = root.dataset.pending;
    delete root.dataset.pending;
    if (unreadable.length > 0) markInvalid(unreadable.map((param) => ({ param, text: s['cell.link.unreadable'] })));
    else if (pending === 'run') start();
    else if (Object.keys(fromUrl).length > 0) void startFromLink();
    if (pending === 'share') void share();
  };
  const link = cellParams(new URLSearchParams(location.search), cellId, spec.params);
  // A plain link fills the cell at once; a packed value is unpacked first, then the same.
  if (Object.keys(link.packed).length === 0) open(link.values, []);
  else void unpackParams(link.packed).then(({ values, unreadable }) => open({ ...link.values, ...values }, unreadable));
}

/**
 * The parts of a cell's output a run rewrites, and how: the results list is replaced whole, the
 * figure's and the table's boxes keep their element (others may observe them) and get their
 * content back. Reset restores each from the build's HTML, byte for byte.
 */
const OUTPUT_PARTS: readonly (readonly [selector: string, how: 'outer' | 'inner'])[] = [
  ['.cell-results', 'outer'],
  ['.cell-source', 'inner'],
  ['.figure-plot', 'inner'],
  ['.table-wrap', 'inner'],
];

type BuildSnapshot = Map<string, string>;

/** The build's output of a cell, as the page carried it before any run. */
function snapshotBuild(root: HTMLElement): BuildSnapshot {
  const snap: BuildSnapshot = new Map();
  for (const [sel, how] of OUTPUT_PARTS) {
    const el = root.querySelector(`.cell-output ${sel}`);
    if (el) snap.set(sel, how === 'outer' ? el.outerHTML : el.innerHTML);
  }
  return snap;
}

/** Puts the build's output back, byte for byte. */
function restoreBuild(root: HTMLElement, build: BuildSnapshot): void {
  for (const [sel, how] of OUTPUT_PARTS) {
    const el = root.querySelector(`.cell-output ${sel}`);
    const html = build.get(sel);
    if (!el || html === undefined) continue;
    if (how === 'outer') el.outerHTML = html;
    else el.innerHTML = html;
  }
}

interface TakeAwayHooks {
  /** The parameters the controls hold now, or null while one is bad. */
  current(): Params | null;
  /** The run whose data a download gives: the last finished one, or the build's. */
  run(): Promise<{ params: Params; output: Output } | null>;
  say(text: string): void;
}

/**
 * Download (the notebook contract's `button[data-action="download"]`): a panel with the data behind
 * the figure as CSV and JSON, and the `npm run reproduce` line for the current parameters with a
 * button that copies it.
 */
function attachTakeAway(root: HTMLElement, spec: Spec, s: Strings, hooks: TakeAwayHooks): { refresh(): void; open(): Promise<void> } {
  const button = root.querySelector<HTMLButtonElement>('[data-action="download"]');
  if (!button) return { refresh: () => {}, open: () => Promise.resolve() };
  const panel = takeAwayPanel(root.dataset.cell!, spec, s);
  panel.hidden = true;
  button.closest('.cell-actions')!.after(panel);
  button.setAttribute('aria-controls', panel.id);
  const line = panel.querySelector<HTMLElement>('.cell-reproduce code')!;
  const links = Array.from(panel.querySelectorAll<HTMLAnchorElement>('a[data-format]'));
  let urls: string[] = [];

  const setLine = () => {
    const params = hooks.current();
    if (params) line.textContent = reproduceLine(spec.experiment, params, spec.params);
  };
  const files = async () => {
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [];
    for (const a of links) a.removeAttribute('href');
    const run = await hooks.run();
    if (!run) return;
    let csv: string;
    if (spec.figure) {
      const { columns, rows } = figureById(spec.figure).table(run.output.data, { width: 640, document, locale: spec.locale, strings: s });
      csv = toCsv(columns, rows);
    } else csv = toCsv(['result', 'value'], Object.entries(run.output.results));
    const blobs = { csv: new Blob([csv], { type: 'text/csv' }), json: new Blob([toJson(spec.experiment, run.params, run.output)], { type: 'application/json' }) };
    for (const a of links) {
      const u = URL.createObjectURL(blobs[a.dataset.format as 'csv' | 'json']);
      urls.push(u);
      a.href = u;
    }
  };
  const refresh = () => {
    setLine();
    if (!panel.hidden) void files();
  };
  /** The files of the panel's last opening, ready or on their way. */
  let prepared: Promise<void> = Promise.resolve();
  button.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (!open) return;
    setLine();
    const started = files();
    // A download of the build's numbers runs them again first; say so while it does.
    const slow = setTimeout(() => hooks.say(s['cell.download.preparing']), 150);
    prepared = started.finally(() => {
      clearTimeout(slow);
      panel.dataset.ready = 'true';
    });
  });
  root.querySelector('form')?.addEventListener('input', setLine);
  panel.querySelector('[data-action="copy-command"]')?.addEventListener('click', () => {
    void navigator.clipboard.writeText(line.textContent ?? '').then(
      () => hooks.say(s['cell.reproduce.copied']),
      () => hooks.say(s['cell.share.failed']),
    );
  });
  // Opens the panel as a press on Download does (Share offers it when a link would be too long).
  const open = () => {
    if (panel.hidden) button.click();
    return prepared;
  };
  return { refresh, open };
}

/**
 * Checkboxes for a text parameter that lists some of a few words (a `set` hint): ticking one
 * rewrites the field as the words in their order, comma-separated; typing in the field ticks
 * the boxes of the words it names. The field stays the parameter's control.
 */
function attachWordSet(set: HTMLFieldSetElement, field: HTMLInputElement): void {
  const boxes = Array.from(set.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  const fromField = () => {
    const named = new Set(field.value.split(/[\s,]+/).filter(Boolean));
    for (const b of boxes) b.checked = named.has(b.value);
  };
  for (const b of boxes) {
    b.addEventListener('change', () => {
      field.value = boxes.filter((x) => x.checked).map((x) => x.value).join(', ');
    });
  }
  field.addEventListener('input', fromField);
  fromField();
  set.hidden = false;
}

/** The Download panel: links to the CSV and JSON, and the terminal line with a button that copies it. */
function takeAwayPanel(cellId: string, spec: Spec, s: Strings): HTMLElement {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const link = (format: 'csv' | 'json') => {
    const a = el('a', { download: `${cellId}.${format}` }, format.toUpperCase());
    a.dataset.format = format;
    return a;
  };
  const copy = el('button', { type: 'button' }, s['cell.reproduce.copy']);
  copy.dataset.action = 'copy-command';
  const output = el('output', { id: `${cellId}-reproduce`, className: 'cell-reproduce' }, el('code'));
  return el(
    'div',
    { className: 'cell-take', id: `${cellId}-take` },
    el('p', { className: 'cell-take-files' }, el('span', {}, s[spec.figure ? 'cell.download.figure' : 'cell.download.results']), ' ', link('csv'), ' ', link('json')),
    el('p', { className: 'cell-take-line' }, el('label', { htmlFor: `${cellId}-reproduce` }, s['cell.reproduce']), output, copy),
  );
}
