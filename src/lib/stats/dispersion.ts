/** How many of `owners` name each of 0 … `slots` − 1: keys per node, picks per server. */
export function counts(owners: ArrayLike<number>, slots: number): Uint32Array {
  const c = new Uint32Array(slots);
  for (let i = 0; i < owners.length; i++) c[owners[i]]++;
  return c;
}

/** The least and largest value and the population standard deviation around the mean. */
export interface Spread {
  mean: number;
  min: number;
  max: number;
  /** sqrt(Σ(x − mean)² / n). */
  std: number;
}

/**
 * The least and largest of the values and their population standard deviation. `mean` may be
 * passed when the caller knows it (keys over nodes); it must equal the values' mean.
 */
export function spread(values: ArrayLike<number>, mean?: number): Spread {
  const n = values.length;
  let m = mean;
  if (m === undefined) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[i];
    m = sum / n;
  }
  let min = Infinity;
  let max = -Infinity;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (x < min) min = x;
    if (x > max) max = x;
    sq += (x - m) * (x - m);
  }
  return { mean: m, min, max, std: Math.sqrt(sq / n) };
}

/**
 * The coefficient of variation with the population standard deviation: sqrt(Σ(x − m)² / n) / m.
 * `mean` may be passed when the caller knows it (keys over nodes); it must equal the values' mean.
 */
export function coefficientOfVariation(values: ArrayLike<number>, mean?: number): number {
  const s = spread(values, mean);
  return s.std / s.mean;
}

/** How evenly `total` keys sit on the nodes counted in `c`, each measure over the mean. */
export interface Balance {
  /** Keys on the fullest node over the mean. */
  maxmean: number;
  /** Keys on the emptiest node over the mean. */
  minmean: number;
  /** Standard deviation of keys per node over the mean. */
  cv: number;
}

/** The balance of `total` keys counted per node in `c`. */
export function balance(c: ArrayLike<number>, total: number): Balance {
  const s = spread(c, total / c.length);
  return { maxmean: s.max / s.mean, minmean: s.min / s.mean, cv: s.std / s.mean };
}

/**
 * The coefficient of variation sampling alone gives with `keys` keys thrown uniformly on `nodes`
 * nodes (multinomial counts): sqrt((N − 1) / keys).
 */
export const noiseFloor = (nodes: number, keys: number): number => Math.sqrt((nodes - 1) / keys);

/** Pearson's χ² of counts against an even split (n − 1 degrees of freedom). */
export function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((s, c) => s + c, 0);
  const e = total / counts.length;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
}
