/// <reference lib="webworker" />
import { makeFlow, next, record, slowWindow, STRIDE, type FlowState } from '../lib/flow/index.ts';
import { VIEW_REQUESTS, type FromWorker, type ToWorker } from './flow-protocol.ts';
import { isOutOfMemory } from './protocol.ts';

/**
 * The flow view's simulation (components/flow/): the page's main thread only draws. Each panel
 * is its own engine on the same seed; rows go back as transferable buffers. A failure goes back
 * as a code, never as the exception's text.
 */
let generation = -1;
let states: FlowState[] = [];

// The options form of postMessage is the same in a worker's scope and a window's, so no cast is needed.
const post = (m: FromWorker, transfer: Transferable[] = []) => postMessage(m, { transfer });

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  try {
    if (msg.type === 'reset') {
      generation = msg.generation;
      const s = msg.settings;
      // The slow stretch where the build's run of these settings has it (flowOptions), so the animation is that run.
      const stretch = slowWindow(s.servers, s.speeds, s.load, VIEW_REQUESTS, s.slowFrom, s.slowFor);
      states = s.policies.map((policy) => makeFlow({ servers: s.servers, speeds: s.speeds, load: s.load, policy, choices: s.choices, refresh: s.refresh, seed: s.seed, slow: s.slow, slowFactor: s.slowFactor, ...stretch }));
      return;
    }
    if (msg.generation !== generation) return;
    const panels = states.map((state) => {
      const out = new Float64Array(msg.rows * STRIDE);
      for (let k = 0; k < msg.rows; k++) {
        next(state);
        record(state, out, k);
      }
      return out;
    });
    post({ type: 'rows', generation, panels }, panels.map((p) => p.buffer));
  } catch (e) {
    post({ type: 'error', generation: msg.generation, code: isOutOfMemory(e) ? 'out-of-memory' : 'failed' });
  }
});
