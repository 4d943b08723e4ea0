// The supermarket model's uniformised event loop: src/lib/supermarket/events.ts runEvents, which
// stays the reference, draw for draw on either generator (nextUint32 of MT19937 or xoshiro128**)
// with its Lemire multiply-and-reject index. Queue lengths, the view arrivals compare (the queues
// themselves, or a stale board) and the optional pool are i32 arrays the caller copies in.
import { loadState, nextMt, nextXo, storeState } from './generators';

/** Which generator this call draws from. */
let mt: bool = false;

@inline
function next(): u32 {
  return mt ? nextMt() : nextXo();
}

/** A uniform index in [0, size): x * size = j * 2^32 + low, redrawn while low < reject (2^32 mod size). */
@inline
function uniformIndex(size: u32, reject: u32): u32 {
  let m = <u64>next() * <u64>size;
  while (<u32>m < reject) m = <u64>next() * <u64>size;
  return <u32>(m >> 32);
}

/**
 * Runs `events` events on n queues at `queues`, arrivals comparing lengths in `view` (which may
 * be `queues`) among d servers drawn from all n (poolSize 0) or from the first poolSize entries
 * of `pool`. Writes in-system, arrivals, departures and area (as f64) at `out`.
 */
export function runEvents(queues: usize, view: usize, pool: usize, poolSize: u32, n: u32, d: i32, arrivalCut: u32, inSystemStart: i32, events: i32, useMt: bool, out: usize): void {
  mt = useMt;
  loadState();
  const rejectAll = <u32>((<u64>1 << 32) % <u64>n);
  const rejectPool = poolSize > 0 ? <u32>((<u64>1 << 32) % <u64>poolSize) : 0;
  let inSystem = inSystemStart;
  let arrivals: i32 = 0;
  let departures: i32 = 0;
  let area: i64 = 0;
  for (let e = 0; e < events; e++) {
    area += inSystem;
    if (next() < arrivalCut) {
      let best = poolSize == 0 ? uniformIndex(n, rejectAll) : load<u32>(pool + (<usize>uniformIndex(poolSize, rejectPool) << 2));
      for (let c = 1; c < d; c++) {
        const j = poolSize == 0 ? uniformIndex(n, rejectAll) : load<u32>(pool + (<usize>uniformIndex(poolSize, rejectPool) << 2));
        if (load<i32>(view + (<usize>j << 2)) < load<i32>(view + (<usize>best << 2))) best = j;
      }
      const at = queues + (<usize>best << 2);
      store<i32>(at, load<i32>(at) + 1);
      inSystem++;
      arrivals++;
    } else {
      const at = queues + (<usize>uniformIndex(n, rejectAll) << 2);
      const q = load<i32>(at);
      if (q > 0) {
        store<i32>(at, q - 1);
        inSystem--;
        departures++;
      }
    }
  }
  storeState();
  store<f64>(out, <f64>inSystem);
  store<f64>(out, <f64>arrivals, 8);
  store<f64>(out, <f64>departures, 16);
  store<f64>(out, <f64>area, 24);
}
