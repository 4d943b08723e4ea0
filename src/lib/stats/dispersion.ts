/**
 * The coefficient of variation with the population standard deviation: sqrt(Σ(x − m)² / n) / m.
 * `mean` may be passed when the caller knows it (keys over nodes); it must equal the values' mean.
 */
export function coefficientOfVariation(values: ArrayLike<number>, mean?: number): number {
  const n = values.length;
  let m = mean;
  if (m === undefined) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[i];
    m = sum / n;
  }
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (values[i] - m) * (values[i] - m);
  return Math.sqrt(sq / n) / m;
}

/** Pearson's χ² of counts against an even split (n − 1 degrees of freedom). */
export function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((s, c) => s + c, 0);
  const e = total / counts.length;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
}
