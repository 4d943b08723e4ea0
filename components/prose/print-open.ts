/**
 * Print shows what a disclosure folds on screen: every closed `details[data-print-open]` (long
 * code, the article's numbers) is opened before printing and closed again after, the ones it
 * opened only. Imported by the components that fold (a module: it runs once a page).
 */
const opened: HTMLDetailsElement[] = [];
addEventListener('beforeprint', () => {
  for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-print-open]:not([open])')) {
    d.open = true;
    opened.push(d);
  }
});
addEventListener('afterprint', () => {
  for (const d of opened.splice(0)) d.open = false;
});
