import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/static-server.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (no client-side URL normalising, no automatic decompression). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const page = `<!doctype html><html lang="en"><title>a page</title><main>${'<p>words that compress well. </p>'.repeat(400)}</main></html>`;

describe('scripts/static-server.ts (npm start, and the browser tests)', () => {
  let dir: string;
  const servers: Server[] = [];
  let port = 0;
  let lbPort = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lb-serve-'));
    mkdirSync(join(dir, 'en'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'en', 'index.html'), page.replace('a page', 'an English page'));
    writeFileSync(join(dir, '404.html'), '<!doctype html><title>not here</title>');
    writeFileSync(join(dir, '_astro', 'app.abc123.js'), `export const x = ${JSON.stringify('y'.repeat(5000))};`);
    for (const base of ['/', '/lb/']) {
      const server = await serveStatic(dir, base, 0, '127.0.0.1');
      servers.push(server);
      if (base === '/') port = (server.address() as AddressInfo).port;
      else lbPort = (server.address() as AddressInfo).port;
    }
  });

  afterAll(() => {
    for (const s of servers) s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a malformed path (/%E0%A4%A) with the 404 page and keeps serving', async () => {
    for (const bad of ['/%E0%A4%A', '/%', '/en/%ZZ', '/..%2F..%2Fetc%2Fpasswd']) {
      const r = await get(port, bad);
      expect(r.status, bad).toBe(404);
    }
    const after = await get(port, '/');
    expect(after.status).toBe(200);
    expect(after.body.toString()).toContain('a page');
  });

  it('compresses a page for a client that accepts gzip or brotli, and not for one that does not', async () => {
    const gz = await get(port, '/en/', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(gz.body).toString()).toContain('an English page');
    expect(gz.body.length).toBeLessThan(page.length / 10);

    const br = await get(port, '/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);

    const plain = await get(port, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);

    const js = await get(port, '/_astro/app.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(['gzip', 'br']).toContain(js.headers['content-encoding']);
    expect(js.headers['cache-control']).toMatch(/immutable/);
  });

  it('redirects a directory without its slash, and answers what is not there with the 404 page', async () => {
    const dirNoSlash = await get(port, '/en?x=1');
    expect(dirNoSlash.status).toBe(301);
    expect(dirNoSlash.headers.location).toBe('/en/?x=1');
    const missing = await get(port, '/nope/');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('not here');
  });

  it('serves a sub-path build under its base only', async () => {
    expect((await get(lbPort, '/lb/en/')).body.toString()).toContain('an English page');
    expect((await get(lbPort, '/en/')).status).toBe(404);
    expect((await get(lbPort, '/lb/%E0%A4%A')).status).toBe(404);
    expect((await get(lbPort, '/lb/')).status).toBe(200);
  });
});
