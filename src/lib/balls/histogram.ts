/** The largest load; 0 when there are no bins. */
export function maxLoad(bins: Uint32Array): number {
  let max = 0;
  for (let i = 0; i < bins.length; i++) if (bins[i] > max) max = bins[i];
  return max;
}

/** Index = load, value = how many bins hold that load; length = maxLoad(bins) + 1. */
export function loadHistogram(bins: Uint32Array): number[] {
  const counts = new Array<number>(maxLoad(bins) + 1).fill(0);
  for (let i = 0; i < bins.length; i++) counts[bins[i]]++;
  return counts;
}
