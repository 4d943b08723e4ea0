import type { Clock } from './clock.ts';

/**
 * Timing that fits the clock. A loop timed against a 1 ms clock (Firefox's, WebKit's) reads 0 or
 * 1 ms when it runs for less than that, whatever it did. So each measured run, a slice, is made
 * long enough to span at least `minTicks` of the clock's steps (and `minMs`, for a fine clock
 * whose step is only the cost of a reading): a reading is then off by at most 1/minTicks. A
 * sample is whole slices, at least `minOps` operations; `samples` samples per subject, the
 * subjects interleaved so that a slow moment of the machine hits them all; the result is each
 * subject's median and the samples' spread.
 */
export interface TimingOptions {
  now: Clock;
  /** The clock's step in ms (clockStep). */
  step: number;
  /** Ticks a slice spans at least; 20 keeps a reading within 5% of the time it reads. */
  minTicks?: number;
  /** Milliseconds a slice runs at least, whatever the step. */
  minMs?: number;
  /** Samples per subject; the spread needs two or more. */
  samples?: number;
  /** Operations a sample runs at least (the reader's count, when there is one). */
  minOps?: number;
  /** Operations a slice may grow to. */
  maxOps?: number;
  /** Awaited between slices (a yield, progress, a cancel check); `done` is the share of the timing done, 0..1. */
  between?: (done: number) => Promise<void>;
  /** Called before each slice, outside its reading, with the slice's operations (fresh state for a stateful subject). */
  prepare?: (ops: number, subject: number) => void;
}

export interface Timing {
  /** Milliseconds per operation: the median sample. */
  perOp: number;
  /** Milliseconds per operation, each sample. */
  samples: number[];
  /** Operations per sample, and per slice. */
  ops: number;
  sliceOps: number;
  /** The clock's step, and the fewest steps a slice spanned. */
  step: number;
  ticks: number;
  /** (slowest − fastest) / median of the samples. */
  spread: number;
  /** The samples disagree by more than NOISE_SPREAD, or a slice spanned fewer than minTicks steps. */
  noise: boolean;
}

/** Samples further apart than this (as a share of their median) make a timing noise. */
export const NOISE_SPREAD = 0.25;
export const MIN_TICKS = 20;
export const MIN_MS = 1;
export const SAMPLES = 5;
/** Runs of a sized slice at most, to see that it stopped getting faster (code compiled hot). */
export const STABLE_TRIES = 6;

const medianOf = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Times one subject: `run(ops)` performs `ops` operations. */
export async function timeOps(run: (ops: number) => void, o: TimingOptions): Promise<Timing> {
  return (await timeEach([run], o))[0];
}

/**
 * Times each subject (`run(ops)` performs `ops` operations). First each finds its slice: a run
 * doubled until it spans the target (these runs warm the engine up and are not counted); then
 * `samples` rounds, each subject one sample a round.
 */
export async function timeEach(runs: readonly ((ops: number) => void)[], o: TimingOptions): Promise<Timing[]> {
  const { now, step } = o;
  const minTicks = o.minTicks ?? MIN_TICKS;
  const samples = Math.max(1, o.samples ?? SAMPLES);
  const minOps = Math.max(1, Math.ceil(o.minOps ?? 1));
  const maxOps = Math.max(1, o.maxOps ?? 1e9);
  const target = Math.max(minTicks * step, o.minMs ?? MIN_MS);
  const between = o.between ?? (() => Promise.resolve());

  const slices: number[] = [];
  for (const run of runs) {
    let ops = 1;
    let lastPerOp: number;
    for (;;) {
      await between(0);
      o.prepare?.(ops, slices.length);
      const t0 = now();
      run(ops);
      const took = now() - t0;
      if (took >= target || ops >= maxOps) {
        lastPerOp = took / ops;
        // A margin, so that a slice a little faster than this one still spans the target.
        if (ops < maxOps && took < 1.25 * target) ops = Math.min(maxOps, Math.ceil((ops * 1.25 * target) / took));
        break;
      }
      // Toward the target from what this run took (doubling while it read 0), with a margin.
      const guess = took > 0 ? Math.ceil((ops * target * 1.25) / took) : ops * 2;
      ops = Math.min(maxOps, Math.max(ops * 2, Math.min(guess, ops * 64)));
    }
    // An engine that compiles a loop in tiers (JavaScriptCore above all) can run it several
    // times faster once it is hot, which is after the slice was sized: a slice sized on cold code
    // then spans a few ticks, and two runs of the cell disagree tenfold. So the slice is run again
    // until it stops getting faster (it spans at least the target, and not half again less than
    // the run before it per operation), each faster run resizing it; these runs are warm-up, not samples.
    for (let again = 0; again < STABLE_TRIES && ops < maxOps; again++) {
      await between(0);
      o.prepare?.(ops, slices.length);
      const t0 = now();
      run(ops);
      const took = now() - t0;
      const perOp = took / ops;
      if (took >= target && perOp * 1.5 >= lastPerOp) break;
      lastPerOp = perOp;
      if (took < 1.25 * target) ops = Math.min(maxOps, took > 0 ? Math.ceil((ops * 1.25 * target) / took) : ops * 2);
    }
    slices.push(ops);
  }

  const per = slices.map((s) => Math.max(1, Math.ceil(minOps / s)));
  const total = samples * per.reduce((a, b) => a + b, 0);
  const out = runs.map(() => ({ samples: [] as number[], ticks: Infinity }));
  let done = 0;
  for (let r = 0; r < samples; r++) {
    for (const [i, run] of runs.entries()) {
      let ms = 0;
      for (let k = 0; k < per[i]; k++) {
        await between(done / total);
        o.prepare?.(slices[i], i);
        const t0 = now();
        run(slices[i]);
        const took = now() - t0;
        ms += took;
        out[i].ticks = Math.min(out[i].ticks, took / step);
        done++;
      }
      out[i].samples.push(ms / (per[i] * slices[i]));
    }
  }
  await between(1);
  return out.map(({ samples: xs, ticks }, i) => {
    const perOp = medianOf(xs);
    const spread = perOp > 0 ? (Math.max(...xs) - Math.min(...xs)) / perOp : Infinity;
    return { perOp, samples: xs, ops: per[i] * slices[i], sliceOps: slices[i], step, ticks, spread, noise: spread > NOISE_SPREAD || ticks < minTicks };
  });
}
