/** The arithmetic mean; NaN for no values. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

/** The unbiased sample variance (divisor length − 1); NaN for fewer than two values. */
export function sampleVariance(values: ArrayLike<number>): number {
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < values.length; i++) ss += (values[i] - m) * (values[i] - m);
  return ss / (values.length - 1);
}
