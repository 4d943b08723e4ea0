/**
 * How an arrival reads the board: a number d samples d servers uniformly (with replacement) and
 * joins the one the board shows shortest (d = 1 ignores the board: random assignment);
 * 'least-loaded' joins a server the board shows shortest of all.
 */
export type Strategy = number | 'least-loaded';

export function checkStrategy(strategy: Strategy): void {
  if (strategy !== 'least-loaded' && !(Number.isInteger(strategy) && strategy >= 1)) {
    throw new RangeError(`strategy must be a positive integer d or 'least-loaded', got ${String(strategy)}`);
  }
}

export function strategyName(strategy: Strategy): string {
  return strategy === 'least-loaded' ? 'least-loaded' : `d=${strategy}`;
}
