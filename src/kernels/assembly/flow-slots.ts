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
/** How many slots there are. */
export const SLOTS = 25;
/** Where the two streams' states start, in bytes from FLOW: requests s0..s3, then the policy's s0..s3 (u32 words). */
export const STREAMS = 256;
