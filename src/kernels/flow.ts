import { makeFlow, run, startMeasure, type FlowMeasure, type FlowOptions, type FlowState } from '../lib/flow/index.ts';
import { ZIGGURAT } from '../lib/flow/exponential.ts';
import { isPortable } from '../lib/random/index.ts';
import { BUSY, CAP, CAPACITY, CHOICES, CODE, COUNT, CURRENT, DECAY, DROPPED, EWMA, FREE, HEAD, IN_SYSTEM, LATENCIES, LAW, LAW_A, LAW_B, NOW, QUEUE_MAX, RANGES, RATE, REFRESH, REJECT, REJECT_PAIR, REJECT_WEIGHT, RING, SERVERS, SLOTS, SLOW, SLOW_FACTOR, SLOW_FROM, SLOW_TO, SPEEDS, STAMP, STREAMS, SUM, TOTAL, VIEW } from './assembly/flow-slots.ts';
import { kernelInstance, kernelRefused, type KernelExports } from './load.ts';

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
  if (!k) return new TsSession(s, measured);
  const session = KernelSession.open(k, s, measured);
  if (session) return session;
  // The kernel loaded but cannot hold this run: the run's path is the TypeScript's, and says so.
  kernelRefused();
  return new TsSession(s, measured);
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
/** 2^21: the most servers, and the largest total weight, whose uniform draws the kernel makes as the TypeScript does. */
const MAX_UNIFORM = 2097152;

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
    // Every policy, law, capacity and slow stretch runs on the kernel. Its uniform draws multiply
    // a 32-bit draw by n in 64 bits where the TypeScript multiplies doubles: the same while the
    // product stays below 2^53, so up to 2^21 servers (and total weight, for random_two's peek).
    if (s.servers > MAX_UNIFORM || (s.policy === 'random_two' && s.totalWeight > MAX_UNIFORM)) return null;
    const n = s.servers;
    const wide = s.policy === 'peak_ewma';
    // f64 arrays, then i32 arrays (padded to 8 bytes), then the rings, last, so they can double in
    // place (Peak EWMA's hold each request's arrival beside its departure: two doubles a slot).
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
    const ranges = take(8 * n);
    const ewma = take(wide ? 8 * n : 0);
    const stamp = take(wide ? 8 * n : 0);
    const inSystem = take(4 * n);
    const head = take(4 * n);
    const view = s.refresh > 0 ? take(4 * n) : inSystem;
    const ring = take((wide ? 16 : 8) * n * START_CAP);
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
    slots[TOTAL] = s.totalWeight;
    slots[REJECT_WEIGHT] = s.rejectWeight;
    slots[REJECT_PAIR] = s.rejectPair;
    slots[LAW] = s.law.code;
    slots[LAW_A] = s.law.a;
    slots[LAW_B] = s.law.b;
    slots[CAPACITY] = s.capacity;
    slots[SLOW] = s.slow;
    slots[SLOW_FACTOR] = s.slowFactor;
    slots[SLOW_FROM] = s.slowFrom;
    slots[SLOW_TO] = s.slowTo;
    slots[DECAY] = s.decay;
    slots[RANGES] = ranges;
    slots[EWMA] = ewma;
    slots[STAMP] = stamp;
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
    new Float64Array(buffer, ranges, n).set(s.ranges);
    if (wide) {
      new Float64Array(buffer, ewma, n).set(s.ewma);
      new Float64Array(buffer, stamp, n).set(s.stamp);
    }
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
      dropped: slots[DROPPED],
      from: this.from ?? slots[NOW],
      to: slots[NOW],
    };
  }
}
