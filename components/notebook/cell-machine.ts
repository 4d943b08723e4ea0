import type { Params } from '../../src/experiments/shared/types.ts';

/**
 * A cell's life as a pure state machine: (state, event) -> (state, effects). The island
 * (cell-island.ts) turns DOM events and worker replies into events and carries the effects out;
 * nothing here touches the page, so every sequence is unit tested without a browser
 * (tests/unit/notebook/cell-machine.test.ts).
 *
 * Phases are the contract's data-state values. Every run gets a number; a reply that names
 * another run than the one in flight (a cancelled or superseded run answering late) changes
 * nothing. A live run (a primary control moved while it is dragged) does not cancel a live run in
 * flight: the newest parameters wait and start when it lands, so the figure keeps answering the
 * hand instead of every run being cancelled by the next.
 */

export type Phase = 'idle' | 'waiting' | 'running' | 'done' | 'error' | 'cancelled';

export interface CellState {
  phase: Phase;
  /** The number of the newest run started (0: none yet). */
  run: number;
  /** The parameters of the run in flight, and whether it is a live one. */
  running: { params: Params; live: boolean } | null;
  /** Live parameters waiting for the live run in flight to land. */
  queued: Params | null;
  /** The last finished run's parameters (the URL's); null: the build's. */
  finished: Params | null;
  /** Whose numbers the cell shows. */
  source: 'build' | 'live';
}

export type Reply = 'result' | 'invalid' | 'cancelled' | 'error';

export type CellEvent =
  /** Run these (valid) parameters; `live`: a primary control moved while dragged. */
  | { type: 'start'; params: Params; live?: boolean }
  /** Run was asked for but a control holds a value that cannot be read. */
  | { type: 'bad-input' }
  /** A link's run would take long: it waits for the reader's Run. */
  | { type: 'wait' }
  | { type: 'cancel' }
  | { type: 'reset' }
  | { type: 'reply'; run: number; reply: Reply };

export type Effect =
  /** Stop the run in flight (its reply will not land). */
  | { type: 'cancel-run' }
  | { type: 'begin-run'; run: number; params: Params; live: boolean }
  /** Draw the reply's output, follow it in the prose, say it is done. */
  | { type: 'show-result'; params: Params }
  /** Mark the fields the worker refused. */
  | { type: 'show-refused' }
  /** Mark the fields that cannot be read. */
  | { type: 'show-bad-input' }
  | { type: 'show-error' }
  | { type: 'say-cancelled' }
  | { type: 'say-waiting' }
  /** Put the build's output (and the prose's numbers) back. */
  | { type: 'restore-build' }
  /** The address bar names these parameters (null: the build's). */
  | { type: 'url'; params: Params | null };

export const initial: CellState = { phase: 'idle', run: 0, running: null, queued: null, finished: null, source: 'build' };

export function step(state: CellState, event: CellEvent): { state: CellState; effects: Effect[] } {
  switch (event.type) {
    case 'start': {
      const live = event.live ?? false;
      // A live run waits for a live run in flight instead of cancelling it.
      if (live && state.running?.live) return { state: { ...state, queued: event.params }, effects: [] };
      const run = state.run + 1;
      return {
        state: { ...state, phase: 'running', run, running: { params: event.params, live }, queued: null },
        effects: [...(state.running ? [{ type: 'cancel-run' } as const] : []), { type: 'begin-run', run, params: event.params, live }],
      };
    }
    case 'bad-input':
      return { state, effects: [{ type: 'show-bad-input' }, { type: 'url', params: state.finished }] };
    case 'wait':
      // A link's run waits only when nothing runs (a link is read once, before any run).
      return state.running ? { state, effects: [] } : { state: { ...state, phase: 'waiting' }, effects: [{ type: 'say-waiting' }] };
    case 'cancel':
      return state.running ? { state: { ...state, queued: null }, effects: [{ type: 'cancel-run' }] } : { state, effects: [] };
    case 'reset':
      return {
        // The run number moves on, so a reply from a run before the reset never lands.
        state: { ...initial, run: state.run + 1 },
        effects: [...(state.running ? [{ type: 'cancel-run' } as const] : []), { type: 'restore-build' }, { type: 'url', params: null }],
      };
    case 'reply': {
      if (event.run !== state.run || !state.running) return { state, effects: [] };
      const { params } = state.running;
      const settled = { ...state, running: null, queued: null };
      switch (event.reply) {
        case 'result': {
          const done: CellState = { ...settled, phase: 'done', finished: params, source: 'live' };
          const effects: Effect[] = [{ type: 'show-result', params }, { type: 'url', params }];
          // The newest live parameters, if the hand moved on while this run worked.
          if (state.queued) {
            const next = step(done, { type: 'start', params: state.queued, live: true });
            return { state: next.state, effects: [...effects, ...next.effects] };
          }
          return { state: done, effects };
        }
        case 'invalid':
          return { state: { ...settled, phase: 'idle' }, effects: [{ type: 'show-refused' }, { type: 'url', params: state.finished }] };
        case 'cancelled':
          return { state: { ...settled, phase: 'cancelled' }, effects: [{ type: 'say-cancelled' }, { type: 'url', params: state.finished }] };
        case 'error':
          return { state: { ...settled, phase: 'error' }, effects: [{ type: 'show-error' }, { type: 'url', params: state.finished }] };
      }
    }
  }
}
