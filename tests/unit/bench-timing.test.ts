import { describe, expect, it, vi } from 'vitest';
import { interleaved, interleavedAsync, printTable } from '../../scripts/bench/timing.ts';

describe('bench timing', () => {
  it('interleaved warms every candidate up once, then times them in turn, preparing each run off the clock', () => {
    const calls: string[] = [];
    const times = interleaved(
      {
        a: (rep) => {
          calls.push(`prepare a ${rep}`);
          return () => void calls.push(`run a ${rep}`);
        },
        b: (rep) => {
          calls.push(`prepare b ${rep}`);
          return () => void calls.push(`run b ${rep}`);
        },
      },
      2,
    );
    expect(calls).toEqual(['prepare a -1', 'run a -1', 'prepare b -1', 'run b -1', 'prepare a 0', 'run a 0', 'prepare b 0', 'run b 0', 'prepare a 1', 'run a 1', 'prepare b 1', 'run b 1']);
    expect(times.a).toHaveLength(2);
    expect(times.b.every((ms) => ms >= 0)).toBe(true);
  });

  it('interleavedAsync awaits each candidate in turn after one warm-up, and keeps a time a candidate reports itself', async () => {
    const calls: string[] = [];
    const times = await interleavedAsync(
      {
        a: async () => void calls.push('a'),
        c: () => {
          calls.push('c');
          return 42;
        },
      },
      2,
    );
    expect(calls).toEqual(['a', 'c', 'a', 'c', 'a', 'c']);
    expect(times.c).toEqual([42, 42]);
    expect(times.a).toHaveLength(2);
  });

  it('printTable pads columns two spaces apart, right-aligned where asked', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    printTable([['name', 'ms'], ['long name', '1.5'], ['x', '10.25']], (col) => col === 1);
    expect(log.mock.calls.map((c) => c[0])).toEqual(['name          ms', 'long name    1.5', 'x          10.25']);
    log.mockRestore();
  });
});
