/**
 * Hydrate-when-near, shared by the cells (cell-loader.ts) and the flow views (flow-loader.ts):
 * an island's code is imported only when its root comes within `rootMargin` of the viewport or a
 * reader focuses something inside it, and at most once per root.
 */
export interface LazyIsland {
  /** Imports and attaches the island now (once per root). */
  hydrate(root: HTMLElement): void;
  /** Hydrates the root when it comes near the viewport or gets the focus. */
  watch(root: HTMLElement): void;
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
          hydrate(e.target as HTMLElement);
        }
      }
    },
    { rootMargin },
  );
  return {
    hydrate,
    watch(root) {
      observer.observe(root);
      root.addEventListener('focusin', () => hydrate(root), { once: true });
    },
  };
}
