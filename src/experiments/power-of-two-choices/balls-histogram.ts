import { maxloadExperiment } from './balls-maxload.ts';
import { ballDraws } from './balls-throw.ts';

/**
 * Figure 3: how many bins hold 0, 1, 2, ... balls at n = 10^6, d = 1 against d = 2. The same run
 * as `balls.maxload` (whose data already is these histograms), at the figure's n.
 */
export const ballsHistogram = maxloadExperiment('balls.histogram', 1_000_000, {
  summary: 'how many bins hold 0, 1, 2, ... balls, d = 1 against d = 2 (Figure 3)',
  cost: {
    work: (p) => ballDraws(p.n, p.choices, p.generator),
    knob: 'n',
    // balls.histogram: its check ran at 1.76-1.78 of the other experiments' median ratio (near the
    // test's factor of two) with 3.63e-9; recalibrated (5.21, 6.11, 6.50e-9), the median of three.
    secondsPerUnit: 6.11e-9,
    probes: { calibrate: { n: '5000000', choices: '1,2' }, check: { n: '3000000', choices: '2', generator: 'fast' } },
    slow: { n: '10000000' },
  },
  say: {
    // The caption's tails: of the one d compared, or of the smallest and the largest.
    tails(p) {
      const ds = [...p.choices].sort((a, b) => a - b);
      const lo = ds[0];
      const hi = ds[ds.length - 1];
      const vars = { d1: { count: lo }, a: { result: `max.d${lo}` }, d2: { count: hi }, b: { result: `max.d${hi}` } };
      return { case: ds.length === 1 ? 'one' : 'range', vars };
    },
  },
});
