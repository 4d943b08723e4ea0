/**
 * The bulletin board: queue lengths as last posted, and the servers it shows as least loaded.
 * Arrivals between postings read only this, never the live queues.
 */
export interface Board {
  readonly lengths: Int32Array;
  /** The first `leastCount` entries: every server whose posted length is the minimum. */
  readonly least: Int32Array;
  leastCount: number;
}

export function makeBoard(n: number): Board {
  return { lengths: new Int32Array(n), least: new Int32Array(n), leastCount: 0 };
}

/** Posts the live queue lengths. O(n), once per period. */
export function post(board: Board, queues: Int32Array): void {
  const { lengths, least } = board;
  lengths.set(queues);
  let min = Infinity;
  let count = 0;
  for (let i = 0; i < lengths.length; i++) {
    const q = lengths[i];
    if (q < min) {
      min = q;
      count = 0;
    }
    if (q === min) least[count++] = i;
  }
  board.leastCount = count;
}
