// The flow kernel's block of f64 slots at FLOW (layout.ts): the run's scalars and the byte offsets
// of its arrays. Plain constants, read by the kernel (assembly/flow.ts) and by the TypeScript that
// lays the run out (src/kernels/flow.ts), so both sides number them alike.
export const SERVERS = 0;
export const CODE = 1;
export const CHOICES = 2;
export const REFRESH = 3;
export const RATE = 4;
export const REJECT = 5;
export const NOW = 6;
export const ARRIVALS = 7;
export const DEPARTURES = 8;
export const VIEW_TIME = 9;
export const RR_NEXT = 10;
export const CAP = 11;
export const TOTAL = 12;
export const COUNT = 13;
export const SUM = 14;
export const QUEUE_MAX = 15;
export const SPEEDS = 16;
export const FREE = 17;
export const CURRENT = 18;
export const BUSY = 19;
export const IN_SYSTEM = 20;
export const HEAD = 21;
export const VIEW = 22;
export const LATENCIES = 23;
export const RING = 24;
/** The service law's code (service.ts: 0 exp, 1 lognormal, 2 pareto) and its constants a, b. */
export const LAW = 25;
export const LAW_A = 26;
export const LAW_B = 27;
/** The most requests a server holds (0: unbounded), and the measured requests dropped. */
export const CAPACITY = 28;
export const DROPPED = 29;
/** The slow stretch: the first SLOW servers run SLOW_FACTOR times slower from SLOW_FROM to SLOW_TO. */
export const SLOW = 30;
export const SLOW_FACTOR = 31;
export const SLOW_FROM = 32;
export const SLOW_TO = 33;
/** random_two: 2^32 mod the total weight, and the weight before each server (f64 array). */
export const REJECT_WEIGHT = 34;
export const RANGES = 35;
/** peak_ewma: 2^32 mod (servers − 1), the decay, and per server the estimate and its time (f64 arrays). */
export const REJECT_PAIR = 36;
export const DECAY = 37;
export const EWMA = 38;
export const STAMP = 39;
/** How many slots there are. */
export const SLOTS = 40;
/** Where the two streams' states start, in bytes from FLOW: requests s0..s3, then the policy's s0..s3 (u32 words). */
export const STREAMS = 512;
