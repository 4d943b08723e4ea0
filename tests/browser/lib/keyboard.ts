/**
 * The keyboard, cell by cell: the page visits (lib/visits.ts) run every cell from the keyboard, so
 * every cell on every page of CELL_LOCALE is walked with Tab and run with Enter, in the same
 * load that checks the rest of the page (no page of its own, no run of its own).
 */
import type { Page } from 'playwright-core';
import { waitForRunEnd, watchStates } from './helpers.ts';

/** What Tab and Enter did in one cell. */
export interface KeyboardRun {
  /** Controls of the cell that Tab never reached (by name, or the Run button). */
  missing: string[];
  /** What Tab reached inside the cell, in order. */
  order: string[];
  /** How the run was started: Enter in a one-line field, or Enter on Run (no such field). */
  by: string;
  /** The cell's final state after Enter (or why there was none). */
  state: string;
  /** From Enter to the final state. */
  ms: number;
}

interface ParamLine {
  name: string;
  /** A one-line text field, where Enter submits (a text area takes Enter as a new line). */
  line: boolean;
}

/** Parameter kinds a cell shows as a text field (the others are choices). */
export const TEXT_KINDS = new Set(['int', 'number', 'int-list', 'text']);

/**
 * Walks the cell with Tab from just before it until focus leaves it, then runs it with Enter:
 * in its first one-line text field, or on its Run button when it has none. Waits for the run to
 * end (`timeout`). The focus path is recorded in the page (focusin), not read back after every
 * press.
 */
export async function tabAndRun(page: Page, cellId: string, timeout: number): Promise<KeyboardRun> {
  const sel = `[data-cell="${cellId}"]`;
  // The primary controls first, as the cell shows them (the rest are under "More settings").
  const params: ParamLine[] = await page.$eval(sel, (el, kinds) => {
    const spec = JSON.parse(el.querySelector('script[type="application/json"][data-spec]')?.textContent ?? '{}') as { params?: Record<string, { kind: string; maxLines?: number }>; primary?: string[] };
    const primary = spec.primary ?? [];
    const rank = (name: string) => (primary.includes(name) ? primary.indexOf(name) : primary.length);
    return Object.entries(spec.params ?? {})
      .map(([name, p]) => ({ name, line: kinds.includes(p.kind) && (p.maxLines ?? 1) <= 1 }))
      .sort((a, b) => rank(a.name) - rank(b.name));
  }, [...TEXT_KINDS]);
  const wanted = [...params.map((p) => `[name=${p.name}]`), '[data-action=run]'];
  await page.locator(sel).scrollIntoViewIfNeeded();
  // Start just before the cell: focus its first control, then step back out of it.
  const first = params.length ? `${sel} [name="${params[0].name}"]` : `${sel} button[data-action="run"]`;
  await page.locator(first).focus();
  await page.keyboard.press('Shift+Tab');
  await page.evaluate((cell) => {
    const w = window as unknown as { __lbFocus?: { inside: boolean; what: string }[]; __lbFocusOff?: () => void };
    w.__lbFocusOff?.();
    const log: { inside: boolean; what: string }[] = [];
    const on = (e: FocusEvent) => {
      const a = e.target as HTMLElement;
      const inside = a.closest?.('[data-cell]')?.getAttribute('data-cell') === cell;
      log.push({ inside, what: a.getAttribute('name') ? `[name=${a.getAttribute('name')}]` : a.dataset?.action ? `[data-action=${a.dataset.action}]` : a.tagName.toLowerCase() });
    };
    document.addEventListener('focusin', on);
    w.__lbFocus = log;
    w.__lbFocusOff = () => document.removeEventListener('focusin', on);
  }, cellId);
  // Press as many times as the cell has focusable things (and one to leave), then check; more
  // only if focus is still inside. At most 80 presses, as a reader would give up long before.
  // Where the first closed summary ("More settings", and any other disclosure) stands among them:
  // focus is read back from that press on (one press early, in case) until every closed one is
  // found and opened, and not before or after.
  // The walk starts at the first control (what comes before it in the cell, the figure's stop, is
  // not walked), so the place is counted from there.
  const { focusable, summaryAt, closedCount } = await page.$eval(
    sel,
    (el, start) => {
      const all = [...el.querySelectorAll('input, select, textarea, button, a[href], summary, [tabindex]')].filter((e) => !(e as HTMLButtonElement).disabled && (e as HTMLElement).tabIndex >= 0);
      const from = document.querySelector(start);
      const shown = all.filter((e) => e.checkVisibility() && (!from || e === from || !!(from.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)));
      const isClosed = (e: Element) => e.tagName === 'SUMMARY' && !(e.closest('details') as HTMLDetailsElement).open;
      return { focusable: all.length, summaryAt: shown.findIndex(isClosed), closedCount: all.filter(isClosed).length };
    },
    first,
  );
  let presses = 0;
  let openedCount = 0;
  let opened = summaryAt < 0;
  let log: { inside: boolean; what: string }[] = [];
  for (let batch = focusable + 1; presses < 80; batch = 1) {
    for (let i = 0; i < batch && presses < 80; i++, presses++) {
      await page.keyboard.press('Tab');
      if (opened || presses + 1 < summaryAt) continue;
      // "More settings", closed: a keyboard reader opens it with Enter to reach what is under it.
      const closed = await page.evaluate((cs) => {
        const a = document.activeElement;
        const more = a?.tagName === 'SUMMARY' ? a.closest('details') : null;
        return !!more && !more.open && !!a?.closest(cs);
      }, sel);
      if (closed) {
        await page.keyboard.press('Enter');
        opened = ++openedCount >= closedCount;
      }
    }
    log = await page.evaluate(() => (window as unknown as { __lbFocus: { inside: boolean; what: string }[] }).__lbFocus);
    const enteredThenLeft = log.some((f) => f.inside) && !log[log.length - 1].inside;
    if (enteredThenLeft || (!log.some((f) => f.inside) && presses > focusable + 4)) break;
  }
  await page.evaluate(() => (window as unknown as { __lbFocusOff?: () => void }).__lbFocusOff?.());
  const order: string[] = [];
  for (const f of log) {
    if (f.inside) order.push(f.what);
    else if (order.length) break;
  }
  const missing = wanted.filter((w) => !order.includes(w));
  const line = params.find((p) => p.line);
  const target = line ? `${sel} [name="${line.name}"]` : `${sel} button[data-action="run"]`;
  const by = line ? `Enter in [name=${line.name}]` : 'Enter on Run';
  await page.locator(target).focus();
  await watchStates(page, cellId);
  const started = Date.now();
  await page.keyboard.press('Enter');
  const state = await waitForRunEnd(page, cellId, timeout).catch(() => `no final state within ${timeout / 1000} s`);
  return { missing, order, by, state, ms: Date.now() - started };
}
