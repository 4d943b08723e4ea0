import type { Output, Params } from '../../src/experiments/shared/types.ts';
import type { Reply, Request } from '../../src/worker/protocol.ts';

/**
 * The page's side of the one module worker. Created on first use, never during the build.
 * Each run gets an id; replies for a run that was cancelled here are dropped, so a cancel
 * takes effect on the page at once even while the worker finishes its current chunk.
 */
/** The message of a run that ended because the worker itself stopped (it crashed or could not load). */
export const WORKER_STOPPED = 'worker-stopped';

type Final = Extract<Reply, { type: 'result' | 'invalid' | 'error' | 'cancelled' | 'estimate' }>;

let worker: Worker | null = null;
let nextId = 1;
const runs = new Map<number, { onProgress(done: number): void; onSketch?(output: Output, done: number): void; settle(r: Final): void }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<Reply>) => {
    const msg = event.data;
    const run = runs.get(msg.runId);
    if (!run) return;
    if (msg.type === 'progress') run.onProgress(msg.done);
    else if (msg.type === 'sketch') run.onSketch?.(msg.output, msg.done);
    else {
      runs.delete(msg.runId);
      run.settle(msg);
    }
  };
  worker.onerror = (event) => {
    // event.message is the browser's English; the page says it in its own words (WORKER_STOPPED).
    // A worker that failed to load or crashed: every run in it ends with that error.
    event.preventDefault();
    const message = WORKER_STOPPED;
    for (const [runId, run] of runs) run.settle({ type: 'error', runId, message });
    runs.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

export interface RunHandle {
  id: number;
  done: Promise<Final>;
}

/** Starts a run; `onSketch` receives its first answers (RunContext.sketch) before the result. */
export function run(experiment: string, params: Params, onProgress: (done: number) => void, onSketch?: (output: Output, done: number) => void): RunHandle {
  const id = nextId++;
  const done = new Promise<Final>((settle) => runs.set(id, { onProgress, onSketch, settle }));
  const msg: Request = { type: 'run', runId: id, experiment, params };
  getWorker().postMessage(msg);
  return { id, done };
}

/** The cost model's estimate for a run, from the worker (which holds the experiments); nothing runs. */
export function estimate(experiment: string, params: Params): Promise<Final> {
  const id = nextId++;
  const done = new Promise<Final>((settle) => runs.set(id, { onProgress: () => {}, settle }));
  getWorker().postMessage({ type: 'estimate', runId: id, experiment, params } satisfies Request);
  return done;
}

export function cancel(id: number): void {
  const run = runs.get(id);
  if (!run) return;
  runs.delete(id);
  worker?.postMessage({ type: 'cancel', runId: id } satisfies Request);
  run.settle({ type: 'cancelled', runId: id });
}
