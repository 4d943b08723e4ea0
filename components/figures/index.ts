import { loadHistogram } from './load-histogram.ts';
import type { FigureModule } from './types.ts';

/** Figure id -> figure module. An experiment's cell names its figure by id. */
export const figures: Record<string, FigureModule<never>> = {
  'load-histogram': loadHistogram,
};
