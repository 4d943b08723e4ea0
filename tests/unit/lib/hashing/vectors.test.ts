import { describe, it, expect } from 'vitest';
import { lookup, ringBytes } from '../../../../src/lib/hashing/ring.ts';
import { nginxKeyHash, nginxRing, nginxServerPoints } from '../../../../src/lib/hashing/points-nginx.ts';
import {
  hashringDigestCount,
  ketamaDigestCount,
  ketamaKeyHash,
  ketamaRing,
  ketamaServerPoints,
} from '../../../../src/lib/hashing/points-ketama.ts';

// Every concrete vector in /work/shared/reference/algorithms.md sections 1.5, 3.1 and 3.2, each
// with where it comes from. The expected values are copied, never recomputed.

describe('nginx `hash $key consistent` (algorithms.md 1.5)', () => {
  it('crc32("/some/path") = 0x46e02226 [computed in 1.5]', () => {
    expect(nginxKeyHash('/some/path')).toBe(0x46e02226);
  });

  it('the first three points of 127.0.0.1:7777 are 0x323bd7a0, 0x03f353a8, 0x72869567 [computed in 1.5]', () => {
    expect(Array.from(nginxServerPoints('127.0.0.1:7777').slice(0, 3))).toEqual([0x323bd7a0, 0x03f353a8, 0x72869567]);
  });

  // pingora-ketama's matches_nginx_sample test: upstreams 127.0.0.1:7777 and :7778, weight 1.
  const servers = ['127.0.0.1:7777', '127.0.0.1:7778'];
  const ring = nginxRing(servers.map((server) => ({ server })));
  it.each([
    ['/some/path', '127.0.0.1:7778'],
    ['/some/longer/path', '127.0.0.1:7777'],
    ['/sad/zaidoon', '127.0.0.1:7778'],
    ['/g', '127.0.0.1:7777'],
    ['/pingora/team/is/cool/and/this/is/a/long/uri', '127.0.0.1:7778'],
    ['/i/am/not/confident/in/this/code', '127.0.0.1:7777'],
  ])('%s goes to %s [pingora matches_nginx_sample]', (key, upstream) => {
    expect(servers[lookup(ring, nginxKeyHash(key))]).toBe(upstream);
  });

  it('with 127.0.0.{1..10}:6443, key "a" goes to .10 and "b" to .5 [pingora consistency_after_adding_host]', () => {
    const hosts = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 1}:6443`);
    const r = nginxRing(hosts.map((server) => ({ server })));
    expect(hosts[lookup(r, nginxKeyHash('a'))]).toBe('127.0.0.10:6443');
    expect(hosts[lookup(r, nginxKeyHash('b'))]).toBe('127.0.0.5:6443');
  });

  // pingora-ketama/test-data: nginx.conf has 10.0.0.{1..9}:443 weight=100 and
  // `hash $request_uri consistent`; sample-nginx-upstream.csv is a real nginx access log
  // (cloudflare/pingora @ cabd7e6f8f81). 1.5 reports all 1001 lines reproduced; these are its
  // first 12 lines, copied verbatim (the full file is not in this repository).
  const traceServers = Array.from({ length: 9 }, (_, i) => `10.0.0.${i + 1}:443`);
  const traceRing = nginxRing(traceServers.map((server) => ({ server, weight: 100 })));

  it('the 9 x weight-100 ring has 144 000 points, no collisions, 864 000 bytes [1.5]', () => {
    expect(traceRing.hashes.length).toBe(144_000);
    expect(new Set(traceRing.hashes).size).toBe(144_000);
    expect(ringBytes(traceRing)).toBe(144_000 * 6);
  });

  it.each([
    ['/81fa1d251d605775d647b5b55565e71526d4cef6', '10.0.0.7:443'],
    ['/2fec328e6ccdda6a7edf329f9f780e546ea183b4', '10.0.0.5:443'],
    ['/19fb835d90883a6263ec4279c6da184e3f1a79b2', '10.0.0.4:443'],
    ['/da7a88e542f7aaddc074f988164b9df7e5f7fea6', '10.0.0.4:443'],
    ['/8f87cfd8005306643b6528b3d4125cf005139a7e', '10.0.0.5:443'],
    ['/26d2769eab098458bc3e4e641a4b7d8abffd0aea', '10.0.0.6:443'],
    ['/aa5b5323980f2d3e21246212ebd820c3949c1e88', '10.0.0.7:443'],
    ['/d9c4bc3cc4517c629e8f4c911c2fd8baf260ae65', '10.0.0.1:443'],
    ['/28c1c069a2904bb3b3e0f9731b1ff8de9ab7a76d', '10.0.0.4:443'],
    ['/fe5199bdfeee5cd431ae7e9f77f178164f9995a0', '10.0.0.9:443'],
    ['/43992eee187920c5e8695332f71ca6e23ef6ac4b', '10.0.0.3:443'],
    ['/38528aab753a6f32de86b5a7acdbb0c885137a81', '10.0.0.9:443'],
  ])('real nginx sent %s to %s [pingora sample-nginx-upstream.csv]', (uri, upstream) => {
    expect(traceServers[lookup(traceRing, nginxKeyHash(uri))]).toBe(upstream);
  });
});

describe('libketama (algorithms.md 3.1)', () => {
  it('MD5("127.0.0.1:11211-0") gives the points [2589391586, 1482608462, 2562656683, 1506298073] [computed in 3.1]', () => {
    expect(Array.from(ketamaServerPoints('127.0.0.1:11211', 1))).toEqual([
      2589391586, 1482608462, 2562656683, 1506298073,
    ]);
  });

  it('ketama_hashi("foo") = 3675831724 [computed in 3.1]', () => {
    expect(ketamaKeyHash('foo')).toBe(3675831724);
  });

  it('libketama drops to 39 digests only at N = 61, 122, 237, 244, 474, 488, ...: 22 values <= 2000 [3.2]', () => {
    const short = [];
    for (let n = 1; n <= 2000; n++) if (ketamaDigestCount(1, n, n) !== 40) short.push(n);
    expect(short.slice(0, 6)).toEqual([61, 122, 237, 244, 474, 488]);
    expect(short.length).toBe(22);
  });

  it('equal weights give 40 digests x 4 = 160 points per server [3.1]', () => {
    const r = ketamaRing(Array.from({ length: 7 }, (_, i) => ({ addr: `10.0.0.${i}:11211` })));
    expect(r.hashes.length).toBe(7 * 160);
  });
});

describe('npm hashring 3.2.0 (algorithms.md 3.2)', () => {
  it('7 equal servers build 39 digests = 156 points each, ring.length 1092 [verified on 3.2.0 in 3.2]', () => {
    expect(hashringDigestCount(1, 7, 7)).toBe(39);
    const r = ketamaRing(
      Array.from({ length: 7 }, (_, i) => ({ addr: `10.0.0.${i}:11211` })),
      hashringDigestCount,
    );
    expect(r.hashes.length).toBe(1092);
  });

  it('hashring drops to 39 at 168 values of N up to 2000 [3.2]', () => {
    let short = 0;
    for (let n = 1; n <= 2000; n++) if (hashringDigestCount(1, n, n) !== 40) short++;
    expect(short).toBe(168);
  });

  it('hashring drops to 39 at the first 30 listed N up to 500, and nowhere else [3.2]', () => {
    const listed = [
      7, 14, 28, 49, 56, 98, 103, 112, 141, 147, 161, 196, 206, 224, 253, 269, 281, 282, 294, 303, 319, 322, 379, 389,
      392, 397, 412, 417, 443, 447,
    ];
    const short = [];
    for (let n = 1; n <= 447; n++) if (hashringDigestCount(1, n, n) !== 40) short.push(n);
    expect(short).toEqual(listed);
  });
});
