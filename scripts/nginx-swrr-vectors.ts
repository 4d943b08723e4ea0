/**
 * Records what a real nginx's weighted round robin picks, for tests/vectors/nginx-swrr.json.
 *
 *   node scripts/nginx-swrr-vectors.ts > tests/vectors/nginx-swrr.json     (npm run vectors:nginx-swrr)
 *
 * Starts /usr/sbin/nginx (or $NGINX) in the foreground, as one process (master_process off, so
 * one set of upstream state), with its own prefix, configuration and logs under a temp directory
 * and every listener on 127.0.0.1. Each backend is an nginx `server` block that answers with its
 * own name; each weight set is an `upstream` block behind its own location. The front adds
 * $upstream_addr to every response, which lists every backend a request was sent to, failed
 * attempts included, so the vectors hold every selection nginx made, in order.
 *
 * The failure scenario: backend a answers 502 while a flag file exists, and the front counts a
 * 502 as a failure (proxy_next_upstream http_502) and retries. With max_fails=1 one failure takes
 * a out for fail_timeout=2s. The flag is removed at once, a few requests go out while a is still
 * out, then the script waits 4 s (past fail_timeout, with nginx's one-second clock) and a comes
 * back. Only the phases' order matters, not their timing, as long as the first two phases take
 * well under two seconds, which the script checks.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/** Weight sets recorded in the steady state: nginx's commit-message sets, the article's, and some odd ones. */
const STEADY: number[][] = [
  [5, 1, 1],
  [5, 2, 3],
  [4, 2, 1],
  [5, 3, 1],
  [2, 1],
  [5, 1],
  [1, 1, 1],
  [10, 1],
  [7, 5, 3, 2, 1],
  [3, 3, 1, 8, 2],
  [1, 2, 3, 4, 5, 6],
  [13, 7, 29],
];
const CYCLES = 2;
const FAIL_WEIGHTS = [5, 1, 1];
const FAIL_TIMEOUT_S = 2;
const PHASE = { down: 7, wait: 6, back: 28 };

const names = (n: number, prefix = ''): string[] => Array.from({ length: n }, (_, i) => prefix + String.fromCharCode(97 + i));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Backend {
  /** What it answers: a, b, c, … in its upstream's order. */
  name: string;
  port: number;
  /** While the file `down-<flag>` exists in the temp directory, the backend answers 502. */
  flag: string;
}

function config(dir: string, front: number, backends: Backend[], upstreams: string[]): string {
  const servers = backends
    .map(
      (b) => `
    server {
      listen 127.0.0.1:${b.port};
      location / {
        default_type text/plain;
        if (-f ${join(dir, `down-${b.flag}`)}) { return 502; }
        return 200 "${b.name}";
      }
    }`,
    )
    .join('');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} notice;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
  ${upstreams.join('\n  ')}
  server {
    listen 127.0.0.1:${front};
    ${upstreams.map((_, i) => `location /u${i} { proxy_pass http://u${i}; proxy_next_upstream error timeout http_502; add_header X-Upstream $upstream_addr always; }`).join('\n    ')}
  }${servers}
}
`;
}

async function get(front: number, path: string, byPort: Map<string, string>): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${front}${path}`);
  const body = await res.text();
  const addrs = (res.headers.get('x-upstream') ?? '').split(/,\s*/).filter((a) => a !== '');
  const tried = addrs.map((a) => byPort.get(a) ?? `?${a}`);
  if (res.status === 200 && tried[tried.length - 1] !== body) throw new Error(`${path}: body "${body}" but the last upstream was ${tried.join(',')}`);
  return tried;
}

async function waitUp(front: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${front}/nothing`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('nginx did not come up');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-swrr-'));
  mkdirSync(join(dir, 'tmp'));
  const sets = [...STEADY, FAIL_WEIGHTS];
  const backends: Backend[][] = [];
  const byPort = new Map<string, string>();
  for (let s = 0; s < sets.length; s++) {
    const row: Backend[] = [];
    for (const name of names(sets[s].length)) {
      const port = await freePort();
      row.push({ name, port, flag: `u${s}-${name}` });
      byPort.set(`127.0.0.1:${port}`, name);
    }
    backends.push(row);
  }
  const upstreams = sets.map((w, s) => {
    const extra = s === sets.length - 1 ? ` max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s` : '';
    return `upstream u${s} { ${w.map((weight, i) => `server 127.0.0.1:${backends[s][i].port} weight=${weight}${extra};`).join(' ')} }`;
  });
  const front = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, front, backends.flat(), upstreams));
  const nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => nginx.once('exit', resolve));
  try {
    await waitUp(front);
    const steady = [];
    for (let s = 0; s < STEADY.length; s++) {
      const total = STEADY[s].reduce((a, b) => a + b, 0);
      const requests: string[][] = [];
      for (let r = 0; r < CYCLES * total; r++) requests.push(await get(front, `/u${s}/`, byPort));
      steady.push({ weights: STEADY[s], picks: requests.map((t) => t.join('')).join('') });
    }
    const path = `/u${sets.length - 1}/`;
    const flag = join(dir, `down-${backends[sets.length - 1][0].flag}`);
    const fail: { phase: string; requests: string[][] }[] = [];
    const started = performance.now();
    writeFileSync(flag, '');
    const down: string[][] = [];
    for (let r = 0; r < PHASE.down; r++) down.push(await get(front, path, byPort));
    unlinkSync(flag);
    const wait: string[][] = [];
    for (let r = 0; r < PHASE.wait; r++) wait.push(await get(front, path, byPort));
    const quick = performance.now() - started;
    if (quick > 1000) throw new Error(`the first two phases took ${quick.toFixed(0)} ms; they must take well under fail_timeout (${FAIL_TIMEOUT_S} s) to be reproducible`);
    await new Promise((r) => setTimeout(r, (FAIL_TIMEOUT_S + 2) * 1000));
    const back: string[][] = [];
    for (let r = 0; r < PHASE.back; r++) back.push(await get(front, path, byPort));
    fail.push({ phase: 'down', requests: down }, { phase: 'within-timeout', requests: wait }, { phase: 'after-timeout', requests: back });
    if (existsSync(flag)) throw new Error('flag file left behind');
    const out = {
      generator: 'scripts/nginx-swrr-vectors.ts',
      nginx: await version(),
      note:
        'steady: each weight set on its own upstream, requests one after another; picks are backend names in order (a = first server). failure: weights 5,1,1 with max_fails=1 fail_timeout=2s; each request lists every backend tried, in order (a failed attempt, then the one that answered). Phase down: a answers 502 (a failure, proxy_next_upstream http_502); within-timeout: a answers again but is still out; after-timeout: 4 s later.',
      steady,
      failure: { weights: FAIL_WEIGHTS, maxFails: 1, failTimeout: FAIL_TIMEOUT_S, broken: 'a', phases: fail },
    };
    // One request's attempts and a weight list on one line each.
    const text = JSON.stringify(out, null, 1).replace(/\[[^[\]{}]*\]/g, (m) => m.replace(/\s+/g, ''));
    process.stdout.write(`${text}\n`);
  } finally {
    nginx.kill('SIGQUIT');
    const timer = setTimeout(() => nginx.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function version(): Promise<string> {
  return new Promise((resolve) => {
    const p = spawn(NGINX, ['-v'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let text = '';
    p.stderr.on('data', (d: Buffer) => (text += d.toString()));
    p.on('close', () => resolve(text.trim().replace(/^nginx version: /, '')));
  });
}

await main();
