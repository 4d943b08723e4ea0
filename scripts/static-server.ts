import { existsSync, readFile, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

/**
 * Serves a built site the way a static host or CDN does, with maintained parts: `sirv` finds the
 * files (directories answer with their index.html; a malformed path such as `/%E0%A4%A` is a 404,
 * never a crash) and `compression` compresses what is compressible for clients that accept it
 * (gzip or brotli, as a CDN would), so sizes and timings measured locally match a real host.
 * `dir` appears under `base` ('/' or '/lb/'); anything else is the site's 404 page.
 */
export function serveStatic(dir: string, base = '/', port = 4321, host = '127.0.0.1'): Promise<Server> {
  const root = resolve(dir);
  const prefix = base.replace(/\/?$/, '/');
  // Hashed build assets never change under their name; pages are revalidated on every visit.
  const files = sirv(root, {
    dev: true, // looks each request up on disk: a rebuild underneath is served as it is, not from a stale list
    etag: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    },
  });
  // Typed for node:http's request and response in ./compression.d.ts.
  const compress = compression();

  const notFound = (res: ServerResponse) => {
    readFile(join(root, '404.html'), (err, body) => {
      if (res.headersSent) return res.end();
      res.writeHead(404, { 'content-type': err ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(err ? 'not found' : body);
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let pathname: string;
    let search: string;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      pathname = url.pathname;
      search = url.search;
    } catch {
      return notFound(res);
    }
    if (!pathname.startsWith(prefix)) return notFound(res);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // malformed percent-encoding: nothing on disk has that name
      return notFound(res);
    }
    // A directory asked for without its slash is redirected, as static hosts do, so that the
    // page's relative URLs resolve against the directory.
    if (!decoded.endsWith('/')) {
      const onDisk = join(root, decoded.slice(prefix.length));
      if (onDisk.startsWith(root) && existsSync(join(onDisk, 'index.html')) && statSync(onDisk).isDirectory()) {
        res.writeHead(301, { location: `${pathname}/${search}` });
        return res.end();
      }
    }
    // sirv sees the path under the base as if the build were served at the root.
    req.url = `/${pathname.slice(prefix.length)}${search}`;
    files(req, res, () => notFound(res));
  };

  const server = createServer((req, res) => {
    try {
      compress(req, res, () => handle(req, res));
    } catch {
      // Whatever one request does wrong, the server keeps serving the others.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok(server);
    });
  });
}
