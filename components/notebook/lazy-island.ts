/**
 * Hydrate-when-near, shared by the cells (cell-loader.ts) and the flow views (flow-loader.ts):
 * an island's code is imported only when its root comes within `rootMargin` of the viewport or a
 * reader focuses or presses something inside it, and at most once per root.
 */
export interface LazyIsland {
  /** Imports and attaches the island now (once per root). */
  hydrate(root: HTMLElement): void;
  /** Hydrates the root when it comes near the viewport, gets the focus or is pressed. */
  watch(root: HTMLElement): void;
}

/** `f` when the main thread is idle (within a second and a half at most). */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 1500 });
  else setTimeout(f, 50);
}

export function lazyIsland(load: (root: HTMLElement) => Promise<unknown>, rootMargin = '200px'): LazyIsland {
  const hydrate = (root: HTMLElement): void => {
    if (root.dataset.hydrating) return;
    root.dataset.hydrating = 'true';
    void load(root);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          observer.unobserve(e.target);
          // Come near by scrolling (or there at load): in the main thread's next idle moment, so
          // that an island's import and set-up do not hold up the page's first paints and input.
          // A reader's act (focus, a press) and a link to the island hydrate at once.
          whenIdle(() => hydrate(e.target as HTMLElement));
        }
      }
    },
    { rootMargin },
  );
  return {
    hydrate,
    watch(root) {
      observer.observe(root);
      // A press hydrates too: Safari gives a pressed button no focus.
      for (const type of ['focusin', 'pointerdown', 'click']) root.addEventListener(type, () => hydrate(root), { once: true, capture: true });
    },
  };
}
