import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

/**
 * Serves a built site the way a static host does: `dir` appears under `base` ('/' or '/lb/'),
 * directories answer with their index.html, and anything else is the site's 404 page.
 */
export function serveStatic(dir: string, base = '/', port = 4321, host = '127.0.0.1'): Promise<Server> {
  const root = resolve(dir);
  const prefix = base.replace(/\/?$/, '/');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    const send = (file: string, status = 200) => {
      const stream = createReadStream(file);
      stream.once('open', () => {
        res.writeHead(status, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        stream.pipe(res);
      });
      // A file that vanished (a rebuild underneath) is a 404 for this request, not a crash.
      stream.once('error', () => {
        if (!res.headersSent) res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      });
    };
    const notFound = () => send(join(root, '404.html'), 404);
    if (!path.startsWith(prefix)) return notFound();
    const rel = normalize(path.slice(prefix.length));
    if (rel.startsWith('..')) return notFound();
    let file = join(root, rel);
    try {
      if (statSync(file).isDirectory()) {
        if (!path.endsWith('/')) {
          res.writeHead(301, { location: `${path}/${url.search}` });
          return res.end();
        }
        file = join(file, 'index.html');
      }
      statSync(file);
    } catch {
      return notFound();
    }
    send(file);
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}
