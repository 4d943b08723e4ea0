import { experiments, type ExperimentId } from '../../src/experiments/registry.ts';
import { figures, type FigureId } from './index.ts';
import type { FigureModule } from './types.ts';

/**
 * Experiment and figure, at build time and in tests: each experiment names the figures that may
 * draw it (its definition's `figures`, checked against its data type by the compiler in index.ts);
 * a cell that pairs anything else fails the build. The page's own script looks figures up by id
 * (figureById), so it never loads the experiments.
 */

/** The figures an experiment may be drawn with ([] for one without a figure or an unknown id). */
export function figuresOf(experiment: string): readonly FigureId[] {
  return Object.hasOwn(experiments, experiment) ? experiments[experiment as ExperimentId].figures : [];
}

/** The figure for a cell whose ids come from a page: it must be one its experiment declares. */
export function figureFor(experiment: string, figure: string): FigureModule<unknown> {
  const allowed = figuresOf(experiment);
  const found = allowed.find((f) => f === figure);
  if (!found) throw new Error(`figure "${figure}" cannot draw experiment "${experiment}" (it can be drawn with: ${allowed.join(', ') || 'none'})`);
  return figures[found];
}
