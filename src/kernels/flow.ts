import { makeFlow, run, startMeasure, type FlowMeasure, type FlowOptions, type FlowState } from '../lib/flow/index.ts';
import { ZIGGURAT } from '../lib/flow/exponential.ts';
import { isPortable } from '../lib/random/index.ts';
import { BUSY, CAP, CHOICES, CODE, COUNT, CURRENT, FREE, HEAD, IN_SYSTEM, LATENCIES, NOW, QUEUE_MAX, RATE, REFRESH, REJECT, RING, SERVERS, SLOTS, SPEEDS, STREAMS, SUM, TOTAL, VIEW } from './assembly/flow-slots.ts';
import { kernelInstance, type KernelExports } from './load.ts';

/**
 * One policy's run of the request-flow simulator (src/lib/flow), warm-up then measurement, on
 * the WebAssembly kernel (src/kernels/assembly/flow.ts) when it loads, else on the TypeScript
 * engine, which stays the reference: the same requests, choices, latencies and sums either way,
 * bit for bit. Callers run it in chunks, so they can report progress and stop between them.
 */
export interface FlowSession {
  /** Runs `count` requests; measured ones are recorded (the first measured call opens the window). */
  run(count: number, measure: boolean): void;
  /** The time of the latest arrival. */
  readonly now: number;
  /** What the measured requests gave so far (its arrays are the session's own copies). */
  measurement(): FlowMeasure;
  /** Whether the kernel runs this session (the tests and the bench read it). */
  readonly onKernel: boolean;
}

/** Opens a run of `o` that will measure at most `measured` requests. */
export async function openFlow(o: FlowOptions, measured: number): Promise<FlowSession> {
  const s = makeFlow(o);
  const k = await kernelInstance();
  return (k && KernelSession.open(k, s, measured)) ?? new TsSession(s, measured);
}

class TsSession implements FlowSession {
  readonly onKernel = false;
  private m: FlowMeasure | null = null;
  // Fields written out, not constructor parameter properties: Node runs this file by stripping types.
  private readonly s: FlowState;
  private readonly measured: number;

  constructor(s: FlowState, measured: number) {
    this.s = s;
    this.measured = measured;
  }

  run(count: number, measure: boolean): void {
    if (measure) this.m ??= startMeasure(this.s, this.measured);
    run(this.s, count, measure ? this.m : null);
  }

  get now(): number {
    return this.s.now;
  }

  measurement(): FlowMeasure {
    return this.m ?? startMeasure(this.s, 0);
  }
}

/** Each server's ring of departure times starts at this many slots and doubles when full. */
const START_CAP = 16;
/** Requests per kernel call: it counts them in i32. */
const MAX_CALL = 1 << 30;

class KernelSession implements FlowSession {
  readonly onKernel = true;
  /** The time of the first measured call's start: the measured window opens there. */
  private from: number | null = null;
  private failed = false;

  private readonly k: KernelExports;
  private readonly servers: number;
  private readonly block: number;
  /** The most requests the latencies array holds. */
  private readonly measured: number;

  private constructor(k: KernelExports, servers: number, block: number, measured: number) {
    this.k = k;
    this.servers = servers;
    this.block = block;
    this.measured = measured;
  }

  /** Lays the run out in the kernel's memory; null if it does not fit (then TypeScript runs). */
  static open(k: KernelExports, s: FlowState, measured: number): KernelSession | null {
    const { requests, policy } = s.streams;
    if (!isPortable(requests) || !isPortable(policy)) return null;
    // The kernel runs the first five policies on exponential work with unbounded, steady servers;
    // the production policies and the other traffic run on the TypeScript engine (the reference).
    if (s.code > 4 || s.law.code !== 0 || s.capacity > 0 || s.slow > 0) return null;
    const n = s.servers;
    // f64 arrays, then i32 arrays (padded to 8 bytes), then the rings, last, so they can double in place.
    let at = k.dynamicBase();
    const take = (bytes: number): number => {
      const p = at;
      at += Math.ceil(bytes / 8) * 8;
      return p;
    };
    const speeds = take(8 * n);
    const free = take(8 * n);
    const current = take(8 * n);
    const busy = take(8 * n);
    const latencies = take(8 * measured);
    const inSystem = take(4 * n);
    const head = take(4 * n);
    const view = s.refresh > 0 ? take(4 * n) : inSystem;
    const ring = take(8 * n * START_CAP);
    if (at > 2147483648 || !k.ensure(at)) return null;

    const buffer = k.memory.buffer;
    const block = k.flowBlock();
    const slots = new Float64Array(buffer, block, SLOTS);
    slots[SERVERS] = n;
    slots[CODE] = s.code;
    slots[CHOICES] = s.choices;
    slots[REFRESH] = s.refresh;
    slots[RATE] = s.rate;
    slots[REJECT] = s.reject;
    slots[CAP] = START_CAP;
    slots[TOTAL] = s.swrr?.total ?? 0;
    slots[SPEEDS] = speeds;
    slots[FREE] = free;
    slots[CURRENT] = current;
    slots[BUSY] = busy;
    slots[IN_SYSTEM] = inSystem;
    slots[HEAD] = head;
    slots[VIEW] = view;
    slots[LATENCIES] = latencies;
    slots[RING] = ring;
    new Float64Array(buffer, speeds, n).set(s.speeds);
    const streams = new Uint32Array(buffer, block + STREAMS, 8);
    streams.set(requests.saveState().words, 0);
    streams.set(policy.saveState().words, 4);
    const tables = k.zigguratTables();
    new Uint32Array(buffer, tables, 256).set(ZIGGURAT.ke);
    // ke (u32), then we and fe (f64), back to back (assembly/layout.ts ZIG_KE, ZIG_WE, ZIG_FE).
    new Float64Array(buffer, tables + 4 * 256, 256).set(ZIGGURAT.we);
    new Float64Array(buffer, tables + 12 * 256, 256).set(ZIGGURAT.fe);
    return new KernelSession(k, n, block, measured);
  }

  /** The block, read afresh: memory may have grown (and moved) since the last call. */
  private slots(): Float64Array {
    return new Float64Array(this.k.memory.buffer, this.block, SLOTS);
  }

  run(count: number, measure: boolean): void {
    if (measure) this.from ??= this.now;
    if (this.failed) throw new RangeError('flow: this run already ran out of memory');
    // As the TypeScript's measure does: the kernel writes latencies where it is told, unchecked.
    if (measure && this.slots()[COUNT] + count > this.measured) throw new RangeError('flow: more requests than the measurement holds');
    for (let left = count; left > 0; ) {
      const step = Math.min(left, MAX_CALL);
      if (this.k.flowRun(step, measure ? 1 : 0) !== 0) {
        // The request that did not fit drew its numbers and moved rr's turn: the run cannot go on.
        this.failed = true;
        throw new RangeError('flow: the servers\' queues outgrew the memory WebAssembly can have (4 GiB at most)');
      }
      left -= step;
    }
  }

  get now(): number {
    return this.slots()[NOW];
  }

  measurement(): FlowMeasure {
    const slots = this.slots();
    const buffer = this.k.memory.buffer;
    const count = slots[COUNT];
    return {
      latencies: new Float64Array(buffer, slots[LATENCIES], count).slice(),
      count,
      sum: slots[SUM],
      busy: new Float64Array(buffer, slots[BUSY], this.servers).slice(),
      queueMax: slots[QUEUE_MAX],
      dropped: 0,
      from: this.from ?? slots[NOW],
      to: slots[NOW],
    };
  }
}
