import { log } from '../../lib/fp/index.ts';
import { identity, pairHash } from '../../lib/hashing/index.ts';
import { clientName, layeredGrid, relayName, targets } from '../../lib/mols/index.ts';
import { median } from '../../lib/stats/quantile.ts';
import { abortError, pause } from '../shared/pause.ts';
import type { CheckFailure, Experiment, ResultKind } from '../shared/types.ts';
import { timedEach, timingNote } from '../shared/timing.ts';

export interface MolsSpeedParams extends Record<string, number | string | readonly number[]> {
  candidates: number;
  calls: number;
  repeats: number;
}

export type SpeedSetting = 'mols' | 'rendezvous' | 'rendezvous_text';
export const SPEED_SETTINGS: readonly SpeedSetting[] = ['mols', 'rendezvous', 'rendezvous_text'];

export interface MolsSpeedData {
  candidates: number;
  calls: number;
  /** ns per call, one entry per repeat, per setting. */
  samples: Record<SpeedSetting, number[]>;
  median: Record<SpeedSetting, number>;
}

/** Client identities cycled through, so no call sees the same client as the last. */
const POOL = 1024;
export const MAX_SPEED_CALLS = 50_000_000;

/**
 * Sorts the candidate indices `order` by `score`, highest first: insertion sort, which is what a
 * short list wants; the same routine for every setting, so the difference is in the scoring.
 */
function rankBy(score: Float64Array, order: Int32Array, k: number): void {
  for (let i = 0; i < k; i++) order[i] = i;
  for (let i = 1; i < k; i++) {
    const x = order[i];
    const s = score[x];
    let j = i - 1;
    while (j >= 0 && score[order[j]] < s) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = x;
  }
}

/** `calls` rankings a run, the clients cycling on from the last run; the sink keeps the work from being dropped. */
function ranker(setting: SpeedSetting, k: number, hashes: Uint32Array, names: string[], relayIds: Uint32Array, relayNames: string[]): (calls: number) => void {
  const score = new Float64Array(k);
  const order = new Int32Array(k);
  const g = layeredGrid(k);
  let sink = 0;
  let client = 0;
  return (calls) => {
    for (let c = 0; c < calls; c++) {
      const i = client++ & (POOL - 1);
      if (setting === 'mols') {
        // The dual-target score, inlined: two targets from the client's cell, then arithmetic per relay.
        const [t1, t2] = targets(hashes[i], g);
        for (let j = 0; j < k; j++) {
          const d1 = (j - t1 + k) % k;
          const d2 = (j - t2 + k) % k;
          score[j] = (j === t1 ? 2 * k * k : 0) + (j === t2 ? k * k : 0) + (k - d1) * k + (k - d2) + 1;
        }
      } else if (setting === 'rendezvous') {
        for (let j = 0; j < k; j++) score[j] = pairHash(hashes[i], relayIds[j]);
      } else {
        // As the Go code does it: hash the text "<client>::<relay>" for every candidate.
        for (let j = 0; j < k; j++) score[j] = identity(`${names[i]}::${relayNames[j]}`);
      }
      rankBy(score, order, k);
      sink += order[0];
    }
    if (sink < 0) throw new Error('unreachable');
  };
}

/**
 * Time to rank K candidate relays for one client, in this machine's JavaScript engine (in the
 * page: the cell's worker): MOLS dual-target arithmetic, rendezvous on pre-hashed identities, and
 * rendezvous hashing the "client::relay" text each time as the article's Go code does. Each
 * setting runs `calls` rankings per repeat, the settings interleaved; the result is the median of
 * the repeats. Every result is a measured time and varies from run to run and machine to machine.
 */
export const molsSpeed: Experiment<MolsSpeedParams, MolsSpeedData, 'mols-speed'> = {
  id: 'mols.speed',
  summary: 'ranking speed: MOLS against rendezvous, calls per second (a timing experiment)',
  figures: ['mols-speed'],
  cost: {
    // Rankings of k candidates, three kinds, each repeat.
    work: (p) => p.candidates * (log(p.candidates + 1) / Math.LN2) * p.calls * p.repeats,
    knob: 'calls',
    secondsPerUnit: 7.72e-8,
    probes: { calibrate: { calls: '100000', repeats: '3' }, check: { candidates: '40', calls: '10000', repeats: '3' } },
    // 5 million calls x 3 settings x 9 repeats: well over ten seconds.
    slow: { calls: '2000000', repeats: '5' },
  },
  primary: ['candidates', 'calls'],
  params: {
    candidates: { kind: 'int', default: 10, min: 2, max: 256 },
    calls: { kind: 'int', default: 10_000, min: 1_000, max: 5_000_000 },
    repeats: { kind: 'int', default: 5, min: 1, max: 51 },
  },
  check(p): CheckFailure | null {
    const work = p.calls * p.repeats;
    if (work > MAX_SPEED_CALLS) {
      return { param: 'repeats', code: 'too-many-calls', vars: { millions: Math.ceil(work / 1e6), limit: MAX_SPEED_CALLS / 1e6 }, message: `calls × repeats is ${work}; at most ${MAX_SPEED_CALLS} are allowed. Lower calls or repeats.` };
    }
    return null;
  },
  timed: () => true,
  resultKind(): ResultKind {
    return 'decimal';
  },
  async run(p, { progress, signal }) {
    const k = p.candidates;
    const names = Array.from({ length: POOL }, (_, i) => clientName(0, i));
    const hashes = Uint32Array.from(names, identity);
    const relayNames = Array.from({ length: k }, (_, j) => relayName(j));
    const relayIds = Uint32Array.from(relayNames, identity).sort();
    // The settings interleaved, `repeats` samples of at least `calls` rankings each, timed in
    // slices long enough for the clock (src/lib/timing); cancel is read between slices. Finding
    // each slice's length warms the engine up, and is not counted.
    const timings = await timedEach(
      SPEED_SETTINGS.map((s) => ranker(s, k, hashes, names, relayIds, relayNames)),
      {
        samples: p.repeats,
        minOps: p.calls,
        between: async (done) => {
          await pause();
          if (signal.aborted) throw abortError();
          progress(done);
        },
      },
    );
    const ns = (i: number) => timings[i].samples.map((ms) => ms * 1e6);
    const samples: Record<SpeedSetting, number[]> = { mols: ns(0), rendezvous: ns(1), rendezvous_text: ns(2) };
    const med = { mols: median(samples.mols), rendezvous: median(samples.rendezvous), rendezvous_text: median(samples.rendezvous_text) };
    const results = { 'ns.mols': med.mols, 'ns.rendezvous': med.rendezvous, 'ns.rendezvous_text': med.rendezvous_text, ratio: med.rendezvous_text / med.mols };
    const data: MolsSpeedData = { candidates: k, calls: p.calls, samples, median: med };
    const [mols, rendezvous, text] = timings.map(timingNote);
    // The ratio is as noisy as the noisier of its two times.
    const ratio = { ...(mols.spread > text.spread ? mols : text), noise: mols.noise || text.noise };
    return { results, data, timing: { 'ns.mols': mols, 'ns.rendezvous': rendezvous, 'ns.rendezvous_text': text, ratio } };
  },
};
