import type { Rng } from '../../src/lib/random/rng.ts';

/**
 * The supermarket model as a textbook discrete-event simulation: a binary min-heap of pending
 * events (the next arrival, and one departure per busy server), a clock, exponential gaps drawn
 * with a log, and per-server FIFO queues of arrival times so that each customer's time in system
 * is measured directly rather than through Little's law. It is the bench's baseline for
 * lib/supermarket's uniformised chain, and an independent check of it: nothing is shared but the
 * generator.
 */
export interface HeapRun {
  /** Arrivals and departures processed (no null events here). */
  events: number;
  /** Simulated time covered, warm-up included. */
  time: number;
  /** Mean time in system of the customers who left after the warm-up. */
  meanSojourn: number;
  departures: number;
}

const TWO_32 = 2 ** 32;

export function heapSupermarket(n: number, lambda: number, d: number, horizon: number, warmup: number, rng: Rng): HeapRun {
  const uniform = (): number => (rng.nextUint32() + 0.5) / TWO_32;
  const exp = (rate: number): number => -Math.log(uniform()) / rate;

  // The heap: event times and what they are (-1 = arrival, s >= 0 = departure from server s).
  const heapTime = new Float64Array(n + 1);
  const heapWhat = new Int32Array(n + 1);
  let size = 0;
  const push = (time: number, what: number): void => {
    let i = size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heapTime[parent] <= time) break;
      heapTime[i] = heapTime[parent];
      heapWhat[i] = heapWhat[parent];
      i = parent;
    }
    heapTime[i] = time;
    heapWhat[i] = what;
  };
  const pop = (): void => {
    const time = heapTime[--size];
    const what = heapWhat[size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heapTime[child + 1] < heapTime[child]) child++;
      if (heapTime[child] >= time) break;
      heapTime[i] = heapTime[child];
      heapWhat[i] = heapWhat[child];
      i = child;
    }
    heapTime[i] = time;
    heapWhat[i] = what;
  };

  // Per-server FIFO of arrival times: a growable ring buffer each.
  const fifo: Float64Array[] = Array.from({ length: n }, () => new Float64Array(8));
  const head = new Int32Array(n);
  const length = new Int32Array(n);

  let events = 0;
  let departures = 0;
  let sojourn = 0;
  const end = warmup + horizon;
  push(exp(lambda * n), -1);
  for (;;) {
    const now = heapTime[0];
    const what = heapWhat[0];
    if (now > end) return { events, time: end, meanSojourn: sojourn / departures, departures };
    pop();
    events++;
    if (what < 0) {
      let best = rng.below(n);
      for (let c = 1; c < d; c++) {
        const j = rng.below(n);
        if (length[j] < length[best]) best = j;
      }
      let q = fifo[best];
      if (length[best] === q.length) {
        const grown = new Float64Array(q.length * 2);
        for (let k = 0; k < length[best]; k++) grown[k] = q[(head[best] + k) % q.length];
        fifo[best] = q = grown;
        head[best] = 0;
      }
      q[(head[best] + length[best]) % q.length] = now;
      if (length[best]++ === 0) push(now + exp(1), best);
      push(now + exp(lambda * n), -1);
    } else {
      const q = fifo[what];
      const arrived = q[head[what]];
      head[what] = (head[what] + 1) % q.length;
      length[what]--;
      if (arrived >= warmup) {
        sojourn += now - arrived;
        departures++;
      }
      if (length[what] > 0) push(now + exp(1), what);
    }
  }
}
