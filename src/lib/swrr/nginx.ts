import { checkWeights } from './swrr.ts';

/**
 * nginx's round-robin peer selection with its failure accounting, ported from
 * src/http/ngx_http_upstream_round_robin.c (ngx_http_upstream_get_peer and
 * ngx_http_upstream_free_round_robin_peer; nginx 1.22, the same logic as the 2026 tree).
 * Time is whatever the caller passes as `now` (nginx uses whole seconds); fail_timeout is in
 * the same unit. max_conns, backup peers and sticky sessions are left out.
 */
export interface NginxPeer {
  readonly weight: number;
  /** Drops on a failure, climbs back by 1 each time the peer takes part in a selection. */
  effectiveWeight: number;
  currentWeight: number;
  fails: number;
  /** When the last failure happened. */
  accessed: number;
  /** When the peer was last checked: a failure, or a probe let through after fail_timeout. */
  checked: number;
  down: boolean;
}

export interface NginxUpstream {
  readonly peers: NginxPeer[];
  /** nginx's defaults: max_fails=1, fail_timeout=10 (seconds). */
  readonly maxFails: number;
  readonly failTimeout: number;
}

export interface NginxOptions {
  maxFails?: number;
  failTimeout?: number;
}

export function nginxUpstream(weights: ArrayLike<number>, { maxFails = 1, failTimeout = 10 }: NginxOptions = {}): NginxUpstream {
  checkWeights(weights);
  // nginx refuses "weight=0" in its configuration; a weight-0 peer here is simply down.
  const peers = Array.from(weights, (weight) => ({
    weight,
    effectiveWeight: weight,
    currentWeight: 0,
    fails: 0,
    accessed: 0,
    checked: 0,
    down: weight === 0,
  }));
  return { peers, maxFails, failTimeout };
}

/** Whether a peer takes part in a selection at `now` (the skips at the top of get_peer's loop). */
export function eligible(u: NginxUpstream, i: number, now: number, tried?: ReadonlySet<number>): boolean {
  const p = u.peers[i];
  if (tried?.has(i) || p.down) return false;
  return !(u.maxFails !== 0 && p.fails >= u.maxFails && now - p.checked <= u.failTimeout);
}

/**
 * ngx_http_upstream_get_peer: one selection, or -1 when every peer is tried, down or failed.
 * Peers already `tried` by this request (a retry after a failure) sit it out.
 */
export function nginxPick(u: NginxUpstream, now: number, tried?: ReadonlySet<number>): number {
  // A lone peer (peers->single) skips the weights and the failure checks altogether.
  if (u.peers.length === 1) return u.peers[0].down || tried?.has(0) ? -1 : 0;
  let best = -1;
  let total = 0;
  const { peers } = u;
  for (let i = 0; i < peers.length; i++) {
    if (!eligible(u, i, now, tried)) continue;
    const p = peers[i];
    p.currentWeight += p.effectiveWeight;
    total += p.effectiveWeight;
    // Recovery: +1 for every selection the peer takes part in, picked or not.
    if (p.effectiveWeight < p.weight) p.effectiveWeight++;
    if (best === -1 || p.currentWeight > peers[best].currentWeight) best = i;
  }
  if (best === -1) return -1;
  const b = peers[best];
  b.currentWeight -= total;
  // After fail_timeout one request is let through as a probe; checking it restarts the clock.
  if (now - b.checked > u.failTimeout) b.checked = now;
  return best;
}

/** ngx_http_upstream_free_round_robin_peer: the outcome of the request sent to peer `i`. */
export function nginxFree(u: NginxUpstream, i: number, failed: boolean, now: number): void {
  const p = u.peers[i];
  // A lone peer keeps no failure count: there is nothing to fail over to.
  if (u.peers.length === 1) return;
  if (failed) {
    p.fails++;
    p.accessed = now;
    p.checked = now;
    if (u.maxFails !== 0) {
      p.effectiveWeight -= Math.floor(p.weight / u.maxFails);
      if (p.effectiveWeight < 0) p.effectiveWeight = 0;
    }
  } else if (p.accessed < p.checked) {
    p.fails = 0;
  }
}

/** One attempt of one request: the peer tried and whether it failed. */
export interface Attempt {
  peer: number;
  failed: boolean;
}

/**
 * One request as nginx with `proxy_next_upstream` serves it: pick, send, and on a failure mark
 * the peer tried and pick again, until a peer answers or none is left (an empty last attempt
 * list means nginx had no peer at all). `broken(i)` says whether peer i fails right now.
 */
export function nginxRequest(u: NginxUpstream, now: number, broken: (peer: number) => boolean): Attempt[] {
  const tried = new Set<number>();
  const attempts: Attempt[] = [];
  for (;;) {
    const peer = nginxPick(u, now, tried);
    if (peer === -1) return attempts;
    const failed = broken(peer);
    nginxFree(u, peer, failed, now);
    attempts.push({ peer, failed });
    if (!failed) return attempts;
    tried.add(peer);
  }
}
