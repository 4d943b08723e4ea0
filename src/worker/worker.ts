/// <reference lib="webworker" />
import { ASK_ABOVE_SECONDS, phoneSeconds } from '../experiments/shared/cost.ts';
import { registry } from '../experiments/registry.ts';
import { resolve } from '../experiments/shared/run.ts';
import { queueCache } from '../experiments/power-of-two-choices/queue-runs.ts';
import { sayAll } from '../experiments/shared/say.ts';
import { kernelModule, kernelUse, pathBetween } from '../kernels/load.ts';
import type { Reply, Request } from './protocol.ts';
import { isOutOfMemory, OUT_OF_MEMORY } from './protocol.ts';

/**
 * The one module worker: runs experiments by id, posts throttled progress, obeys cancel.
 * Several runs may be in flight (one per cell); each has its own AbortController.
 */
const scope = globalThis as typeof globalThis & DedicatedWorkerGlobalScope;
const inFlight = new Map<number, AbortController>();
const post = (m: Reply) => scope.postMessage(m);

// Fetch and compile the WebAssembly kernels now, once for the worker's life, so the first run
// does not wait for them; runs that start before they are ready wait on the same promise.
void kernelModule();
// The queueing cells reuse the simulations this page has already run (queue-runs.ts).
queueCache.enabled = true;

/** Progress at most every 50 ms: enough for a bar, and the page's main thread stays idle. */
const PROGRESS_MS = 50;
/** Sketches: the first at once, then at most one every 250 ms (each redraws a figure). */
const SKETCH_MS = 250;

scope.onmessage = async (event: MessageEvent<Request>) => {
  const msg = event.data;
  if (msg.type === 'cancel') {
    inFlight.get(msg.runId)?.abort();
    return;
  }
  const r = resolve(msg.experiment, msg.params);
  if (!r.ok) {
    post({ type: 'invalid', runId: msg.runId, errors: r.errors });
    return;
  }
  const exp = registry[msg.experiment];
  if (msg.type === 'estimate') {
    const seconds = phoneSeconds(exp, r.params);
    post({ type: 'estimate', runId: msg.runId, seconds, ask: seconds > ASK_ABOVE_SECONDS });
    return;
  }
  const controller = new AbortController();
  inFlight.set(msg.runId, controller);
  let last = 0;
  let lastSketch = -Infinity;
  let done = 0;
  // Runs in flight together share the counts: a kernel refused during either marks both.
  const before = kernelUse();
  try {
    const output = await exp.run(r.params, {
      signal: controller.signal,
      progress(fraction) {
        done = fraction;
        const now = performance.now();
        if (now - last >= PROGRESS_MS) {
          last = now;
          post({ type: 'progress', runId: msg.runId, done: fraction });
        }
      },
      sketch(output) {
        const now = performance.now();
        if (now - lastSketch >= SKETCH_MS) {
          lastSketch = now;
          post({ type: 'sketch', runId: msg.runId, output, done });
        }
      },
    });
    const kinds = Object.fromEntries(Object.keys(output.results).map((k) => [k, exp.resultKind(k)]));
    const timed = Object.keys(output.results).filter((k) => exp.timed?.(k) ?? false);
    post({ type: 'result', runId: msg.runId, output, kinds, timed, said: sayAll(exp, r.params, output.results), path: pathBetween(before, kernelUse()) });
  } catch (e) {
    if (controller.signal.aborted) post({ type: 'cancelled', runId: msg.runId });
    else post({ type: 'error', runId: msg.runId, message: isOutOfMemory(e) ? OUT_OF_MEMORY : e instanceof Error ? e.message : String(e) });
  } finally {
    inFlight.delete(msg.runId);
  }
};
