/**
 * A known slow parameter set per experiment, for the Cancel tests (the browser's every-cell test
 * and the unit contract test): long enough to be caught mid-run on this machine, within the spec's
 * bounds, as the text a reader types. `null`: the experiment is always fast.
 */
export const SLOW: Record<string, Record<string, string> | null> = {
  'balls.maxload': { n: '10000000' },
  'balls.histogram': { n: '10000000' },
  // The defaults (from 3 to 7, so up to 10^7 balls) take seconds.
  'balls.growth': {},
  // horizon=200000 is refused by the experiment's own work cap (12557 million events > 2000 million
  // with n = 1000); 20000 (~1256 million) is allowed and runs for minutes.
  'supermarket.t': { horizon: '20000' },
  'supermarket.table': { horizon: '400000' },
  'herd.stale': { horizon: '100000' },
  // side ≤ 60: at most 3600 balls, always done within a frame or two.
  'balls.grid': null,
  // 10^6 keys x 15 layouts x 3 settings: 45 million lookups, under the cell's cap of 60 million.
  'chash.remap': { keys: '1000000', spread: '15' },
  'chash.sweep': { keys: '500000' },
  // At most 12 nodes x 16 points and 2000 keys: always fast.
  'chash.ring': null,
  // -- ketama --
  // 1000 servers x 3 rings x (1 ... 1000 points): about 6 million ring points.
  'ketama.spread': { nodes: '1000', points: '1000', rings: '3' },
  // Counting k up to 10 000 exactly at 2048 servers: 20 million points through the bitmap, twice.
  'ketama.collisions': { exact: '10000' },
  // A 4-million-point ring in both layouts and a million timed lookups on each (cache misses: seconds).
  'ketama.memory': { nodes: '4000', points: '1000', lookups: '1000000' },
  // 4096 servers x 916 points and 500 000 keys through two rings.
  'ketama.migration': { nodes: '4096', old: '900', keys: '500000' },
  // At most 2000 units of weight (320 000 points) and 200 keys: always fast.
  'ketama.lookup': null,
  // -- /ketama --
  // -- swrr --
  // At most 60 rounds of 12 nodes, 200 rounds, 100 callers x 900 picks: always fast.
  'swrr.trace': null,
  'swrr.failure': null,
  'swrr.tests': null,
  // 2 x 10^6 items x 3 schemes, in chunks of 10^5 (only text parameters here: the test types them).
  'swrr.compare': { items: '2000000' },
  // 2 x 10^7 restarts x 3 warm-ups, in chunks of 5 x 10^4.
  'swrr.warmup': { restarts: '20000000' },
  // 10^7 requests through 64 pods, and through one shared instance, in chunks of 10^5.
  'swrr.pods': { requests: '10000000', pods: '64' },
  // -- end swrr --
  // -- mols --
  // At most 16 x 16 cells: always fast.
  'mols.squares': null,
  // 200 000 clients x 4 routers x 32 relays: seconds of rankings.
  'mols.failover': { clients: '200000', relays: '32' },
  // 2 000 clients x 200 fleets (the cap is 400 000 client-fleets), 32 relays.
  'mols.churn': { clients: '2000', spread: '200', relays: '32' },
  'mols.even': { clients: '200000', relays: '32' },
  // 5 million calls x 3 settings x 9 repeats: well over ten seconds.
  'mols.speed': { calls: '2000000', repeats: '5' },
  // 4 000 clients x 200 steps over 32 relays, with no sticky layer: every client re-ranked every step.
  'mols.dynamic': { clients: '4000', steps: '200', sticky: 'off', relays: '32' },
  // -- end mols --
  // -- placement lab --
  // 500 000 keys, three passes per scheme, all schemes: seconds (10^6 is over the work cap).
  'lab.compare': { keys: '500000' },
  // 300 000 keys at each of seven node counts up to 200.
  'lab.sweep': { keys: '300000' },
  'lab.weights': { keys: '1000000' },
  // jsq scans every server on each request: 1000 servers and 900 000 requests take seconds.
  'flow.sim': { servers: '1000', policy: 'jsq', requests: '900000' },
  'flow.compare': { servers: '1000', requests: '900000' },
  // -- end placement lab --
};
