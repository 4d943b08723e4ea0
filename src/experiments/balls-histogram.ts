import { maxloadExperiment } from './balls-maxload.ts';

/**
 * Figure 3: how many bins hold 0, 1, 2, ... balls at n = 10^6, d = 1 against d = 2. The same run
 * as `balls.maxload` (whose data already is these histograms), at the figure's n.
 */
export const ballsHistogram = maxloadExperiment('balls.histogram', 1_000_000);
