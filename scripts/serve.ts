import { serveStatic } from './static-server.ts';

// npm start: serve the built site at http://localhost:4321 (under BASE if the build used one).
const dir = process.argv[2] ?? 'dist';
const base = process.env.BASE ?? '/';
const port = Number(process.env.PORT ?? 4321);
await serveStatic(dir, base, port);
console.log(`Serving ${dir} at http://localhost:${port}${base.replace(/\/?$/, '/')}`);
