/**
 * Chapter 5's bench section: SWRR picks per second against the npm package weighted-round-robin.
 */
import { pick, swrr as makeSwrr } from '../../src/lib/swrr/index.ts';
import { interleaved, median, printTable, requireCjs, target } from './timing.ts';

const SWRR = { sizes: [10, 100, 1000], picks: 2_000_000, reps: 5 };
const SWRR_SPEEDUP_TARGET = 2;

interface WrrPeers {
  add(peer: { id: string; weight: number }): string;
  get(): { id: string };
}

/**
 * Picks per second of our SWRR (typed arrays, src/lib/swrr) and of weighted-round-robin 2.0.2
 * (nginx's algorithm over an object of peers), on the same weights (1 + i mod 10) for 10, 100 and
 * 1000 backends; picks per batch scale down with the backends so each batch does the same work.
 * Both give each backend exactly its weight per cycle, which is checked first.
 */
export function benchSwrr(): void {
  const Peers = requireCjs('weighted-round-robin') as new () => WrrPeers;
  console.log(`
smooth weighted round robin: picks per second, weights 1 + i mod 10; median of ${SWRR.reps} after a warm-up, interleaved`);
  const table = [['backends', 'ours M picks/s', 'weighted-round-robin M picks/s', 'ours is']];
  const speedups: number[] = [];
  for (const size of SWRR.sizes) {
    const weights = Array.from({ length: size }, (_, i) => 1 + (i % 10));
    const total = weights.reduce((a, b) => a + b, 0);
    const ours = makeSwrr(weights);
    const theirs = new Peers();
    weights.forEach((weight, i) => theirs.add({ id: `b${i}`, weight }));
    const index = new Map(weights.map((_, i) => [`b${i}`, i]));
    const countsOurs = new Array<number>(size).fill(0);
    const countsTheirs = new Array<number>(size).fill(0);
    for (let k = 0; k < total; k++) {
      countsOurs[pick(ours)]++;
      countsTheirs[index.get(theirs.get().id)!]++;
    }
    if (countsOurs.join() !== weights.join() || countsTheirs.join() !== weights.join()) throw new Error(`swrr bench: a cycle of ${size} backends did not give each its weight`);
    const batch = Math.max(10_000, Math.round((SWRR.picks * 10) / size));
    let sink = 0;
    const times = interleaved(
      {
        ours: () => () => {
          for (let k = 0; k < batch; k++) sink += pick(ours);
        },
        theirs: () => () => {
          for (let k = 0; k < batch; k++) sink += theirs.get().id.length;
        },
      },
      SWRR.reps,
    );
    const perSec = [times.ours, times.theirs].map((t) => (batch / median(t)) * 1000);
    speedups.push(perSec[0] / perSec[1]);
    table.push([String(size), (perSec[0] / 1e6).toFixed(2), (perSec[1] / 1e6).toFixed(2), `${(perSec[0] / perSec[1]).toFixed(1)}x`]);
    if (sink < 0) console.log('unreachable');
  }
  printTable(table, () => true);
  const worst = Math.min(...speedups);
  target(`at least ${SWRR_SPEEDUP_TARGET}x weighted-round-robin's picks per second at every size`, worst >= SWRR_SPEEDUP_TARGET, `lowest ${worst.toFixed(1)}x`);
}
