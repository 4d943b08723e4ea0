/**
 * Records which backend a real nginx picks under `hash $arg_k consistent`, for a few thousand keys
 * on several upstream lists and weights, and writes them to tests/vectors/nginx-chash.json; the
 * test tests/unit/lib/hashing/nginx-vectors.test.ts replays them against our nginx ring.
 *
 * It starts /usr/sbin/nginx (or $NGINX) in the foreground, one process, under a temporary prefix,
 * listening only on 127.0.0.1 high ports. Each backend is an nginx `server` block that answers with
 * its own name; each upstream list sits behind a front `server` that proxies to it. Requests are
 * sent one after another, and nginx is stopped at the end (and on any error).
 *
 * Usage: node scripts/nginx-hash-vectors.ts [keysPerUpstream]   (default 1000)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { xoshiro128ss } from '../src/lib/random/index.ts';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const KEYS = Number(process.argv[2] ?? 1000);
const OUT = new URL('../tests/vectors/nginx-chash.json', import.meta.url);
/** First port used; backends and fronts take the ports after it. */
const BASE_PORT = 47_100;

interface UpstreamSpec {
  name: string;
  /** [host, weight]; the port is assigned below. */
  servers: readonly (readonly [string, number])[];
}

/**
 * Several hosts on the loopback (127.0.0.x all reach this machine on Linux), so the server
 * strings differ in host as well as in port; equal and unequal weights; 2 to 12 servers.
 */
const UPSTREAMS: readonly UpstreamSpec[] = [
  { name: 'two-equal', servers: [['127.0.0.1', 1], ['127.0.0.1', 1]] },
  { name: 'three-weighted', servers: [['127.0.0.1', 1], ['127.0.0.2', 2], ['127.0.0.3', 5]] },
  { name: 'five-mixed', servers: [['127.0.0.4', 3], ['127.0.0.1', 1], ['127.0.0.5', 1], ['127.0.0.2', 2], ['127.0.0.6', 4]] },
  { name: 'twelve-equal', servers: Array.from({ length: 12 }, (_, i) => [`127.0.0.${10 + i}`, 1] as const) },
  { name: 'four-heavy', servers: [['127.0.0.7', 10], ['127.0.0.8', 1], ['127.0.0.9', 25], ['127.0.0.1', 7]] },
];

/** Keys of 1 to 40 characters drawn from URL-unreserved bytes, so `$arg_k` hashes them as written. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

function makeKeys(seed: number, count: number): string[] {
  const rng = xoshiro128ss(seed);
  const keys = new Set<string>();
  while (keys.size < count) {
    const length = 1 + rng.below(40);
    let key = '';
    for (let i = 0; i < length; i++) key += ALPHABET[rng.below(ALPHABET.length)];
    keys.add(key);
  }
  return [...keys];
}

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: HTTP ${res.statusCode} ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await get(port, '/health');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not answer on port ${port}`);
}

async function main(): Promise<void> {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim();
  if (!version.startsWith('nginx version')) throw new Error(`${NGINX} -v said: ${version}`);

  let port = BASE_PORT;
  const upstreams = UPSTREAMS.map((u) => ({
    name: u.name,
    servers: u.servers.map(([host, weight]) => ({ server: `${host}:${port++}`, weight })),
    front: 0,
  }));
  for (const u of upstreams) u.front = port++;

  const prefix = mkdtempSync(join(tmpdir(), 'nginx-chash-'));
  const backends = new Set(upstreams.flatMap((u) => u.servers.map((s) => s.server)));
  const conf = `
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${[...backends].map((s) => `  server { listen ${s}; location / { default_type text/plain; return 200 "${s}"; } }`).join('\n')}
${upstreams
  .map(
    (u) => `  upstream ${u.name} {
    hash $arg_k consistent;
${u.servers.map((s) => `    server ${s.server}${s.weight === 1 ? '' : ` weight=${s.weight}`};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${u.front};
    location = /health { return 200 "ok"; }
    location / { proxy_pass http://${u.name}; proxy_next_upstream off; }
  }`,
  )
  .join('\n')}
}
`;
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, conf);
  const nginx = spawn(NGINX, ['-p', prefix, '-c', confPath, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = (): void => {
    if (nginx.exitCode === null) nginx.kill('SIGQUIT');
  };
  try {
    for (const u of upstreams) await waitForPort(u.front);
    const cases = [];
    for (const [index, u] of upstreams.entries()) {
      const keys = makeKeys(1000 + index, KEYS);
      const picks: number[] = [];
      for (const key of keys) {
        const body = await get(u.front, `/?k=${key}`);
        const pick = u.servers.findIndex((s) => s.server === body);
        if (pick < 0) throw new Error(`${u.name}: key ${key} answered by unknown backend ${body}`);
        picks.push(pick);
      }
      cases.push({ name: u.name, servers: u.servers.map(({ server, weight }) => ({ server, weight })), keys, picks });
      process.stderr.write(`${u.name}: ${keys.length} keys\n`);
    }
    const errors = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8').trim() : '';
    if (errors) process.stderr.write(`nginx error.log:\n${errors}\n`);
    const out = {
      about:
        'Backends picked by a real nginx under `hash $arg_k consistent`, one request per key; picks[i] indexes servers for keys[i]. Made by scripts/nginx-hash-vectors.ts.',
      nginx: version.replace(/^nginx version: /, ''),
      cases,
    };
    // One line per case field, so a diff of a re-recording shows which list changed.
    const body = out.cases
      .map((c) => `  {\n${Object.entries(c).map(([k, v]) => `   ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n  }`)
      .join(',\n');
    writeFileSync(OUT, `{\n "about": ${JSON.stringify(out.about)},\n "nginx": ${JSON.stringify(out.nginx)},\n "cases": [\n${body}\n ]\n}\n`);
    process.stderr.write(`wrote ${OUT.pathname}\n`);
  } finally {
    stop();
    await new Promise((r) => (nginx.exitCode === null ? nginx.once('exit', r) : r(null)));
    rmSync(prefix, { recursive: true, force: true });
  }
}

await main();
