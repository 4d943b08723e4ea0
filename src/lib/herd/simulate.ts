import type { Rng } from '../random/rng.ts';
import { samplePoisson } from '../stats/poisson.ts';
import { eventRate, fixedPointProfile, makeSystem, runEvents, type Choice, type QueueSystem } from '../supermarket/index.ts';
import { makeBoard, post, type Board } from './board.ts';
import { checkStrategy, type Strategy } from './strategy.ts';

/**
 * Mitzenmacher's periodic-update ("bulletin board") model, from "How Useful Is Old Information?"
 * (IEEE TPDS 11(1), 2000): the supermarket system of lib/supermarket, except that arrivals choose
 * by a board of queue lengths posted every `period` units of time, not by the live queues.
 *
 * The event loop is the supermarket's (runEvents) with the board as the choice's view; only the
 * postings are added. They run on real time, and the uniformised chain has no clock, so instead
 * of a clock the number of events between postings is drawn: events form a Poisson process of
 * rate n(λ + 1), so a period of length T holds Poisson(n(λ + 1)T) of them, independently of
 * everything before. That is exact, costs one draw per period rather than a log per event, and
 * keeps the mean-gap weighting of events/area valid (a gap's length is still independent of the
 * state before it).
 */
export interface HerdState {
  readonly strategy: Strategy;
  /** Time between postings, in mean service times. */
  readonly period: number;
  readonly system: QueueSystem;
  readonly board: Board;
  readonly choice: Choice;
  /** Events left before the next posting; -1 until the first period is drawn. */
  untilPost: number;
  posts: number;
}

export interface HerdOptions {
  n: number;
  lambda: number;
  strategy: Strategy;
  period: number;
  /**
   * Initial queue lengths; by default the M/M/1 profile (the d = 1 fixed point): the law random
   * assignment keeps, and a middle ground between fresh choices and the herd's long queues.
   */
  start?: Int32Array;
}

export function makeHerd({ n, lambda, strategy, period, start }: HerdOptions): HerdState {
  checkStrategy(strategy);
  if (!(period > 0) || !Number.isFinite(period)) throw new RangeError(`makeHerd: the period must be positive, got ${period}`);
  const system = makeSystem(lambda, start ?? fixedPointProfile(lambda, 1, n));
  if (system.n !== n) throw new RangeError(`makeHerd: start has ${system.n} queues, not n = ${n}`);
  const board = makeBoard(n);
  post(board, system.queues);
  const choice: Choice =
    strategy === 'least-loaded'
      ? { view: board.lengths, d: 1, pool: board.least, poolSize: board.leastCount }
      : { view: board.lengths, d: strategy, pool: null, poolSize: n };
  return { strategy, period, system, board, choice, untilPost: -1, posts: 1 };
}

/**
 * Advances by `events` events, posting the board whenever a period ends; chunking changes nothing.
 * `run` is the event loop between posts: runEvents, or the same loop elsewhere (the WebAssembly
 * kernel in src/kernels/events.ts).
 */
export function step(state: HerdState, events: number, rng: Rng, run: typeof runEvents = runEvents): void {
  const meanPerPeriod = eventRate(state.system) * state.period;
  let left = events;
  for (;;) {
    if (state.untilPost < 0) state.untilPost = samplePoisson(meanPerPeriod, rng);
    if (state.untilPost === 0) {
      post(state.board, state.system.queues);
      state.choice.poolSize = state.board.leastCount;
      state.posts++;
      state.untilPost = -1;
      continue;
    }
    if (left === 0) return;
    const count = Math.min(left, state.untilPost);
    run(state.system, state.choice, count, rng);
    left -= count;
    state.untilPost -= count;
  }
}
