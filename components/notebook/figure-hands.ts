import type { Strings } from '../../src/i18n/index.ts';
import { attachAxisScrub } from './axis-scrub.ts';
import type { CellForm, CellSpec } from './cell-form.ts';
import { attachItemSteppers } from './item-steppers.ts';
import { attachRingHand } from './ring-hand.ts';

export interface FigureHandHooks {
  /** False while the cell cannot run yet (before its link's values are in). */
  ready(): boolean;
  /** A primary control moved (the form holds its value): a quick cell runs. */
  moved(): void;
  /** A primary control was let go (or stepped): the cell runs. */
  released(): void;
  /** Runs what the form holds. */
  start(): void;
}

/**
 * The figure as a control (issue 28), each gesture a parameter change, so the URL, Share and the
 * command line follow: a drag along an axis or across a grid (axis-scrub.ts), the ring's arcs and
 * points (ring-hand.ts), and the items of a list stepped where the figure shows them
 * (item-steppers.ts). Each has its keyboard way: the parameter's slider, or a control of its own.
 */
export function attachFigureHands(root: HTMLElement, spec: CellSpec, s: Strings, form: CellForm, hooks: FigureHandHooks): void {
  const { ready } = hooks;
  attachAxisScrub(root, spec.params, s, form.label, spec.locale, { ready, move: (v) => void (form.set(v), hooks.moved()), release: (v) => void (form.set(v), hooks.released()) });
  attachItemSteppers(root, spec.params, s, { ready, apply: (v) => void (form.set(v), hooks.released()) });
  // The ring: a click adds or removes a node, and runs it.
  if (spec.figure === 'chash-ring') attachRingHand(root, s, spec.locale, { ready, apply: (v) => void (form.set(v), hooks.start()) });
}
