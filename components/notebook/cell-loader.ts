import { cellsNamed } from './cell-url.ts';
import { lazyIsland } from './lazy-island.ts';
import { sharedStrings } from './shared-strings.ts';

/**
 * The only cell code every page with cells loads: it waits until a cell is near the viewport
 * (or a reader acts on it, or the URL names it) and only then imports the island, Plot and the
 * worker runtime.
 */
const island = lazyIsland((cell) => Promise.all([import('./cell-island.ts'), sharedStrings()]).then(([m, shared]) => m.attach(cell, shared)));
const hydrate = island.hydrate;

const named = cellsNamed(new URLSearchParams(location.search));
for (const cell of document.querySelectorAll<HTMLElement>('lb-cell')) {
  if (named.has(cell.dataset.cell ?? '')) hydrate(cell);
  island.watch(cell);
  // A press on Run or Share before the island is in: keep the page, and do it once it is.
  cell.querySelector('form')?.addEventListener('submit', (ev) => {
    if (cell.dataset.ready) return;
    ev.preventDefault();
    cell.dataset.pending = 'run';
    hydrate(cell);
  });
  cell.querySelector('[data-action="share"]')?.addEventListener('click', () => {
    if (cell.dataset.ready) return;
    cell.dataset.pending = 'share';
    hydrate(cell);
  });
}

/**
 * A link to a cell (`#cell-<id>`, as Copy link makes) lands on it: the cell is scrolled to and
 * focused (it has tabindex="-1"), and hydrated at once; once its code is in and the cells above
 * it have settled, it is scrolled to again if it still has the focus.
 */
function land(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const cell = id ? document.getElementById(id) : null;
  if (cell?.localName !== 'lb-cell') return;
  hydrate(cell);
  cell.scrollIntoView({ block: 'start', behavior: 'instant' });
  cell.focus({ preventScroll: true });
  // Content above may still change height (fonts, figures, other cells): until the reader moves
  // the page, follow the cell for the first couple of seconds after load.
  let moved = false;
  for (const type of ['wheel', 'touchmove', 'keydown', 'mousedown']) addEventListener(type, () => (moved = true), { once: true, passive: true });
  const again = () => {
    if (!moved && document.activeElement === cell) cell.scrollIntoView({ block: 'start', behavior: 'instant' });
  };
  addEventListener('load', () => {
    for (const ms of [50, 400, 1200, 2500]) setTimeout(again, ms);
  }, { once: true });
}
land();
