import { lazyIsland } from '../notebook/lazy-island.ts';
import { sharedStrings } from '../notebook/shared-strings.ts';
import { SCENE_EVENT, type SceneDetail } from './scene.ts';

/**
 * The only view code a page loads up front: it imports the view (and its worker) when the view
 * comes near the viewport, or when a reader focuses it, or presses one of its scenes' buttons
 * (FlowScene.astro): then the view is brought in first and given the scene.
 */
const attached = new Map<HTMLElement, Promise<void>>();
const load = (root: HTMLElement): Promise<void> => {
  let p = attached.get(root);
  if (!p) {
    p = Promise.all([import('./flow-view.ts'), sharedStrings()]).then(([m, shared]) => m.attach(root, shared));
    attached.set(root, p);
  }
  return p;
};
const island = lazyIsland(load);
for (const root of document.querySelectorAll<HTMLElement>('lb-flow')) island.watch(root);

for (const box of document.querySelectorAll<HTMLElement>('.flow-scene')) {
  const button = box.querySelector<HTMLButtonElement>('button.flow-scene-button');
  if (!button || box.dataset.wired) continue;
  box.dataset.wired = 'true';
  const root = document.querySelector<HTMLElement>(`lb-flow[data-flow="${CSS.escape(box.dataset.flowScene ?? '')}"]`);
  // A scene whose view is not on the page keeps its link only.
  if (!root) {
    button.hidden = true;
    continue;
  }
  button.addEventListener('click', () => {
    const detail: SceneDetail = { text: JSON.parse(box.dataset.scene ?? '{}') as SceneDetail['text'], name: box.dataset.name ?? '' };
    island.hydrate(root);
    void load(root).then(() => root.dispatchEvent(new CustomEvent<SceneDetail>(SCENE_EVENT, { detail })));
  });
}
