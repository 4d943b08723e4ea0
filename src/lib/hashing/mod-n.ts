/**
 * The baseline a ring is measured against: node = hash mod N. Growing N to N + 1 keeps a key only
 * when hash mod N = hash mod (N + 1), so about N/(N + 1) of all keys move (80 % from 4 to 5 nodes),
 * where a ring moves about 1/(N + 1).
 */
export function modN(keyHash: number, nodeCount: number): number {
  if (!Number.isInteger(nodeCount) || nodeCount < 1)
    throw new RangeError(`modN: nodeCount must be >= 1, got ${nodeCount}`);
  return keyHash % nodeCount;
}
