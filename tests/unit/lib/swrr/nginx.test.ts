import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { letters, nginxFree, nginxPick, nginxRequest, nginxUpstream, picks, swrr } from '../../../../src/lib/swrr/index.ts';

const pickN = (u: ReturnType<typeof nginxUpstream>, n: number, now = 0) => Array.from({ length: n }, () => nginxPick(u, now));

describe('nginx round robin', () => {
  it('with no failures picks exactly what swrr picks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 8 }), (w) => {
        const total = w.reduce((a, b) => a + b, 0);
        expect(pickN(nginxUpstream(w), 2 * total)).toEqual(picks(swrr(w), 2 * total));
      }),
    );
  });

  it('5,1,1 with a just failed (effective weight 0) goes b c a a b a a c a a a b a a while it climbs back', () => {
    const u = nginxUpstream([5, 1, 1], { maxFails: 0 });
    u.peers[0].effectiveWeight = 0;
    expect(letters(pickN(u, 14)).toLowerCase()).toBe('bcaabaacaaabaa');
    expect(u.peers[0].effectiveWeight).toBe(5);
  });

  it('a failure with max_fails=1 drops the peer to effective weight 0 and out for fail_timeout; then it comes back by 1 per selection', () => {
    const u = nginxUpstream([5, 1, 1], { maxFails: 1, failTimeout: 10 });
    expect(nginxPick(u, 0)).toBe(0);
    nginxFree(u, 0, true, 0);
    expect(u.peers[0]).toMatchObject({ effectiveWeight: 0, fails: 1, checked: 0 });
    // Within fail_timeout (now - checked <= 10) a is skipped: b and c share the picks.
    expect(letters(pickN(u, 4, 10)).toLowerCase()).toBe('bcbc');
    expect(u.peers[0].effectiveWeight).toBe(0);
    // After it, a takes part again, is picked once as a probe (checked = now), and succeeds.
    const after = [];
    for (let i = 0; i < 14; i++) {
      const p = nginxPick(u, 11);
      nginxFree(u, p, false, 11);
      after.push(p);
    }
    expect(u.peers[0].fails).toBe(0);
    expect(u.peers[0].effectiveWeight).toBe(5);
    expect(after.filter((p) => p === 0).length).toBeGreaterThan(0);
  });

  it('max_fails=2 lowers the effective weight by weight/2 per failure (integer division) and clamps at 0', () => {
    const u = nginxUpstream([5, 1], { maxFails: 2 });
    nginxFree(u, 0, true, 0);
    expect(u.peers[0].effectiveWeight).toBe(3);
    nginxFree(u, 0, true, 0);
    expect(u.peers[0].effectiveWeight).toBe(1);
    nginxFree(u, 0, true, 0);
    expect(u.peers[0].effectiveWeight).toBe(0);
  });

  it('a request that meets a broken peer is retried on the others, which get a second selection', () => {
    const u = nginxUpstream([5, 1, 1]);
    const attempts = nginxRequest(u, 0, (p) => p === 0);
    expect(attempts).toEqual([
      { peer: 0, failed: true },
      { peer: 1, failed: false },
    ]);
    // All three are tried and fail: nginx has nowhere left to send it.
    const v = nginxUpstream([1, 1, 1]);
    expect(nginxRequest(v, 0, () => true).map((a) => a.peer)).toEqual([0, 1, 2]);
  });

  it('a lone peer is never taken out', () => {
    const u = nginxUpstream([3]);
    nginxFree(u, 0, true, 0);
    expect(nginxPick(u, 0)).toBe(0);
  });
});
