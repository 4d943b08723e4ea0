import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { letter, letters, nginxRequest, nginxUpstream, picks, swrr } from '../../../../src/lib/swrr/index.ts';

/** Recorded from a real nginx by scripts/nginx-swrr-vectors.ts. */
interface Vectors {
  nginx: string;
  steady: { weights: number[]; picks: string }[];
  failure: { weights: number[]; maxFails: number; failTimeout: number; broken: string; phases: { phase: string; requests: string[][] }[] };
}
const vectors = JSON.parse(readFileSync(new URL('../../../vectors/nginx-swrr.json', import.meta.url), 'utf8')) as Vectors;

describe(`swrr against ${vectors.nginx}`, () => {
  for (const { weights, picks: want } of vectors.steady) {
    it(`weights ${weights.join(',')}: the same ${want.length} picks as nginx`, () => {
      expect(letters(picks(swrr(weights), want.length)).toLowerCase()).toBe(want);
    });
  }

  it('a failure and the recovery after fail_timeout: every attempt of every request as nginx made it', () => {
    const { weights, maxFails, failTimeout, broken, phases } = vectors.failure;
    const u = nginxUpstream(weights, { maxFails, failTimeout });
    const brokenPeer = broken.charCodeAt(0) - 97;
    // The phases' clock: the first two within fail_timeout of the failure, the third after it.
    const clock: Record<string, { now: number; broken: boolean }> = {
      down: { now: 0, broken: true },
      'within-timeout': { now: failTimeout, broken: false },
      'after-timeout': { now: failTimeout + 2, broken: false },
    };
    for (const { phase, requests } of phases) {
      const { now, broken: isBroken } = clock[phase];
      const got = requests.map(() => nginxRequest(u, now, (p) => isBroken && p === brokenPeer).map((a) => letter(a.peer).toLowerCase()));
      expect(got, phase).toEqual(requests);
    }
    // The recording shows the slow start: a is back at its full weight by the end.
    expect(u.peers[brokenPeer].effectiveWeight).toBe(weights[brokenPeer]);
  });
});
