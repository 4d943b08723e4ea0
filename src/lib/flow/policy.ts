/**
 * The balancer's policies. `random` and `rr` ignore speeds; `swrr` takes the speeds as its
 * weights; `jsq` and `p2c` compare loads, a load being the number in system divided by the
 * server's speed (nginx's least_conn compares conns/weight the same way). The production ones:
 * `least_conn` is nginx's least_conn (every server, conns/weight, ties by SWRR among the tied);
 * `random_two` is nginx's `random two least_conn` (two distinct servers drawn by weight, the one
 * with fewer conns per weight, ties to the second); `least_request` is Envoy's least request on
 * hosts without weights (`choices` servers drawn uniformly with replacement, fewer active
 * requests wins, the first drawn on a tie); `peak_ewma` is Finagle's and Linkerd's (tower's)
 * P2C over Peak EWMA: two distinct servers, the lower latency estimate × (active + 1).
 */
export const POLICIES = ['random', 'rr', 'swrr', 'jsq', 'p2c', 'least_conn', 'random_two', 'least_request', 'peak_ewma'] as const;

export type Policy = (typeof POLICIES)[number];

export function isPolicy(name: string): name is Policy {
  return (POLICIES as readonly string[]).includes(name);
}

/** What each policy does, in a line (the terminal's help: `npm run reproduce -- flow.sim --help`). */
export const POLICY_NOTES: Record<Policy, string> = {
  random: 'a server uniformly at random',
  rr: 'round robin, speeds ignored',
  swrr: 'smooth weighted round robin (nginx), the speeds as weights',
  jsq: 'join the shortest queue: every server, the fewest in system per speed',
  p2c: 'power of d choices: `choices` servers drawn uniformly, the fewest in system per speed',
  least_conn: 'least connections (nginx least_conn): every server, the fewest connections per weight (speed), ties by SWRR among the tied',
  random_two: 'random two (nginx random two least_conn): two distinct servers drawn by weight, the fewer connections per weight',
  least_request: 'least request (Envoy): `choices` servers drawn uniformly, the fewest active requests',
  peak_ewma: 'Peak EWMA (Finagle, Linkerd): two distinct servers, the lower latency EWMA × (active + 1), the estimate decaying over `decay`',
};
