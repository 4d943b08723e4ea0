import type { Output, Params } from '../../src/experiments/shared/types.ts';
import type { Strings } from '../../src/i18n/index.ts';
import { figureById } from '../figures/index.ts';
import type { CellSpec } from './cell-form.ts';
import { reproduceLine, toCsv, toJson } from './export.ts';

export interface TakeAwayHooks {
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
export function attachTakeAway(root: HTMLElement, spec: CellSpec, s: Strings, hooks: TakeAwayHooks): { refresh(): void; open(): Promise<void> } {
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

/** The Download panel: links to the CSV and JSON, and the terminal line with a button that copies it. */
function takeAwayPanel(cellId: string, spec: CellSpec, s: Strings): HTMLElement {
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
