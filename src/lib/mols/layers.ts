/**
 * The system layers the article stacks on the MOLS order (portal-tunnel PR #354), as pure steps
 * over an explicit relay state. Constants are the PR's; where the article and the code disagree,
 * the code's meaning is kept and the comment says so.
 */

/** "Swap when the top candidate is 30% busier": in the code, a pressure-index difference above 0.3. */
export const P2C_PRESSURE_DELTA = 0.3;
/** "Reorder by latency above 500 ms": triggered by the pool's mean RTT, and it uses no relay's own RTT. */
export const CONGESTION_RTT_MS = 500;
/** A relay slower than this drops to the fallback tier, and a sticky client leaves it. */
export const FALLBACK_RTT_MS = 2000;
/** Saturation hysteresis on the load factor: enter above 0.8, leave below 0.6. */
export const SATURATE_ENTER = 0.8;
export const SATURATE_EXIT = 0.6;
/** A sticky client leaves a relay whose pressure passes 0.5 (the threshold of the HRW pull request's sticky layer, which the article quotes). */
export const STICKY_PRESSURE = 0.5;
/** EWMA weight of the newest load sample in the pressure index. */
export const EWMA_ALPHA = 0.3;

export interface RelayState {
  alive: boolean;
  /** Clients / capacity. */
  load: number;
  /** EWMA of load. */
  ewma: number;
  /** Load one step ago, for the "positive delta" term. */
  previous: number;
  /** (P90 − P50) / P50 of the relay's RTT samples. */
  jitter: number;
  rttMs: number;
  saturated: boolean;
}

/** The pressure index: RTT spread + EWMA load + 0.5 × the load's rise since the last step. */
export function pressure(r: RelayState): number {
  return r.jitter + r.ewma + 0.5 * Math.max(0, r.load - r.previous);
}

/** Saturation with hysteresis: the state it is in decides which threshold applies. */
export function nextSaturated(wasSaturated: boolean, load: number): boolean {
  return wasSaturated ? load >= SATURATE_EXIT : load > SATURATE_ENTER;
}

export interface LayerSwitches {
  p2c: boolean;
  congestion: boolean;
  sticky: boolean;
}

/**
 * From the geometric order (relay indices, best first) to the order a client tries: relays in the
 * fallback tier (RTT > 2 s) after the rest; within each tier saturated relays last; then, when the
 * P2C layer is on, if the first non-saturated candidate's pressure exceeds the second's by more
 * than 0.3, it moves to the end of the non-saturated candidates of its tier.
 */
export function applyLayers(order: readonly number[], relays: readonly RelayState[], on: LayerSwitches): number[] {
  const live = order.filter((j) => relays[j].alive);
  const fast = live.filter((j) => relays[j].rttMs <= FALLBACK_RTT_MS);
  const slow = live.filter((j) => relays[j].rttMs > FALLBACK_RTT_MS);
  const tier = (ids: number[]): number[] => {
    const open = ids.filter((j) => !relays[j].saturated);
    const full = ids.filter((j) => relays[j].saturated);
    if (on.p2c && open.length >= 2 && pressure(relays[open[0]]) - pressure(relays[open[1]]) > P2C_PRESSURE_DELTA) {
      open.push(open.shift()!);
    }
    return [...open, ...full];
  };
  return [...tier(fast), ...tier(slow)];
}

/** The sticky layer: a client keeps a relay that is alive, not saturated, not in fallback, and under the pressure threshold. */
export function keeps(r: RelayState): boolean {
  return r.alive && !r.saturated && r.rttMs <= FALLBACK_RTT_MS && pressure(r) <= STICKY_PRESSURE;
}
