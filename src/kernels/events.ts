import { isPortable, type Rng } from '../lib/random/index.ts';
import { runEvents, type Choice, type QueueSystem } from '../lib/supermarket/index.ts';
import { kernelInstance, type KernelExports } from './load.ts';

/** runEvents' signature: advances `sys` by `events` events of the uniformised chain. */
export type EventRunner = (sys: QueueSystem, choice: Choice, events: number, rng: Rng) => void;

/** Events per kernel call: the kernel counts in i32. */
const MAX_CALL = 1 << 30;

/**
 * runEvents (src/lib/supermarket/events.ts) on the WebAssembly kernel when it loads, else
 * runEvents itself; the same queues, counts and generator state either way. Each call copies the
 * queues (and a separate view and pool) into the kernel's memory and back: O(n) a call against
 * the call's events, so callers run chunks of many events. One runner holds one instance.
 */
export async function eventRunner(): Promise<EventRunner> {
  const k = await kernelInstance();
  return k ? (sys, choice, events, rng) => runOnKernel(k, sys, choice, events, rng) : runEvents;
}

function runOnKernel(k: KernelExports, sys: QueueSystem, choice: Choice, events: number, rng: Rng): void {
  const { n, queues } = sys;
  const { view, d, pool, poolSize } = choice;
  if (!Number.isSafeInteger(events) || events < 0) throw new RangeError(`runEvents: events must be a non-negative integer, got ${events}`);
  if (pool !== null && !(poolSize >= 1 && poolSize <= pool.length)) throw new RangeError(`runEvents: pool size ${poolSize} is not in [1, ${pool.length}]`);
  if (!isPortable(rng) || view.length < n) {
    runEvents(sys, choice, events, rng);
    return;
  }
  // Layout past the fixed area: results (4 f64), queues, then the view and the pool if separate.
  const out = k.dynamicBase();
  const queuesAt = out + 32;
  const viewAt = view === queues ? queuesAt : queuesAt + 4 * n;
  const poolAt = viewAt === queuesAt ? queuesAt + 4 * n : viewAt + 4 * n;
  if (!k.ensure(poolAt + 4 * (pool === null ? 0 : poolSize))) {
    runEvents(sys, choice, events, rng);
    return;
  }
  const buffer = k.memory.buffer;
  new Int32Array(buffer, queuesAt, n).set(queues);
  if (viewAt !== queuesAt) new Int32Array(buffer, viewAt, n).set(view.subarray(0, n));
  if (pool !== null) new Int32Array(buffer, poolAt, poolSize).set(pool.subarray(0, poolSize));
  const state = rng.saveState();
  const mt = state.algorithm === 'mt19937';
  const stateAt = mt ? k.mtState() : k.xoState();
  new Uint32Array(buffer, stateAt, state.words.length).set(state.words);

  const results = new Float64Array(buffer, out, 4);
  for (let left = events; left > 0; ) {
    const count = Math.min(left, MAX_CALL);
    k.runEvents(queuesAt, viewAt, poolAt, pool === null ? 0 : poolSize, n, d, sys.arrivalCut, sys.inSystem, count, mt ? 1 : 0, out);
    sys.inSystem = results[0];
    sys.arrivals += results[1];
    sys.departures += results[2];
    sys.area += results[3];
    left -= count;
  }
  sys.events += events;
  queues.set(new Int32Array(buffer, queuesAt, n));
  state.words.set(new Uint32Array(buffer, stateAt, state.words.length));
  rng.loadState(state);
}
