import type { flow as en } from '../../src/i18n/en/flow.ts';
import { POLICIES } from '../../src/lib/flow/policy.ts';
import { drawPanel, type Palette } from './draw.ts';
import { percentiles, PanelModel, type Decision } from './model.ts';
import type { FromWorker, ToWorker, ViewSettings } from './protocol.ts';
import { allowedText, DEFAULTS, formatSettings, PANEL_FIELDS, readSettings, VIEW_SPEEDS, type PanelField } from './settings.ts';

/**
 * The animated view: two or three panels run their policies on the same requests. The worker simulates
 * (flow-worker.ts) and sends rows ahead of the display time; this thread only moves the time,
 * replays the rows (model.ts) and draws (draw.ts). It animates only while on screen and the tab
 * is visible; under prefers-reduced-motion nothing starts by itself. `data-playing` on the root
 * says whether it is animating.
 */
type Key = Extract<keyof typeof en, `flow.view.${string}`>;

const SETTING_FIELDS = ['servers', 'load', 'choices', 'refresh', 'speeds', 'seed'] as const;
type Field = PanelField | (typeof SETTING_FIELDS)[number];

/** Real milliseconds a request takes to fly to its queue, at any speed. */
const FLIGHT_MS = 350;
/** Recompute every panel's percentiles (a sort of its finished requests' latencies) about this often. */
const STATS_MS = 400;

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function attach(root: HTMLElement): void {
  if (root.dataset.ready) return;
  root.dataset.ready = 'true';
  const id = root.dataset.flow ?? 'flow';
  const locale = document.documentElement.lang.startsWith('ko') ? 'ko' : 'en';
  // The page's own strings, written by the build (FlowView.astro): no dictionary of either locale in the code.
  const dict = JSON.parse(root.querySelector('script[data-flow-strings]')?.textContent ?? '{}') as Partial<Record<Key, string>>;
  const t = (k: Key, vars: Record<string, string | number> = {}) => fill(dict[k] ?? k, vars);
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const base: ViewSettings = { ...DEFAULTS, ...(JSON.parse(root.dataset.config ?? '{}') as Partial<ViewSettings>) };
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  const FIELDS: readonly Field[] = [...PANEL_FIELDS.slice(0, base.policies.length), ...SETTING_FIELDS];
  /** A compact view (the home page) has the controls of the animation, not the settings form. */
  const compact = root.dataset.compact === 'true';

  // ------------------------------------------------------------------ markup
  // Props are plain DOM properties (textContent, className, value, ...).
  function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
    const e = document.createElement(tag);
    Object.assign(e, props);
    e.append(...kids);
    return e;
  }
  const ui = el('div', { className: 'flow-ui' });
  const play = el('button', { type: 'button', className: 'flow-play' });
  play.dataset.action = 'play';
  const step = el('button', { type: 'button', textContent: t('flow.view.step') });
  step.dataset.action = 'step';
  const speedSel = el('select', { id: `${id}-speed` });
  for (const v of VIEW_SPEEDS) speedSel.append(el('option', { value: String(v), textContent: `${nf.format(v)}×`, selected: v === 1 }));
  const actions = el('div', { className: 'cell-actions' }, play, step, el('label', { htmlFor: `${id}-speed`, className: 'flow-speed' }, t('flow.view.speed'), ' ', speedSel));

  const controls = new Map<Field, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<Field, HTMLElement>();
  const fields = el('div', { className: 'cell-fields' });
  const labels: Record<Field, string> = {
    a: t('flow.view.panel', { n: 1 }),
    b: t('flow.view.panel', { n: 2 }),
    c: t('flow.view.panel', { n: 3 }),
    servers: t('flow.view.servers'),
    load: t('flow.view.load'),
    choices: t('flow.view.choices'),
    refresh: t('flow.view.refresh'),
    speeds: t('flow.view.speeds'),
    seed: t('flow.view.seed'),
  };
  for (const name of FIELDS) {
    const cid = `${id}-${name}`;
    let control: HTMLInputElement | HTMLSelectElement;
    if ((PANEL_FIELDS as readonly string[]).includes(name)) {
      control = el('select', { id: cid, name });
      for (const p of POLICIES) control.append(el('option', { value: p, textContent: p }));
    } else {
      control = el('input', { id: cid, name, type: 'text', inputMode: name === 'speeds' ? 'text' : 'decimal', autocomplete: 'off' });
    }
    const err = el('p', { className: 'field-error', id: `${cid}-error`, hidden: true });
    controls.set(name, control);
    errors.set(name, err);
    fields.append(el('div', { className: 'field' }, el('label', { htmlFor: cid, textContent: labels[name] }), control, err));
  }
  const form = el('form', { className: 'flow-form', noValidate: true }, fields);
  // The settings fold away where there is no room beside them: on a phone their nine fields would
  // sit between Play and the panels it drives. Open on wide screens, and wherever a link set them.
  const settingsBox = el('details', { className: 'flow-settings' }, el('summary', { textContent: t('flow.view.settings') }), form);
  const linked = new URLSearchParams(location.search);
  settingsBox.open = matchMedia('(min-width: 48rem)').matches || FIELDS.some((name) => linked.has(`${id}.${name}`));

  const panels = base.policies.map(() => {
    const canvas = el('canvas', { className: 'flow-canvas' });
    canvas.setAttribute('role', 'img');
    const title = el('figcaption', { className: 'flow-title' });
    const decision = el('p', { className: 'flow-decision' });
    const fig = el('figure', { className: 'flow-panel' }, title, canvas, decision);
    return { fig, canvas, title, decision };
  });
  const live = el('p', { className: 'flow-live' });
  live.setAttribute('aria-live', 'polite');
  ui.append(actions, ...(compact ? [] : [settingsBox]), el('div', { className: 'flow-panels' }, ...panels.map((p) => p.fig)), live);
  root.append(ui);

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
  const noStats = () => base.policies.map(() => ({ p50: NaN, p99: NaN }));
  let stats = noStats();
  let histMax = 10;
  let highlight: (Decision | null)[] = base.policies.map(() => null);
  let waitingStep = false;
  let palette: Palette = readPalette();

  const worker = new Worker(new URL('./flow-worker.ts', import.meta.url), { type: 'module' });
  const send = (m: ToWorker) => worker.postMessage(m);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.generation !== generation) return;
    asked = false;
    if (m.type === 'error') {
      live.textContent = m.message;
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
    return Math.max(256, Math.ceil(settings.load * capacity * Number(speedSel.value) * 2));
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
    generation++;
    asked = false;
    waitingStep = false;
    time = 0;
    lastStats = -Infinity;
    stats = noStats();
    histMax = 10;
    highlight = highlight.map(() => null);
    models = settings.policies.map(() => new PanelModel(settings.servers));
    send({ type: 'reset', generation, settings });
    topUp();
    panels.forEach((p, k) => {
      p.title.textContent = settings.policies[k];
      p.canvas.setAttribute('aria-label', t('flow.view.canvas', { policy: settings.policies[k], servers: settings.servers }));
      p.decision.textContent = '';
    });
    const text = formatSettings(settings);
    for (const name of FIELDS) {
      controls.get(name)!.value = text[name];
      markValid(name);
    }
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
    setPlaying(wantPlay && visible && document.visibilityState === 'visible');
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

  const statsOf = (m: PanelModel) => {
    const [p50, p99] = percentiles(m.latencies, [0.5, 0.99]);
    return { p50, p99 };
  };
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
      drawPanel(ctx, m, { width: p.canvas.clientWidth, height: p.canvas.clientHeight, t: time, flight, speeds: Array.from({ length: settings.servers }, (_, i) => settings.speeds[i % settings.speeds.length]), highlight: highlight[k], histMax, p50: stats[k].p50, p99: stats[k].p99 }, palette);
    });
  }

  function resize(): void {
    const dpr = window.devicePixelRatio || 1;
    for (const p of panels) {
      const w = Math.max(200, p.canvas.clientWidth);
      const h = Math.max(170, Math.min(460, 100 + settings.servers * (compact ? 16 : 20)));
      p.canvas.style.height = `${h}px`;
      p.canvas.width = Math.round(w * dpr);
      p.canvas.height = Math.round(h * dpr);
    }
  }

  // ------------------------------------------------------------------ step mode
  function describe(k: number, d: Decision): string {
    const policy = settings.policies[k];
    const cand = d.candidates;
    let s: string;
    if (policy === 'random') {
      s = t('flow.view.random', { policy, server: d.server, actual: cand[0].actual });
    } else if (d.sampled) {
      const list = cand.map((c) => t('flow.view.candidate', { server: c.server, reported: c.reported, actual: c.actual })).join(', ');
      s = t('flow.view.sampled', { policy, list, server: d.server });
    } else if (policy === 'jsq') {
      s = t('flow.view.all', { policy, server: d.server, reported: cand[0].reported, actual: cand[0].actual });
    } else {
      s = t('flow.view.turn', { policy, server: d.server, actual: cand[0].actual });
    }
    if (d.age > 0 && (policy === 'p2c' || policy === 'jsq')) s += ` ${t('flow.view.age', { age: nf.format(d.age) })}`;
    return s;
  }

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
      parts.push(t('flow.view.stats', { policy: settings.policies[k], done: m.latencies.length, p50: Number.isFinite(stats[k].p50) ? nf.format(stats[k].p50) : '–', p99: Number.isFinite(stats[k].p99) ? nf.format(stats[k].p99) : '–' }));
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

  function apply(): void {
    const text: Record<string, string> = {};
    for (const name of FIELDS) text[name] = controls.get(name)!.value;
    const r = readSettings(text, settings);
    for (const name of FIELDS) markValid(name);
    if (!r.ok) {
      for (const name of r.bad as Field[]) {
        const c = controls.get(name)!;
        const err = errors.get(name)!;
        err.textContent = t('flow.view.invalid', { allowed: allowedText(name) });
        err.hidden = false;
        c.setAttribute('aria-invalid', 'true');
        c.setAttribute('aria-describedby', err.id);
      }
      return;
    }
    writeUrl(r.settings);
    restart(r.settings);
  }

  function writeUrl(s: ViewSettings): void {
    const params = new URLSearchParams(location.search);
    const now = formatSettings(s);
    const def = formatSettings(base);
    for (const name of FIELDS) {
      const key = `${id}.${name}`;
      if (now[name] === def[name]) params.delete(key);
      else params.set(key, now[name]);
    }
    const q = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${q ? `?${q}` : ''}${location.hash}`);
  }

  function readUrl(): ViewSettings {
    const params = new URLSearchParams(location.search);
    const text: Record<string, string> = {};
    for (const name of FIELDS) {
      const v = params.get(`${id}.${name}`);
      if (v !== null) text[name] = v;
    }
    const r = readSettings(text, base);
    return r.ok ? r.settings : base;
  }

  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  play.addEventListener('click', () => {
    wantPlay = !playing;
    // Pressing Play on a view that cannot be seen is not possible; if the tab is hidden it waits.
    visible = visible || wantPlay;
    sync();
    live.textContent = summary();
  });
  step.addEventListener('click', () => {
    wantPlay = false;
    sync();
    doStep();
  });
  speedSel.addEventListener('change', () => {
    lastNow = performance.now();
  });

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
  restart(readUrl());
  if (reduced.matches) doStep();
}

function readPalette(): Palette {
  const cs = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return { fg: v('--fg', '#1b1d21'), muted: v('--fg-muted', '#545a63'), border: v('--border', '#d9d5cc'), accent: v('--accent', '#8a3b00'), link: v('--link', '#0b5cad'), bg: v('--bg', '#fdfcf9') };
}
