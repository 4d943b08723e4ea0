import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initial, step, type CellEvent, type CellState, type Effect } from '../../../components/notebook/cell-machine.ts';

/** Runs events from the initial state; returns the final state and every effect, in order. */
function play(events: CellEvent[], from: CellState = initial): { state: CellState; effects: Effect[] } {
  let state = from;
  const effects: Effect[] = [];
  for (const e of events) {
    const r = step(state, e);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}
const types = (effects: Effect[]) => effects.map((e) => e.type);
const a = { n: 1000 };
const b = { n: 2000 };
const c = { n: 3000 };

describe('the cell as a state machine', () => {
  it('runs, finishes, and names the finished run in the URL', () => {
    const { state, effects } = play([{ type: 'start', params: a }, { type: 'reply', run: 1, reply: 'result' }]);
    expect(state).toMatchObject({ phase: 'done', finished: a, source: 'live', running: null });
    expect(effects).toEqual([{ type: 'begin-run', run: 1, params: a, live: false }, { type: 'show-result', params: a }, { type: 'url', params: a }]);
  });

  it('a new run cancels the one in flight, and the cancelled one’s late reply changes nothing', () => {
    const { state, effects } = play([
      { type: 'start', params: a },
      { type: 'start', params: b },
      { type: 'reply', run: 1, reply: 'cancelled' },
      { type: 'reply', run: 1, reply: 'result' },
    ]);
    expect(types(effects)).toEqual(['begin-run', 'cancel-run', 'begin-run']);
    expect(state).toMatchObject({ phase: 'running', run: 2, running: { params: b } });
  });

  it('Cancel asks the run to stop; its cancelled reply says so and keeps the URL at the last finished run', () => {
    const done = play([{ type: 'start', params: a }, { type: 'reply', run: 1, reply: 'result' }]).state;
    const { state, effects } = play([{ type: 'start', params: b }, { type: 'cancel' }, { type: 'reply', run: 2, reply: 'cancelled' }], done);
    expect(types(effects)).toEqual(['begin-run', 'cancel-run', 'say-cancelled', 'url']);
    expect(effects.at(-1)).toEqual({ type: 'url', params: a });
    expect(state).toMatchObject({ phase: 'cancelled', finished: a });
    // Cancel with nothing running does nothing.
    expect(step(state, { type: 'cancel' }).effects).toEqual([]);
  });

  it('Reset stops a run, puts the build back and moves the run number on, so the old reply never lands', () => {
    const { state, effects } = play([{ type: 'start', params: a }, { type: 'reset' }, { type: 'reply', run: 1, reply: 'result' }]);
    expect(types(effects)).toEqual(['begin-run', 'cancel-run', 'restore-build', 'url']);
    expect(state).toMatchObject({ phase: 'idle', source: 'build', finished: null, running: null });
  });

  it('a refused run (the worker’s check) goes back to idle and marks the fields; an error says so; neither moves the URL', () => {
    const refused = play([{ type: 'start', params: a }, { type: 'reply', run: 1, reply: 'invalid' }]);
    expect(refused.state.phase).toBe('idle');
    expect(refused.effects.slice(1)).toEqual([{ type: 'show-refused' }, { type: 'url', params: null }]);
    const failed = play([{ type: 'start', params: a }, { type: 'reply', run: 1, reply: 'error' }]);
    expect(failed.state.phase).toBe('error');
    expect(types(failed.effects)).toEqual(['begin-run', 'show-error', 'url']);
  });

  it('a bad value marks its field without stopping the run in flight; a link that costs too much waits', () => {
    const { state, effects } = play([{ type: 'start', params: a }, { type: 'bad-input' }]);
    expect(state.phase).toBe('running');
    expect(types(effects)).toEqual(['begin-run', 'show-bad-input', 'url']);
    expect(play([{ type: 'wait' }]).state.phase).toBe('waiting');
  });

  it('live runs do not cancel each other: the newest values wait for the one in flight, then run', () => {
    const { state, effects } = play([
      { type: 'start', params: a, live: true },
      { type: 'start', params: b, live: true },
      { type: 'start', params: c, live: true },
      { type: 'reply', run: 1, reply: 'result' },
    ]);
    // b was superseded by c before the first run landed: only c runs next.
    expect(effects).toEqual([
      { type: 'begin-run', run: 1, params: a, live: true },
      { type: 'show-result', params: a },
      { type: 'url', params: a },
      { type: 'begin-run', run: 2, params: c, live: true },
    ]);
    expect(state).toMatchObject({ phase: 'running', running: { params: c, live: true }, queued: null, finished: a });
  });

  it('letting go (a plain run) cancels a live run in flight and drops the waiting values', () => {
    const { state, effects } = play([
      { type: 'start', params: a, live: true },
      { type: 'start', params: b, live: true },
      { type: 'start', params: c },
    ]);
    expect(types(effects)).toEqual(['begin-run', 'cancel-run', 'begin-run']);
    expect(state).toMatchObject({ running: { params: c, live: false }, queued: null });
  });

  it('whatever the events, a reply lands only for the run in flight, and the phase says whether one is', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('start' as const), params: fc.constantFrom(a, b, c), live: fc.boolean() }),
      fc.constantFrom<CellEvent>({ type: 'cancel' }, { type: 'reset' }, { type: 'bad-input' }, { type: 'wait' }),
      fc.record({ type: fc.constant('reply' as const), run: fc.integer({ min: 0, max: 6 }), reply: fc.constantFrom('result' as const, 'invalid' as const, 'cancelled' as const, 'error' as const) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initial;
        for (const e of events) {
          const r = step(state, e);
          if (e.type === 'reply' && (e.run !== state.run || !state.running)) expect(r).toEqual({ state, effects: [] });
          // Every begin-run names the newest run number, and a cancel only ever goes to a run in flight.
          for (const eff of r.effects) if (eff.type === 'begin-run') expect(eff.run).toBe(r.state.run);
          if (r.effects.some((eff) => eff.type === 'cancel-run')) expect(state.running).not.toBeNull();
          state = r.state;
          expect(state.running !== null).toBe(state.phase === 'running');
          if (state.queued) expect(state.running?.live).toBe(true);
        }
      }),
    );
  });
});
