import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import zlib from 'node:zlib';
import { nginxHostPort, nginxRing, nginxServerPoints } from '../../../../src/lib/hashing/points-nginx.ts';

describe('nginxHostPort', () => {
  it('splits as ngx_http_upstream_update_chash does', () => {
    expect(nginxHostPort('10.0.0.1:443')).toEqual({ host: '10.0.0.1', port: '443' });
    expect(nginxHostPort('backend')).toEqual({ host: 'backend', port: '' });
    expect(nginxHostPort('UNIX:/run/app.sock')).toEqual({ host: '/run/app.sock', port: '' });
    expect(nginxHostPort('[::1]:80')).toEqual({ host: '[::1]', port: '80' });
    // A trailing colon with no digits still splits there: nginx's loop meets ':' first.
    expect(nginxHostPort('host:')).toEqual({ host: 'host', port: '' });
    // The last colon is not followed only by digits: no port.
    expect(nginxHostPort('[::1]')).toEqual({ host: '[::1]', port: '' });
  });
});

describe('nginxServerPoints', () => {
  it('each point is zlib.crc32(host \\0 port ++ previous point as 4 LE bytes), starting from 0', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.]{1,15}:[0-9]{1,5}$/),
        fc.integer({ min: 1, max: 3 }),
        (server, weight) => {
          const points = nginxServerPoints(server, weight);
          expect(points.length).toBe(160 * weight);
          const { host, port } = nginxHostPort(server);
          let prev = 0;
          for (const p of points) {
            const le = Buffer.alloc(4);
            le.writeUInt32LE(prev);
            expect(p).toBe(zlib.crc32(Buffer.concat([Buffer.from(host), Buffer.from([0]), Buffer.from(port), le])));
            prev = p;
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a lighter server's points are the first links of a heavier one's chain", () => {
    expect(nginxServerPoints('10.0.0.1:443', 3).slice(0, 160)).toEqual(nginxServerPoints('10.0.0.1:443', 1));
  });
});

describe('nginxRing', () => {
  it('has weight x 160 points per server and 6 bytes a point', () => {
    const r = nginxRing([{ server: 'a:1', weight: 2 }, { server: 'b:1' }]);
    expect(r.hashes.length).toBe(480);
    expect(r.nodeCount).toBe(2);
  });

  it('gives a server string listed twice the same points, which dedupe leaves to the first', () => {
    const r = nginxRing([{ server: 'a:1' }, { server: 'a:1' }]);
    expect(r.hashes.length).toBe(160);
    expect(new Set(r.nodes)).toEqual(new Set([0]));
  });
});
