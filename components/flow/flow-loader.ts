import { lazyIsland } from '../notebook/lazy-island.ts';

/**
 * The only view code a page loads up front: it imports the view (and its worker) when the view
 * comes near the viewport, or when a reader focuses it.
 */
const island = lazyIsland((root) => import('./flow-view.ts').then((m) => m.attach(root)));
for (const root of document.querySelectorAll<HTMLElement>('lb-flow')) island.watch(root);
