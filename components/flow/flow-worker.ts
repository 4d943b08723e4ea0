/// <reference lib="webworker" />
import { makeFlow, next, record, STRIDE, type FlowState } from '../../src/lib/flow/index.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/**
 * The view's simulation: the page's main thread only draws. Each panel is its own engine on the
 * same seed; rows go back as transferable buffers.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let generation = -1;
let states: FlowState[] = [];

const post = (m: FromWorker, transfer: Transferable[] = []) => scope.postMessage(m, transfer);

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  try {
    if (msg.type === 'reset') {
      generation = msg.generation;
      const s = msg.settings;
      states = s.policies.map((policy) => makeFlow({ servers: s.servers, speeds: s.speeds, load: s.load, policy, choices: s.choices, refresh: s.refresh, seed: s.seed }));
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
    post({ type: 'error', generation: msg.generation, message: e instanceof Error ? e.message : String(e) });
  }
};
