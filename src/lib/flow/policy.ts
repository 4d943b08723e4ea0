/**
 * The balancer's policies. `random` and `rr` ignore speeds; `swrr` takes the speeds as its
 * weights; `jsq` and `p2c` compare loads, a load being the number in system divided by the
 * server's speed (nginx's least_conn compares conns/weight the same way).
 */
export const POLICIES = ['random', 'rr', 'swrr', 'jsq', 'p2c'] as const;

export type Policy = (typeof POLICIES)[number];

export function isPolicy(name: string): name is Policy {
  return (POLICIES as readonly string[]).includes(name);
}
