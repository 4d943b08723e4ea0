import { nearestRanksOf } from '../../src/lib/stats/quantile.ts';
import { AGE, ARRIVAL, CANDIDATE, DEPARTURE, ESTIMATE, REPORTED, SAMPLED, SERVER, START, STRIDE } from '../../src/lib/flow/trace.ts';

/**
 * One panel of the view, replayed at a display time the page moves forward: the requests the
 * worker simulated (rows of src/lib/flow/trace.ts) arrive, wait, and leave as the time passes
 * them. Pure: no DOM, no clock; the page owns the time and draws what this holds.
 */
export interface LiveRequest {
  id: number;
  arrival: number;
  start: number;
  departure: number;
}

/** Why the latest request went where it did. */
export interface Decision {
  id: number;
  arrival: number;
  server: number;
  /** Age of the loads the balancer read (0: exact). */
  age: number;
  /**
   * The sampled servers with the load each reported and its true load at that moment; for rr, swrr,
   * jsq and least_conn, only the chosen server. peak_ewma's also carry the latency estimate it
   * multiplied by reported + 1 (0 in the other policies' rows).
   */
  candidates: { server: number; reported: number; actual: number; estimate?: number }[];
  /** False for rr, swrr, jsq and least_conn: no sample was drawn (jsq and least_conn compared every server). */
  sampled: boolean;
}

/** Latencies kept for the histogram and the percentiles (see departUntil). */
export const KEEP = 50_000;

export class PanelModel {
  readonly servers: number;
  /** Per server, its requests in order of arrival (the first is in service). */
  readonly queues: LiveRequest[][];
  /** Latencies of the requests that have left, in the order they left (the latest KEEP or more). */
  readonly latencies: number[] = [];
  arrived = 0;
  last: Decision | null = null;
  private rows: Float64Array[] = [];
  private row = 0;

  constructor(servers: number) {
    this.servers = servers;
    this.queues = Array.from({ length: servers }, () => []);
  }

  /** Adds a batch of rows from the worker, in arrival order. */
  push(batch: Float64Array): void {
    if (batch.length % STRIDE !== 0) throw new RangeError('flow view: a batch is not whole rows');
    if (batch.length > 0) this.rows.push(batch);
  }

  /** Rows received but not yet arrived. */
  pending(): number {
    let n = 0 - this.row;
    for (const b of this.rows) n += b.length / STRIDE;
    return n;
  }

  /** The next arrival time, or null when no row is buffered. */
  nextArrival(): number | null {
    const b = this.rows[0];
    return b ? b[this.row * STRIDE + ARRIVAL] : null;
  }

  /** Moves the panel to time t: every buffered arrival up to t happens, then every departure. */
  advance(t: number): void {
    for (;;) {
      const b = this.rows[0];
      if (!b) break;
      const o = this.row * STRIDE;
      const arrival = b[o + ARRIVAL];
      if (arrival > t) break;
      this.departUntil(arrival);
      this.arrive(b, o);
      this.row++;
      if (this.row * STRIDE >= b.length) {
        this.rows.shift();
        this.row = 0;
      }
    }
    this.departUntil(t);
  }

  private arrive(b: Float64Array, o: number): void {
    const server = b[o + SERVER];
    const sampled = b[o + SAMPLED];
    const count = Math.max(1, sampled);
    const candidates: Decision['candidates'] = [];
    for (let k = 0; k < count; k++) {
      const c = b[o + CANDIDATE + k];
      candidates.push({ server: c, reported: b[o + REPORTED + k], actual: this.queues[c].length, estimate: b[o + ESTIMATE + k] });
    }
    const id = this.arrived++;
    this.last = { id, arrival: b[o + ARRIVAL], server, age: b[o + AGE], candidates, sampled: sampled > 0 };
    this.queues[server].push({ id, arrival: b[o + ARRIVAL], start: b[o + START], departure: b[o + DEPARTURE] });
  }

  private departUntil(t: number): void {
    for (const q of this.queues) {
      while (q.length > 0 && q[0].departure <= t) {
        const r = q.shift()!;
        this.latencies.push(r.departure - r.arrival);
        // A long session keeps the latest KEEP to KEEP * 2 latencies, so memory and the sort stay small.
        if (this.latencies.length >= KEEP * 2) this.latencies.splice(0, KEEP);
      }
    }
  }

  /** Requests in system now, all servers. */
  inSystem(): number {
    return this.queues.reduce((s, q) => s + q.length, 0);
  }
}

/** What a panel's live counter says: p50, p99 and mean of the latencies it keeps, and how many. */
export function panelStats(latencies: readonly number[]): { p50: number; p99: number; mean: number; done: number } {
  const [p50, p99] = nearestRanksOf(latencies, [0.5, 0.99]);
  let sum = 0;
  for (const v of latencies) sum += v;
  return { p50, p99, mean: latencies.length > 0 ? sum / latencies.length : NaN, done: latencies.length };
}
