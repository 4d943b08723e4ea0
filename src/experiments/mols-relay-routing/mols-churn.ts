import { churn, makeFleet, type RouterId } from '../../lib/mols/index.ts';
import { enoughClients } from './mols-check.ts';
import { meter } from '../shared/meter.ts';
import type { CheckFailure, Experiment, ResultKind } from '../shared/types.ts';

export interface MolsChurnParams extends Record<string, number | string | readonly number[]> {
  clients: number;
  relays: number;
  salt: number;
  spread: number;
}

export type ChurnSetting = 'textbook' | 'layered' | 'layered_nosticky' | 'rendezvous';
export const CHURN_SETTINGS: readonly ChurnSetting[] = ['textbook', 'layered', 'layered_nosticky', 'rendezvous'];

export interface MolsChurnData {
  clients: number;
  relays: number;
  salts: number[];
  /** What a random reshuffle would move: 1 − 1/(N − 1). */
  random: number;
  settings: { id: ChurnSetting; moved: number[]; unaffected: number[] }[];
}

/** Clients routed per run: clients × salts (each about eight rankings). */
export const MAX_CHURN_WORK = 400_000;

const router = (s: ChurnSetting): [RouterId, boolean] => (s === 'layered' ? ['layered', true] : s === 'layered_nosticky' ? ['layered', false] : [s, false]);

/**
 * N → N − 1: each router's busiest relay leaves, and we count the clients that were elsewhere and
 * change relay anyway. Salts rename the clients, so a spread of salts is a spread of fleets.
 */
export const molsChurn: Experiment<MolsChurnParams, MolsChurnData, 'mols-churn'> = {
  id: 'mols.churn',
  summary: 'what a change of N reshuffles, router by router',
  figures: ['mols-churn'],
  cost: {
    work: (p) => p.clients * p.relays * p.spread,
    knob: 'spread',
    secondsPerUnit: 0.00000111,
    probes: { calibrate: { clients: '2000', spread: '20' }, check: { clients: '5000', relays: '12', spread: '4' } },
    // 2 000 clients x 200 fleets (the cap is 400 000 client-fleets), 32 relays.
    slow: { clients: '2000', spread: '200', relays: '32' },
  },
  primary: ['clients', 'relays'],
  params: {
    clients: { kind: 'int', default: 700, min: 10, max: 5_000 },
    // At 3 relays the textbook squares (multiplier 3 ≡ 0 mod 3) put every client on one relay,
    // so when that relay leaves no client stays to be counted: 4 is the smallest fleet to measure.
    relays: { kind: 'int', default: 7, min: 4, max: 32 },
    salt: { kind: 'int', default: 0, min: 0, max: 1_000_000_000 },
    spread: { kind: 'int', default: 1, min: 1, max: 200 },
  },
  check(p): CheckFailure | null {
    const few = enoughClients(p);
    if (few) return few;
    if (p.clients * p.spread > MAX_CHURN_WORK) {
      return { param: 'spread', code: 'too-many-fleets', vars: { work: p.clients * p.spread, limit: MAX_CHURN_WORK }, message: `clients × spread is ${p.clients * p.spread}; at most ${MAX_CHURN_WORK} are allowed. Lower clients or spread.` };
    }
    return null;
  },
  resultKind(key): ResultKind {
    return key.startsWith('moved.') || key === 'random' ? 'percent' : 'int';
  },
  async run(p, ctx) {
    const salts = Array.from({ length: p.spread }, (_, i) => p.salt + i);
    const settings: MolsChurnData['settings'] = CHURN_SETTINGS.map((id) => ({ id, moved: [], unaffected: [] }));
    const counts: Record<string, number> = {};
    const bar = meter(salts.length * settings.length, ctx);
    for (const [k, salt] of salts.entries()) {
      const fleet = makeFleet(p.clients, p.relays, salt);
      for (const s of settings) {
        const c = churn(fleet, ...router(s.id));
        s.moved.push(c.moved / c.unaffected);
        s.unaffected.push(c.unaffected);
        // The article's 492/597 has a counterpart for the textbook router only.
        if (k === 0 && s.id === 'textbook') {
          counts['count.textbook'] = c.moved;
          counts['unaffected.textbook'] = c.unaffected;
        }
        // A yield per router and fleet: at most 5 000 clients ranked twice between two of them.
        await bar.advance(1);
      }
    }
    const results: Record<string, number> = {};
    for (const s of settings) results[`moved.${s.id}`] = s.moved[0];
    results.random = 1 - 1 / (p.relays - 1);
    Object.assign(results, counts);
    const data: MolsChurnData = { clients: p.clients, relays: p.relays, salts, random: results.random, settings };
    return { results, data };
  },
};
