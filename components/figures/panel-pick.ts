/**
 * The lab figures' controls in the page (lab-panels.ts draws them).
 *
 * Panel groups: the stylesheet (src/styles/figures.css) shows the checked group on a phone. A redraw (a live run) draws the
 * control anew with its first group checked: the reader's choice is kept on the figure's box and
 * checked again in the new drawing. The panels' one tab stop (tips.ts onePanelStop) moves to the
 * first shown panel.
 *
 * The key as the schemes' toggle: a press ticks or clears the scheme's checkbox in the cell's form
 * (a click on it, so the form writes the field and the cell runs exactly as for a tick there), and
 * the buttons follow the field as it is typed, reset or filled from a link. A press before the
 * cell's code is in hydrates the cell (lazy-island.ts) and is kept: the button shows it at once,
 * and it ticks the checkbox once the cell is ready, as Run pressed early runs (cell-loader.ts).
 * The run's redraw gives the focus to the same scheme's button in the new figure (its
 * data-focus-key: components/notebook/redraw.ts).
 */

const shown = (el: Element): boolean => el.getClientRects().length > 0;

/** The first shown panel's chart takes the tab stop; the others are reached with the arrow keys. */
function retab(box: Element): void {
  const charts = Array.from(box.querySelectorAll('svg[data-tips]'));
  const first = charts.find(shown) ?? charts[0];
  for (const svg of charts) svg.setAttribute('tabindex', svg === first ? '0' : '-1');
}

/** Checks the kept group in the figure now in `plot` (after a redraw), and moves the tab stop. */
function restore(plot: HTMLElement): void {
  const pick = plot.dataset.pick;
  for (const box of Array.from(plot.querySelectorAll('.figure-panels'))) {
    const input = pick === undefined ? null : box.querySelector<HTMLInputElement>(`.panel-pick input[value="${pick}"]`);
    if (input) input.checked = true;
    retab(box);
  }
}

const watched = new WeakSet<HTMLElement>();

/** From the reader's first choice on, each new drawing in `plot` takes the choice and the field's schemes. */
function watch(plot: HTMLElement): void {
  if (watched.has(plot)) return;
  watched.add(plot);
  new MutationObserver(() => {
    restore(plot);
    const cell = plot.closest('[data-cell]');
    if (cell) followField(cell);
  }).observe(plot, { childList: true });
}

/** Each key button pressed as the cell's schemes field names its scheme. */
function followField(cell: Element): void {
  const field = cell.querySelector<HTMLInputElement>('input[name="schemes"]');
  if (!field) return;
  const named = new Set(field.value.split(/[\s,]+/).filter(Boolean));
  for (const b of Array.from(cell.querySelectorAll('.scheme-toggle button[data-scheme]'))) b.setAttribute('aria-pressed', String(named.has(b.getAttribute('data-scheme') ?? '')));
}

/** A press on a scheme's button in a ready cell: its checkbox is clicked, so the field, the URL and the run follow. */
function press(cell: HTMLElement, scheme: string): void {
  const box = cell.querySelector<HTMLInputElement>(`fieldset[data-set-for="schemes"] input[value="${CSS.escape(scheme)}"]`);
  box?.click();
  followField(cell);
  const plot = cell.querySelector<HTMLElement>('.figure-plot:has(.scheme-toggle)');
  if (plot) watch(plot);
}

/** The schemes pressed in a cell before its code came (two presses of one cancel out), to be pressed once it is ready. */
const early = new WeakMap<HTMLElement, Set<string>>();

/** Keeps a press made before the cell is ready, shows it on the button, and makes it when the cell gets ready. */
function keep(cell: HTMLElement, button: Element, scheme: string): void {
  let kept = early.get(cell);
  if (!kept) {
    const waiting = new Set<string>();
    kept = waiting;
    early.set(cell, waiting);
    const ready = new MutationObserver(() => {
      if (!cell.dataset.ready) return;
      ready.disconnect();
      early.delete(cell);
      // The field as the link or the build left it, then the reader's presses on it.
      followField(cell);
      for (const id of waiting) press(cell, id);
    });
    ready.observe(cell, { attributes: true, attributeFilter: ['data-ready'] });
  }
  if (!kept.delete(scheme)) kept.add(scheme);
  button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
}

export function installPanelPick(doc: Document): void {
  const root = doc.documentElement;
  if (root.hasAttribute('data-panel-pick')) return;
  root.setAttribute('data-panel-pick', '');
  doc.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('.scheme-toggle button[data-scheme]') : null;
    const cell = button?.closest<HTMLElement>('[data-cell]');
    const scheme = button?.dataset.scheme;
    if (!button || !cell || !scheme) return;
    // Before the cell's code has come its checkboxes write nothing: the press waits for it (the
    // press itself hydrates the cell: lazy-island.ts).
    if (cell.dataset.ready) press(cell, scheme);
    else keep(cell, button, scheme);
  });
  doc.addEventListener('input', (e) => {
    const field = e.target;
    if (field instanceof HTMLInputElement && field.name === 'schemes') {
      const cell = field.closest('[data-cell]');
      if (cell) followField(cell);
    }
  });
  doc.addEventListener('change', (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.closest('.panel-pick')) return;
    const plot = input.closest<HTMLElement>('.figure-plot');
    const box = input.closest('.figure-panels');
    if (box) retab(box);
    if (!plot) return;
    plot.dataset.pick = input.value;
    watch(plot);
  });
}

if (typeof document !== 'undefined') installPanelPick(document);
