import { serveStatic } from './static-server.ts';

// npm start / npm run serve: the built site at http://localhost:4321 (under BASE if the build used
// one), served like a static host: sirv for the files, gzip or brotli for clients that accept it.
const dir = process.argv[2] ?? 'dist';
const base = process.env.BASE ?? '/';
const port = Number(process.env.PORT ?? 4321);
try {
  await serveStatic(dir, base, port);
} catch (e) {
  const code = (e as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `port ${port} is in use: stop what serves it, or set PORT` : `cannot serve ${dir}: ${(e as Error).message}`);
  process.exit(1);
}
console.log(`Serving ${dir} at http://localhost:${port}${base.replace(/\/?$/, '/')}`);
