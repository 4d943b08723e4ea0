import type { Rng } from '../random/index.ts';
import { identity } from '../hashing/fnv1a.ts';
import { layeredGrid, layeredRank, type LayeredDesign } from './layered.ts';
import { applyLayers, CONGESTION_RTT_MS, EWMA_ALPHA, keeps, nextSaturated, type LayerSwitches, type RelayState } from './layers.ts';
import { clientName, relayName } from './fleet.ts';

/**
 * A time-stepped fleet. Each step: some clients leave and new ones arrive, relays' latencies drift,
 * the script's events happen (the busiest relay fails at 20% of the run and returns at 40%;
 * all latencies rise eightfold from 55% to 65%, a congestion episode; relay 0 turns flaky, its RTT
 * spread jumping to 0.6, from 75% to 90%), then every client that must
 * (or, without the sticky layer, every client) is routed again through the layered router.
 *
 * Our modelling choices, none of which the article specifies: capacity is four even shares per
 * relay, so an even spread has load 1/4; a relay's RTT is a base (30–150 ms) times a drift
 * (a ±5% multiplicative walk), times 1 + 3 × (load − 0.8) above load 0.8; jitter is a fixed
 * per-relay draw in [0, 0.15].
 */
export interface DynamicParams {
  clients: number;
  relays: number;
  steps: number;
  /** Chance per step that a client leaves (and a new one takes its place). */
  turnover: number;
  design: LayeredDesign;
  layers: LayerSwitches;
}

export interface DynamicStep {
  /** Clients that changed relay while theirs was still up (not arrivals, not forced off a dead relay). */
  reconnects: number;
  /** Clients moved off a relay that had just failed. */
  forced: number;
  /** Busiest relay's clients over the mean of the live relays. */
  spread: number;
  /** Mean RTT the clients see, ms. */
  rtt: number;
  /** Whether the congestion reorder was active. */
  congested: boolean;
  alive: number;
}

export interface DynamicRun {
  steps: DynamicStep[];
  failAt: number;
  returnAt: number;
  episode: [number, number];
}

export class DynamicFleet {
  readonly relays: RelayState[];
  private readonly ids: number[];
  private readonly base: number[];
  private readonly drift: number[];
  private readonly jitter: number[];
  private readonly clients: Uint32Array;
  private readonly at: Int32Array;
  private readonly capacity: number;
  private nextClient: number;
  private step = 0;
  readonly failAt: number;
  readonly returnAt: number;
  readonly episode: [number, number];
  /** Steps during which relay 0's RTT spread (jitter) jumps to 0.6: a flaky relay. */
  readonly flaky: [number, number];

  private readonly p: DynamicParams;
  private readonly rng: Rng;

  constructor(p: DynamicParams, rng: Rng) {
    this.p = p;
    this.rng = rng;
    const n = p.relays;
    this.ids = Array.from({ length: n }, (_, j) => identity(relayName(j)));
    this.base = Array.from({ length: n }, () => 30 + rng.below(121));
    this.drift = new Array<number>(n).fill(1);
    this.jitter = Array.from({ length: n }, () => rng.below(151) / 1000);
    this.relays = this.jitter.map((jitter) => ({ alive: true, load: 0, ewma: 0, previous: 0, jitter, rttMs: 0, saturated: false }));
    this.capacity = (4 * p.clients) / n;
    this.clients = new Uint32Array(p.clients);
    this.at = new Int32Array(p.clients).fill(-1);
    for (let i = 0; i < p.clients; i++) this.clients[i] = identity(clientName(0, i));
    this.nextClient = p.clients;
    this.failAt = Math.floor(0.2 * p.steps);
    this.returnAt = Math.floor(0.4 * p.steps);
    this.episode = [Math.floor(0.55 * p.steps), Math.floor(0.65 * p.steps)];
    this.flaky = [Math.floor(0.75 * p.steps), Math.floor(0.9 * p.steps)];
    this.measure();
    this.routeAll(true);
  }

  /** The relay that fails: the busiest once the fleet has settled (the first step's assignment). */
  private victim = -1;

  private measure(): void {
    const n = this.p.relays;
    const counts = new Array<number>(n).fill(0);
    for (const j of this.at) if (j >= 0) counts[j]++;
    const congested = this.step >= this.episode[0] && this.step < this.episode[1];
    const flaky = this.step >= this.flaky[0] && this.step < this.flaky[1];
    this.relays.forEach((r, j) => {
      r.jitter = j === 0 && flaky ? 0.6 : this.jitter[j];
      r.previous = r.load;
      r.load = counts[j] / this.capacity;
      r.ewma = this.step === 0 ? r.load : EWMA_ALPHA * r.load + (1 - EWMA_ALPHA) * r.ewma;
      r.saturated = nextSaturated(r.saturated, r.load);
      r.rttMs = this.base[j] * this.drift[j] * (1 + 3 * Math.max(0, r.load - 0.8)) * (congested ? 8 : 1);
    });
  }

  private meanRtt(): number {
    const live = this.relays.filter((r) => r.alive);
    return live.reduce((s, r) => s + r.rttMs, 0) / live.length;
  }

  /** Routes clients; returns [reconnects, forced]. `all` routes everyone (start, or no sticky layer). */
  private routeAll(all: boolean): [number, number] {
    // The live pool in hash order (the grid's columns), its grid, and the reorder switch, once per pass.
    const pool = this.ids.map((id, j) => ({ id, j })).filter(({ j }) => this.relays[j].alive).sort((a, b) => a.id - b.id);
    const g = layeredGrid(pool.length, this.p.design);
    const mirror = this.p.layers.congestion && this.meanRtt() > CONGESTION_RTT_MS;
    let reconnects = 0;
    let forced = 0;
    for (let i = 0; i < this.clients.length; i++) {
      const cur = this.at[i];
      if (cur >= 0 && !all && keeps(this.relays[cur])) continue;
      const geometric = layeredRank(this.clients[i], g, mirror).map((k) => pool[k].j);
      const next = applyLayers(geometric, this.relays, this.p.layers)[0];
      if (cur >= 0 && next !== cur) {
        if (this.relays[cur].alive) reconnects++;
        else forced++;
      }
      this.at[i] = next;
    }
    return [reconnects, forced];
  }

  /** One step of time. */
  advance(): DynamicStep {
    this.step++;
    const { rng } = this;
    for (let j = 0; j < this.drift.length; j++) {
      this.drift[j] = Math.min(3, Math.max(0.5, this.drift[j] * (0.95 + rng.below(101) / 1000)));
    }
    const threshold = Math.round(this.p.turnover * 1e6);
    for (let i = 0; i < this.clients.length; i++) {
      if (rng.below(1e6) < threshold) {
        this.clients[i] = identity(clientName(1, this.nextClient++));
        this.at[i] = -1;
      }
    }
    if (this.step === this.failAt) {
      const counts = new Array<number>(this.p.relays).fill(0);
      for (const j of this.at) if (j >= 0) counts[j]++;
      this.victim = counts.indexOf(Math.max(...counts));
      this.relays[this.victim].alive = false;
    }
    if (this.step === this.returnAt && this.victim >= 0) this.relays[this.victim].alive = true;
    this.measure();
    const [reconnects, forced] = this.routeAll(!this.p.layers.sticky);
    const counts = new Array<number>(this.p.relays).fill(0);
    let rtt = 0;
    for (const j of this.at) {
      counts[j]++;
      rtt += this.relays[j].rttMs;
    }
    const live = counts.filter((_, j) => this.relays[j].alive);
    const mean = this.clients.length / live.length;
    return {
      reconnects,
      forced,
      spread: Math.max(...live) / mean,
      rtt: rtt / this.clients.length,
      congested: this.p.layers.congestion && this.meanRtt() > CONGESTION_RTT_MS,
      alive: live.length,
    };
  }
}
