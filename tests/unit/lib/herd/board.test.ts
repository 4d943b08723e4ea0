import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBoard, post } from '../../../../src/lib/herd/board.ts';

describe('bulletin board', () => {
  it('copies the queues and lists exactly the servers at the minimum, in index order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(6), { minLength: 1, maxLength: 200 }), (lengths) => {
        const queues = Int32Array.from(lengths);
        const board = makeBoard(queues.length);
        post(board, queues);
        expect(Array.from(board.lengths)).toEqual(lengths);
        const min = Math.min(...lengths);
        const expected = lengths.flatMap((q, i) => (q === min ? [i] : []));
        expect(Array.from(board.least.subarray(0, board.leastCount))).toEqual(expected);
      }),
    );
  });

  it('does not follow the queues after posting', () => {
    const queues = Int32Array.from([2, 0, 1]);
    const board = makeBoard(3);
    post(board, queues);
    queues[1] = 9;
    expect(board.lengths[1]).toBe(0);
  });
});
