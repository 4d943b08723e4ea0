import { fill, type Strings } from '../../src/i18n/index.ts';
import { slowedServers, slowWindow } from '../../src/lib/flow/service.ts';
import { VIEW_REQUESTS, type FromWorker, type ToWorker, type ViewSettings } from '../../src/worker/flow-protocol.ts';
import { paramErrorText } from '../notebook/messages.ts';
import { drawPanel, readPalette, stageHeight, type Palette } from './draw.ts';
import { describeDecision } from './step-text.ts';
import { el } from './dom.ts';
import { settingsForm } from './form.ts';
import { panelStats, PanelModel, type Decision } from './model.ts';
import { SCENE_EVENT, type SceneDetail } from './scene.ts';
import { DEFAULTS, fieldsFor, formatSettings, linkedText, readSettings, settingsQuery, viewSpecs, type Field, type SettingError } from './settings.ts';

/**
 * The animated view: two or three panels run their policies on the same requests. The worker simulates
 * (src/worker/flow.ts) and sends rows ahead of the display time; this thread only moves the time,
 * replays the rows (model.ts) and draws (draw.ts). It animates only while on screen and the tab
 * is visible; under prefers-reduced-motion nothing starts by itself. `data-playing` on the root
 * says whether it is animating.
 */
type Key = keyof Strings;

/** Real milliseconds a request takes to fly to its queue, at any speed. */
const FLIGHT_MS = 350;
/** Recompute every panel's percentiles (a sort of its finished requests' latencies) about this often. */
const STATS_MS = 400;

export function attach(root: HTMLElement, shared: Partial<Strings>): void {
  if (root.dataset.ready) return;
  root.dataset.ready = 'true';
  const id = root.dataset.flow ?? 'flow';
  const locale = document.documentElement.lang.startsWith('ko') ? 'ko' : 'en';
  // The cells' shared strings (the field messages and the checks' among them: shared-strings.ts),
  // then the view's own, which the build wrote (FlowView.astro). A key not written shows as itself.
  const dict: Partial<Strings> = { ...shared, ...(JSON.parse(root.querySelector('script[data-flow-strings]')?.textContent ?? '{}') as Partial<Strings>) };
  const strings = new Proxy(dict, { get: (d, k: string) => d[k as Key] ?? k }) as Strings;
  const t = (k: Key, vars: Record<string, string | number> = {}) => fill(strings[k], vars);
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const base: ViewSettings = { ...DEFAULTS, ...(JSON.parse(root.dataset.config ?? '{}') as Partial<ViewSettings>) };
  const specs = viewSpecs(base);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  const FIELDS = fieldsFor(base.policies.length);
  /** A compact view (the home page) has the controls of the animation, not the settings form. */
  const compact = root.dataset.compact === 'true';

  // ------------------------------------------------------------------ markup
  // The build wrote the controls, the panels and their poster frames (FlowView.astro); this adds
  // the canvases and the settings form. Props are plain DOM properties (textContent, value, ...).
  const need = <E extends Element>(e: E | null, what: string): E => {
    if (!e) throw new Error(`flow view ${id}: the build wrote no ${what}`);
    return e;
  };
  const play = need(root.querySelector<HTMLButtonElement>('button[data-action="play"]'), 'Play');
  const step = need(root.querySelector<HTMLButtonElement>('button[data-action="step"]'), 'Step');
  const speedSel = need(root.querySelector<HTMLSelectElement>('select.flow-speed-select'), 'speed');
  const live = need(root.querySelector<HTMLElement>('.flow-live'), 'live region');
  const alert = need(root.querySelector<HTMLElement>('.flow-alert'), 'alert');
  const settingsBox = root.querySelector<HTMLDetailsElement>('details.flow-settings');
  // With the form, each refused field shows its message and the alert is for screen readers; without it (compact), the alert is the message.
  alert.classList.toggle('sr-only', settingsBox !== null);

  const { form, controls, errors, labels } = settingsForm({ id, locale, t, nf, specs, fields: FIELDS });
  // The settings stay folded (the animation first), unless a link set one of them.
  const linked = linkedText(new URLSearchParams(location.search), id, FIELDS);
  if (settingsBox) {
    settingsBox.append(form);
    settingsBox.open = Object.keys(linked).length > 0;
  }

  const panels = [...root.querySelectorAll<HTMLElement>('.flow-panel')].map((fig) => {
    const stage = need(fig.querySelector<HTMLElement>('.flow-stage'), 'stage');
    const canvas = el('canvas', { className: 'flow-canvas' });
    canvas.setAttribute('role', 'img');
    return { fig, stage, canvas, title: need(fig.querySelector<HTMLElement>('.flow-title'), 'title'), counter: need(fig.querySelector<HTMLElement>('.flow-counter'), 'counter'), decision: need(fig.querySelector<HTMLElement>('.flow-decision'), 'decision') };
  });
  const canvasLabels = { balancer: t('flow.view.balancer'), x: t('flow.view.axis.x'), y: t('flow.view.axis.y') };

  // ------------------------------------------------------------------ state
  let settings = base;
  let models: PanelModel[] = [];
  let generation = 0;
  let asked = false;
  let time = 0;
  let wantPlay = !reduced.matches;
  let visible = false;
  let playing = false;
  let frame = 0;
  let lastNow = 0;
  let lastStats = -Infinity;
  const noStats = () => base.policies.map(() => ({ p50: NaN, p99: NaN, mean: NaN, done: 0 }));
  let stats = noStats();
  let histMax = 2;
  let highlight: (Decision | null)[] = base.policies.map(() => null);
  let waitingStep = false;
  let palette: Palette = readPalette();
  /** The slow stretch in the display's time, where the worker's engine has it (slowWindow over the build's run). */
  const slowStretch = (v: ViewSettings) => ({ servers: slowedServers(v.slow, v.slowFactor, v.slowFor), factor: v.slowFactor, ...slowWindow(v.servers, v.speeds, v.load, VIEW_REQUESTS, v.slowFrom, v.slowFor) });
  let stretch = slowStretch(base);

  /** Whether a setting (typed or from the link) is refused: then nothing plays until it is fixed. */
  let refused = false;
  const worker = new Worker(new URL('../../src/worker/flow.ts', import.meta.url), { type: 'module' });
  const send = (m: ToWorker) => worker.postMessage(m);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.generation !== generation) return;
    asked = false;
    if (m.type === 'error') {
      // The worker's code in the page's words; the exception stays in the worker.
      wantPlay = false;
      sync();
      alert.textContent = t(m.code === 'out-of-memory' ? 'flow.view.error.memory' : 'flow.view.error.failed');
      return;
    }
    m.panels.forEach((rows, k) => models[k]?.push(rows));
    if (waitingStep) {
      waitingStep = false;
      doStep();
    }
  };

  /** Rows per request: two seconds of arrivals at the current speed, and never fewer than 256. */
  function batch(): number {
    const capacity = Array.from({ length: settings.servers }, (_, i) => settings.speeds[i % settings.speeds.length]).reduce((a, b) => a + b, 0);
    // At most 50 000 rows a batch (a thousand fast servers would ask for millions): the time waits for the rest.
    return Math.min(50_000, Math.max(256, Math.ceil(settings.load * capacity * Number(speedSel.value) * 2)));
  }

  function topUp(): void {
    if (asked || models.length === 0) return;
    if (models[0].pending() < batch() / 2) {
      asked = true;
      send({ type: 'more', generation, rows: batch() });
    }
  }

  function restart(next: ViewSettings): void {
    settings = next;
    stretch = slowStretch(settings);
    generation++;
    asked = false;
    waitingStep = false;
    time = 0;
    lastStats = -Infinity;
    stats = noStats();
    histMax = 2;
    highlight = highlight.map(() => null);
    models = settings.policies.map(() => new PanelModel(settings.servers));
    send({ type: 'reset', generation, settings });
    topUp();
    panels.forEach((p, k) => {
      p.title.textContent = settings.policies[k];
      // The poster frame gives way to the canvas once the view runs (a refused link keeps it).
      if (!p.canvas.isConnected) p.stage.replaceChildren(p.canvas);
      const slowly = stretch.servers > 0 ? ` ${t(stretch.servers === 1 ? 'flow.view.canvas.slow.one' : 'flow.view.canvas.slow.many', { slow: stretch.servers, last: stretch.servers - 1, factor: nf.format(stretch.factor), from: nf.format(stretch.slowFrom), to: nf.format(stretch.slowTo) })}` : '';
      p.canvas.setAttribute('aria-label', t('flow.view.canvas', { policy: settings.policies[k], servers: settings.servers }) + slowly);
      p.decision.textContent = '';
    });
    refused = false;
    alert.textContent = '';
    root.dataset.refused = 'false';
    const text = formatSettings(settings);
    for (const name of FIELDS) {
      controls.get(name)!.value = text[name];
      markValid(name);
    }
    // The build's numbers above the view are its first setting's: say so once it plays another.
    const other = root.querySelector<HTMLElement>('.flow-build-other');
    if (other) other.hidden = FIELDS.every((name) => text[name] === formatSettings(base)[name]);
    resize();
    draw();
  }

  // ------------------------------------------------------------------ time and drawing
  function setPlaying(on: boolean): void {
    if (on === playing) return;
    playing = on;
    root.dataset.playing = String(on);
    play.textContent = on ? t('flow.view.pause') : t('flow.view.play');
    play.setAttribute('aria-pressed', String(on));
    if (on) {
      lastNow = performance.now();
      frame = requestAnimationFrame(tick);
    } else {
      cancelAnimationFrame(frame);
      draw();
    }
  }

  /** Animates exactly when the reader wants it and the view can be seen. */
  function sync(): void {
    setPlaying(wantPlay && !refused && visible && document.visibilityState === 'visible');
  }

  function tick(now: number): void {
    if (!playing) return;
    // A long gap (a background tab, a slow frame) moves the time by at most a tenth of a second.
    const dt = Math.min(100, now - lastNow);
    lastNow = now;
    const limit = models[0]?.nextArrival();
    const target = time + (dt / 1000) * Number(speedSel.value);
    // Never run past the rows the worker has sent: wait for more instead.
    if (limit !== null && limit !== undefined) time = target;
    for (const m of models) m.advance(time);
    highlight = highlight.map(() => null);
    topUp();
    draw();
    frame = requestAnimationFrame(tick);
  }

  const statsOf = (m: PanelModel) => panelStats(m.latencies);
  const shown = (v: number) => (Number.isFinite(v) ? nf.format(v) : '–');
  /** Each panel's live counter: what its histogram shows, in numbers. */
  function writeCounters(): void {
    panels.forEach((p, k) => {
      const st = stats[k];
      if (!st) return;
      const text = t('flow.view.counter', { p50: shown(st.p50), p99: shown(st.p99), mean: shown(st.mean) });
      if (p.counter.textContent !== text) p.counter.textContent = text;
    });
  }
  /**
   * The percentiles sort up to 2 × KEEP latencies a panel (about 10 ms each on a phone): one
   * panel's turn per refresh keeps every frame's work under the 50 ms of a long task.
   */
  let statsTurn = 0;
  function refreshStats(force = false): void {
    const now = performance.now();
    if (force || lastStats === -Infinity || stats.length !== models.length) {
      lastStats = now;
      stats = models.map(statsOf);
    } else {
      if (now - lastStats < STATS_MS / models.length) return;
      lastStats = now;
      const k = statsTurn++ % models.length;
      stats[k] = statsOf(models[k]);
    }
    const top = Math.max(...stats.map((s) => s.p99).filter(Number.isFinite), 0);
    if (top * 1.3 > histMax) histMax = Math.ceil(top * 1.3);
    writeCounters();
  }

  function draw(): void {
    refreshStats();
    // A still frame (paused, stepped) shows every request in its place, not frozen mid-flight.
    const flight = playing ? (FLIGHT_MS / 1000) * Number(speedSel.value) : 0;
    panels.forEach((p, k) => {
      const m = models[k];
      if (!m) return;
      const ctx = p.canvas.getContext('2d');
      if (!ctx) return;
      const dpr = window.devicePixelRatio || 1;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawPanel(ctx, m, { width: p.canvas.clientWidth, height: p.canvas.clientHeight, t: time, flight, speeds: Array.from({ length: settings.servers }, (_, i) => settings.speeds[i % settings.speeds.length]), slow: stretch, highlight: highlight[k], histMax, p50: stats[k].p50, p99: stats[k].p99, labels: canvasLabels, format: (v) => nf.format(v) }, palette);
    });
  }

  function resize(): void {
    const dpr = window.devicePixelRatio || 1;
    for (const p of panels) {
      const w = Math.max(1, p.canvas.clientWidth);
      const h = stageHeight(settings.servers, compact);
      p.stage.style.height = `${h}px`;
      p.canvas.style.height = `${h}px`;
      p.canvas.width = Math.round(w * dpr);
      p.canvas.height = Math.round(h * dpr);
    }
  }

  // ------------------------------------------------------------------ step mode
  const describe = (k: number, d: Decision) => describeDecision(settings.policies[k], d, t, (v) => nf.format(v));

  function doStep(): void {
    const next = models[0]?.nextArrival();
    if (next === null || next === undefined) {
      waitingStep = true;
      topUp();
      return;
    }
    time = next;
    for (const m of models) m.advance(time);
    highlight = models.map((m) => m.last);
    const request = t('flow.view.request', { id: (highlight[0]?.id ?? 0) + 1, t: nf.format(time) });
    const texts = highlight.map((d, k) => (d ? describe(k, d) : ''));
    // Seen once, under each panel; heard once, from the visually hidden live region.
    panels.forEach((p, k) => (p.decision.textContent = texts[k]));
    live.textContent = [request, ...texts].join(' ');
    topUp();
    refreshStats(true);
    draw();
  }

  function summary(): string {
    refreshStats(true);
    const parts = [playing ? t('flow.view.playing', { speed: nf.format(Number(speedSel.value)) }) : t('flow.view.paused', { t: nf.format(time), requests: models[0]?.arrived ?? 0 })];
    models.forEach((m, k) => {
      parts.push(t('flow.view.stats', { policy: settings.policies[k], done: m.latencies.length, p50: shown(stats[k].p50), p99: shown(stats[k].p99) }));
    });
    return parts.join(' ');
  }

  // ------------------------------------------------------------------ controls
  function markValid(name: Field): void {
    const c = controls.get(name)!;
    c.removeAttribute('aria-invalid');
    c.removeAttribute('aria-describedby');
    errors.get(name)!.hidden = true;
  }

  /** A refused setting's message: the cells' own words for the field's spec, or the check's. */
  const errorText = (e: SettingError) => ('check' in e ? fill(strings[`cell.check.${e.check.code}`], e.check.vars) : paramErrorText(specs[e.field], e.failure, strings, locale));

  /**
   * Marks every refused field with its message, says it once more to screen readers (the alert,
   * visually hidden, naming each field), and stops: nothing plays until the settings are fixed.
   */
  function refuse(list: readonly SettingError[]): void {
    refused = true;
    root.dataset.refused = 'true';
    wantPlay = false;
    sync();
    for (const e of list) {
      const c = controls.get(e.field)!;
      const err = errors.get(e.field)!;
      err.textContent = errorText(e);
      err.hidden = false;
      c.setAttribute('aria-invalid', 'true');
      c.setAttribute('aria-describedby', err.id);
    }
    alert.textContent = [t('flow.view.refused'), ...list.map((e) => fill(strings['cell.error.param'], { param: labels[e.field], message: errorText(e) }))].join(' ');
    if (settingsBox) settingsBox.open = true;
  }

  function apply(): void {
    const text: Partial<Record<Field, string>> = {};
    for (const name of FIELDS) text[name] = controls.get(name)!.value;
    const r = readSettings(text, settings);
    for (const name of FIELDS) markValid(name);
    if (!r.ok) {
      refuse(r.errors);
      return;
    }
    writeUrl(r.settings);
    restart(r.settings);
  }

  const writeUrl = (s: ViewSettings) => history.replaceState(history.state, '', `${location.pathname}${settingsQuery(location.search, id, s, base)}${location.hash}`);
  /** A scene from the prose (FlowScene.astro): its settings over the view's own, played, and said once. */
  function showScene({ text, name }: SceneDetail): void {
    const r = readSettings({ ...formatSettings(base), ...text }, base);
    if (!r.ok) return refuse(r.errors);
    writeUrl(r.settings);
    restart(r.settings);
    root.scrollIntoView({ block: 'nearest', behavior: reduced.matches ? 'auto' : 'smooth' });
    // As Play: the reader asked for motion, and the view is being brought on screen.
    wantPlay = visible = true;
    sync();
    live.textContent = t('flow.view.scene', { scene: name });
  }
  root.addEventListener(SCENE_EVENT, (e) => showScene((e as CustomEvent<SceneDetail>).detail));

  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  play.addEventListener('click', () => {
    if (refused) {
      // Play names what stops it: the first refused field gets the focus.
      if (settingsBox) settingsBox.open = true;
      root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    wantPlay = !playing;
    // Pressing Play on a view that cannot be seen is not possible; if the tab is hidden it waits.
    visible = visible || wantPlay;
    sync();
    live.textContent = summary();
  });
  step.addEventListener('click', () => {
    if (refused) return;
    wantPlay = false;
    sync();
    doStep();
  });
  speedSel.addEventListener('change', () => (lastNow = performance.now()));

  new IntersectionObserver(
    (entries) => {
      for (const e of entries) visible = e.isIntersecting;
      sync();
    },
    { threshold: 0.2 },
  ).observe(root);
  document.addEventListener('visibilitychange', sync);
  reduced.addEventListener('change', () => {
    if (reduced.matches) {
      wantPlay = false;
      sync();
    }
  });
  new ResizeObserver(() => {
    resize();
    draw();
  }).observe(panels[0].canvas);
  const recolour = () => {
    palette = readPalette();
    draw();
  };
  new MutationObserver(recolour).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', recolour);

  root.dataset.playing = 'false';
  play.textContent = t('flow.view.play');
  play.setAttribute('aria-pressed', 'false');
  // A link's values are read as typed ones: a refused one keeps its text in its field, with its
  // message, and nothing plays (the panels wait on the view's own settings, unstarted).
  const fromLink = readSettings(linked, base);
  if (fromLink.ok) {
    restart(fromLink.settings);
    if (reduced.matches) doStep();
  } else {
    const text = formatSettings(base);
    for (const name of FIELDS) controls.get(name)!.value = linked[name] ?? text[name];
    resize();
    refuse(fromLink.errors);
  }
}
