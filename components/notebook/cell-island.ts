import { formatParam, sameValue } from '../../src/experiments/shared/params.ts';
import type { Output, Params, ResultKind } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { OUT_OF_MEMORY, type Reply as WorkerReply } from '../../src/worker/protocol.ts';
import { cellForm, type CellSpec } from './cell-form.ts';
import { initial, step, type CellEvent, type CellState, type Effect, type Phase } from './cell-machine.ts';
import { attachSliders } from './cell-sliders.ts';
import { attachTakeAway } from './cell-take.ts';
import { claimsSeen, verdictText } from './cell-verdict.ts';
import { cellParams, linkFits, MAX_LINK, packParams, setCellParams, unpackParams, worthPacking } from './cell-url.ts';
import { runTag } from '../../src/build/run-key.ts';
import { followersOf, followRun, restoreFollowers } from './follow.ts';
import { liveWidth, renderFigure, renderResults, renderTable, shownUnder, type RenderContext } from './render.ts';
import { attachFigureHands } from './figure-hands.ts';
import { replaceDrawing } from './redraw.ts';
import * as runtime from './runtime.ts';

/**
 * A run the cost model puts at or under this many seconds on a mid-range phone answers a primary
 * control while it is dragged (about a tenth of a second on a laptop); a slower one runs when the
 * control is let go.
 */
export const LIVE_PHONE_SECONDS = 0.4;

type Result = Extract<WorkerReply, { type: 'result' }>;
type Final = Extract<WorkerReply, { type: 'result' | 'invalid' | 'error' | 'cancelled' }>;

/**
 * Wires one cell: its form (cell-form.ts), sliders (cell-sliders.ts), Download (cell-take.ts),
 * the URL, and the run lifecycle, which is cell-machine.ts's: this function turns the page's
 * events and the worker's replies into the machine's events and carries out its effects.
 */
export function attach(root: HTMLElement, shared: Strings): void {
  const spec = JSON.parse(root.querySelector('script[data-spec]')!.textContent!) as CellSpec;
  const cellId = root.dataset.cell!;
  const cancelButton = root.querySelector<HTMLButtonElement>('[data-action="cancel"]')!;
  const shareButton = root.querySelector<HTMLButtonElement>('[data-action="share"]')!;
  const runButton = root.querySelector<HTMLButtonElement>('[data-action="run"]')!;
  const resetButton = root.querySelector<HTMLButtonElement>('[data-action="reset"]');
  const progressWrap = root.querySelector<HTMLElement>('.cell-progress')!;
  const progress = progressWrap.querySelector('progress')!;
  const status = root.querySelector<HTMLElement>('.cell-status')!;
  const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
  // The shared cell strings (shared-strings.ts), then this cell's own.
  const s: Strings = { ...shared, ...spec.strings };
  const form = cellForm(root, spec, s);
  // The build's output, as the HTML carried it, for Reset.
  const build = snapshotBuild(root);
  // The prose numbers, claims and caption slots that follow this cell's runs (follow.ts).
  const buildRun = runTag(spec.experiment, spec.defaults);
  const followers = followersOf(root, cellId, spec.experiment, buildRun);
  // What the article's numbers that this cell's run checks became (said after each run: cell-verdict.ts).
  const claims = claimsSeen(followers.claims);
  const verdict = root.querySelector<HTMLElement>('.cell-verdict');
  // The last run that finished in this page, for Download (none: the build's, run again on demand).
  let lastRun: { params: Params; output: Output } | null = null;

  let state: CellState = initial;
  let handle: runtime.RunHandle | null = null;
  /** The figure as it was before the current run's first sketch (RunContext.sketch), to put back if the run does not end in a result. */
  let beforeSketch: Node[] | null = null;
  const unsketch = (restore: boolean) => {
    const plot = root.querySelector<HTMLElement>('.figure-plot');
    if (beforeSketch && restore && plot) replaceDrawing(plot, beforeSketch);
    beforeSketch = null;
    delete root.dataset.sketch;
  };
  // The reply being carried out (show-result, show-refused and show-error read it).
  let reply: Final | null = null;

  const setPhase = (phase: Phase, live: boolean) => {
    // Written only when it changes: a watcher of data-state sees each state once.
    if (root.dataset.state !== phase) root.dataset.state = phase;
    const running = phase === 'running';
    // A live run (the hand on a control) shows no progress bar: the old figure stays until the new one is drawn.
    if (running && live) root.dataset.live = 'true';
    else delete root.dataset.live;
    // Cancel is about to be disabled: focus stays in the cell, on Run, not on the page's body.
    if (!running && document.activeElement === cancelButton) runButton.focus();
    root.setAttribute('aria-busy', String(running && !live));
    cancelButton.disabled = !running;
    progressWrap.hidden = !running || live;
    if (running) progress.value = 0;
  };

  const dispatch = (event: CellEvent) => {
    const next = step(state, event);
    const before = state;
    state = next.state;
    if (state.phase !== before.phase || state.running?.live !== before.running?.live) setPhase(state.phase, state.running?.live ?? false);
    for (const effect of next.effects) carryOut(effect);
  };

  /** The non-default parameters, as the text a link carries. */
  const changedText = (params: Params): Record<string, string> =>
    Object.fromEntries(Object.entries(params).filter(([name, value]) => !sameValue(value, spec.defaults[name])).map(([name, value]) => [name, formatParam(value)]));
  /** The link for these parameters with long text packed (cell-url.ts), as a reader's link carries it. */
  const packedUrlFor = async (params: Params): Promise<URL> => {
    const url = new URL(location.href);
    const { values, packed } = await packParams(changedText(params), (name) => spec.params[name]?.kind === 'text');
    setCellParams(url.searchParams, cellId, values, packed);
    return url;
  };
  /**
   * Puts these parameters in the address bar: at once, and where a long text is packed, the
   * packed link once it is ready (unless a later call came first), so a reload or a copied
   * address stays short enough for the server.
   */
  let urlCalls = 0;
  const showUrl = (params: Params) => {
    const call = ++urlCalls;
    const url = new URL(location.href);
    setCellParams(url.searchParams, cellId, changedText(params));
    history.replaceState(history.state, '', url);
    if (!Object.entries(changedText(params)).some(([name, value]) => spec.params[name].kind === 'text' && worthPacking(value))) return;
    void packedUrlFor(params).then((packed) => {
      if (call === urlCalls) history.replaceState(history.state, '', packed);
    });
  };

  /** The last live output, redrawn when the figure's box changes width. */
  let live: Output | null = null;
  let drawnAt = 0;
  const draw = (output: Output) => {
    const plot = root.querySelector<HTMLElement>('.figure-plot')!;
    const ctx: RenderContext = { document, locale: spec.locale, strings: s, experiment: spec.experiment, width: liveWidth(plot.clientWidth) };
    drawnAt = ctx.width;
    replaceDrawing(plot, [renderFigure(ctx, spec.figure!, output)]);
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
    const before = root.querySelector('.cell-results')!;
    const after = renderResults(ctx, output, kinds, timed, spec.table, shownUnder(spec.figure));
    // A reader who opened "All n numbers" keeps it open over the runs that follow.
    if (before.querySelector('.results-more')?.hasAttribute('open')) after.querySelector('.results-more')?.setAttribute('open', '');
    before.replaceWith(after);
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

  const showResult = (r: Result, params: Params) => {
    show(r.output, r.kinds, r.timed);
    // Which path computed it, for a test and a reader who looks (the status says it quietly).
    root.dataset.path = r.path;
    followRun(
      followers,
      {
        params,
        specs: spec.params,
        results: r.output.results,
        kinds: r.kinds,
        locale: spec.locale,
        option: (o) => (s as Readonly<Record<string, string | undefined>>)[`cell.${spec.experiment}.option.${o}`],
        words: s,
      },
      runTag(spec.experiment, params) === buildRun,
      s,
      r.said,
    );
    status.textContent = s[followers.measured.length + followers.slots.length + followers.sentences.length > 0 ? 'cell.done.follow' : 'cell.done'] + (r.path === 'none' ? '' : ` ${s[`cell.path.${r.path}`]}`);
    const said = verdictText(claims, runTag(spec.experiment, params) === buildRun, s, spec.locale);
    if (verdict && said) {
      verdict.textContent = said;
      verdict.hidden = false;
    }
    lastRun = { params, output: r.output };
    take.refresh();
  };

  const carryOut = (effect: Effect) => {
    switch (effect.type) {
      case 'cancel-run':
        if (handle) runtime.cancel(handle.id);
        handle = null;
        // A sketched figure belongs to the run that was stopped: the figure of the numbers shown comes back.
        unsketch(true);
        break;
      case 'begin-run': {
        form.clearInvalid();
        setPhase('running', effect.live);
        if (!effect.live) status.textContent = fill(s['cell.running'], { pct: '' });
        const pct = new Intl.NumberFormat(spec.locale, { style: 'percent' });
        const h = runtime.run(
          spec.experiment,
          effect.params,
          (done) => {
            progress.value = done;
            progress.setAttribute('aria-valuetext', pct.format(done));
          },
          // A first answer: the figure is drawn from it while the run goes on (the numbers wait for the end).
          (output, done) => {
            if (handle !== h || !spec.figure) return;
            const plot = root.querySelector<HTMLElement>('.figure-plot')!;
            beforeSketch ??= [...plot.childNodes];
            draw(output);
            root.dataset.sketch = 'true';
            if (!effect.live) status.textContent = fill(s['cell.sketch'], { pct: pct.format(done) });
          },
        );
        handle = h;
        void h.done.then((r) => {
          if (r.type === 'estimate') return;
          if (handle === h) handle = null;
          reply = r;
          dispatch({ type: 'reply', run: effect.run, reply: r.type });
          reply = null;
        });
        break;
      }
      case 'show-result':
        unsketch(false);
        if (reply?.type === 'result') showResult(reply, effect.params);
        break;
      case 'show-refused':
        if (reply?.type === 'invalid') form.markInvalid(reply.errors.map((e) => ({ param: e.param, text: form.workerErrorText(e) })));
        break;
      case 'show-bad-input': {
        const r = form.read();
        if ('errors' in r) form.markInvalid(r.errors);
        break;
      }
      case 'show-error': {
        unsketch(true);
        status.textContent = '';
        // Never the exception's own text: what happened, in the reader's language, and what to do.
        const message = reply?.type === 'error' ? reply.message : '';
        alert.classList.remove('sr-only');
        alert.textContent = `${fill(s['cell.error'], { message: s[message === runtime.WORKER_STOPPED ? 'cell.error.reason.worker' : message === OUT_OF_MEMORY ? 'cell.error.reason.memory' : 'cell.error.reason.code'] })} ${s['cell.error.report']}`;
        break;
      }
      case 'say-cancelled':
        unsketch(true);
        status.textContent = s['cell.cancelled'];
        break;
      case 'say-waiting':
        break;
      case 'restore-build':
        unsketch(false);
        form.set(Object.fromEntries(Object.entries(spec.defaults).map(([name, value]) => [name, formatParam(value)])));
        form.clearInvalid();
        restoreBuild(root, build);
        // The build's figures are back: a resize must not redraw the last live run over them.
        live = null;
        resized.disconnect();
        restoreFollowers(followers);
        if (verdict) {
          verdict.hidden = true;
          verdict.textContent = '';
        }
        root.dataset.source = 'build';
        lastRun = null;
        take.refresh();
        status.textContent = s['cell.reset.done'];
        break;
      case 'url':
        // Only a run that finished goes into the URL: a reload reruns what the reader saw.
        showUrl(effect.params ?? spec.defaults);
        break;
    }
  };

  /** Run what the controls hold (Run, Enter, a link): a value that cannot be read is said, never coerced. */
  const start = (live = false) => {
    const r = form.read();
    if ('errors' in r) dispatch({ type: 'bad-input' });
    else dispatch({ type: 'start', params: r.params, live });
  };

  // The hand on a primary control: a quick run answers while it moves, a slow one when let go.
  let moves = 0;
  const released = () => {
    moves++;
    const r = form.read();
    // Already shown (the live run of the same values finished) or on its way: nothing to start.
    const same = (p: Params | null | undefined) => !!p && !('errors' in r) && Object.keys(spec.params).every((k) => sameValue(p[k], r.params[k]));
    if (same(state.running?.params) || (state.phase === 'done' && same(state.finished))) return;
    if (root.dataset.ready) start();
  };
  const moved = () => {
    const r = form.read();
    if ('errors' in r || !root.dataset.ready) return;
    const call = ++moves;
    void runtime.estimate(spec.experiment, r.params).then((e) => {
      if (call !== moves || e.type !== 'estimate') return;
      if (e.seconds <= LIVE_PHONE_SECONDS) dispatch({ type: 'start', params: r.params, live: true });
    });
  };
  attachSliders(spec.params, spec.primary, form.control, form.label, { moved, released });
  // The figure as a control: an axis or a grid dragged, the ring pressed, a list's items stepped (figure-hands.ts).
  attachFigureHands(root, spec, s, form, { ready: () => !!root.dataset.ready, moved, released, start });
  // A word's checkbox of a primary parameter is the hand too (the lab's schemes, flow's policies).
  for (const set of root.querySelectorAll<HTMLElement>('fieldset[data-set-for]')) if (spec.primary.includes(set.dataset.setFor ?? '')) set.addEventListener('change', released);

  form.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    // Until the link's values are in (a packed one unpacks first), cell-loader.ts keeps the press for then.
    if (root.dataset.ready) start();
  });
  cancelButton.addEventListener('click', () => dispatch({ type: 'cancel' }));
  resetButton?.addEventListener('click', () => dispatch({ type: 'reset' }));
  const take = attachTakeAway(root, spec, s, {
    current: () => {
      const r = form.read();
      return 'errors' in r ? null : r.params;
    },
    // The build's run is not in the page: the same parameters give the same result, so it is run again.
    run: async () => {
      if (lastRun) return lastRun;
      const r = await runtime.run(spec.experiment, spec.defaults, () => {}).done;
      return r.type === 'result' ? { params: spec.defaults, output: r.output } : null;
    },
    say: (text) => (status.textContent = text),
  });
  // Escape cancels a running cell from anywhere inside it.
  root.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape' || !state.running) return;
    ev.preventDefault();
    dispatch({ type: 'cancel' });
    if (!root.contains(document.activeElement) || document.activeElement === cancelButton) runButton.focus();
  });
  const share = async () => {
    const r = form.read();
    if ('errors' in r) {
      form.markInvalid(r.errors);
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
    const r = form.read();
    if ('errors' in r) return start();
    const e = await runtime.estimate(spec.experiment, r.params);
    if (e.type !== 'estimate' || !e.ask) return start();
    const minutes = e.seconds >= 90;
    const time = new Intl.NumberFormat(spec.locale, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long', maximumFractionDigits: 0 }).format(minutes ? e.seconds / 60 : e.seconds);
    dispatch({ type: 'wait' });
    status.textContent = fill(s['cell.waiting'], { time });
  };

  /**
   * Parameters named in the URL fill the cell and run it; bad ones are reported like typed ones.
   * A packed value that cannot be read leaves its field at the default, says so there, and runs nothing.
   */
  const open = (fromUrl: Record<string, string>, unreadable: string[]) => {
    form.set(fromUrl);
    root.dataset.ready = 'true';
    const pending = root.dataset.pending;
    delete root.dataset.pending;
    if (unreadable.length > 0) form.markInvalid(unreadable.map((param) => ({ param, text: s['cell.link.unreadable'] })));
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

