/**
 * A figure drawn anew keeps the reader's place: when the focus is inside the old drawing, on an
 * element that names itself with `data-focus-key` (a stepper's part, a key's scheme button), the
 * element of the new drawing with the same key takes it, the shown one where the build drew two
 * widths. The figure's own controls are added to a new drawing by mutation observers
 * (item-steppers.ts), whose callbacks run before the microtask queued here.
 */
export function replaceDrawing(plot: HTMLElement, nodes: Node[]): void {
  const active = plot.ownerDocument.activeElement;
  const key = active && plot.contains(active) ? active.closest('[data-focus-key]')?.getAttribute('data-focus-key') : null;
  plot.replaceChildren(...nodes);
  if (key == null) return;
  queueMicrotask(() => {
    const doc = plot.ownerDocument;
    // The reader moved on meanwhile: leave the focus where it is.
    if (doc.activeElement !== null && doc.activeElement !== doc.body) return;
    const again = Array.from(plot.querySelectorAll<HTMLElement>('[data-focus-key]')).find((el) => el.getAttribute('data-focus-key') === key && el.getClientRects().length > 0);
    again?.focus();
  });
}
