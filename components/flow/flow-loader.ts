/**
 * The only view code a page loads up front: it imports the view (and its worker) when the view
 * comes near the viewport, or when a reader focuses it.
 */
export {};

function hydrate(root: HTMLElement): void {
  if (root.dataset.hydrating) return;
  root.dataset.hydrating = 'true';
  void import('./flow-view.ts').then((m) => m.attach(root));
}

const observer = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      if (e.isIntersecting) {
        observer.unobserve(e.target);
        hydrate(e.target as HTMLElement);
      }
    }
  },
  { rootMargin: '200px' },
);

for (const root of document.querySelectorAll<HTMLElement>('lb-flow')) {
  observer.observe(root);
  root.addEventListener('focusin', () => hydrate(root), { once: true });
}
