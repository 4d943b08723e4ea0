import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { resolve, runExperiment } from '../experiments/shared/run.ts';
import type { Output, ParamValue, Params } from '../experiments/shared/types.ts';
import { runKey } from './run-key.ts';

/**
 * Build-time memo: a page's cells, its claims and the other locale's page often ask for the
 * same run, and a run is a pure function of its parameters, so it is computed once per build.
 *
 * Across builds: with `LB_RUN_CACHE=<dir>` a run is also kept on disk, keyed by its parameters
 * and a digest of every source file under src/ (the code that computes it). `npm test` sets it to
 * a directory of its own run, so its second build (BASE=/lb/) reuses the first build's runs
 * instead of computing them again; nothing else sets it, and the directory goes with the run.
 * Entries are V8's structured clone (exact for -0, NaN and typed arrays, unlike JSON).
 *
 * Processes that share the directory also share the work: the first to need a run claims it (a
 * `.lock` file made exclusively) and the others wait for its entry instead of computing it beside
 * it. `npm test`'s build and its unit tests (the claims) ask for the same runs at the same time;
 * the article-scale ketama ring alone is some 45 CPU-seconds, which they used to spend twice. A
 * claim whose holder died (its lock older than LOCK_STALE_MS with no entry) is taken over.
 */
const cache = new Map<string, Promise<{ params: Params; output: Output }>>();

/** The directory shared across processes (read at each run, so a test can point it elsewhere). */
const disk = (): string | undefined => process.env.LB_RUN_CACHE || undefined;
let digest: string | undefined;

/** A digest of the code that computes the runs: every file under src/, by path and content. */
function sourceDigest(): string {
  if (digest) return digest;
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else h.update(path).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  walk(join(process.cwd(), 'src'));
  // The WebAssembly kernels are built from src/kernels/assembly, which the walk covers.
  digest = h.digest('hex').slice(0, 16);
  return digest;
}

export function diskFile(key: string): string {
  return join(disk()!, `${createHash('sha256').update(sourceDigest()).update('\0').update(key).digest('hex').slice(0, 32)}.v8`);
}

type Kept = { params: Params; output: Output };

function readKept(file: string, key: string): Kept | undefined {
  if (!existsSync(file)) return undefined;
  const kept = deserialize(readFileSync(file)) as { key: string; value: Kept };
  return kept.key === key ? kept.value : undefined;
}

/** How long another process's claim on a run is trusted without an entry appearing. */
const LOCK_STALE_MS = 10 * 60_000;
const LOCK_POLL_MS = 100;

/** Claims a run for this process (true), or says another process holds it (false). */
export function claim(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) {
        rmSync(lock, { force: true });
        return claim(lock);
      }
    } catch {
      // The holder finished between the two calls: its entry is there to read.
    }
    return false;
  }
}

async function runKept(id: string, given: Record<string, string | ParamValue>, key: string): Promise<Kept> {
  const dir = disk();
  if (!dir) return runExperiment(id, given);
  const file = diskFile(key);
  const lock = `${file}.lock`;
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const kept = readKept(file, key);
    if (kept) return kept;
    if (claim(lock)) break;
    // Another process is computing this run: wait for its entry (or for its claim to go).
    await new Promise((ok) => setTimeout(ok, LOCK_POLL_MS));
  }
  try {
    const value = await runExperiment(id, given);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize({ key, value }));
    renameSync(tmp, file);
    return value;
  } finally {
    rmSync(lock, { force: true });
  }
}

export function runOnce(id: string, given: Record<string, string | ParamValue> = {}) {
  // Keyed by the resolved parameters, so a cell and a claim that name the same run in different
  // words (defaults left out or spelled out) share it.
  const r = resolve(id, given);
  const key = r.ok ? runKey(id, r.params) : `${id}?${JSON.stringify(Object.entries(given).sort())}`;
  let hit = cache.get(key);
  if (!hit) {
    // A refused run throws (its message is the build's error), so it is never kept on disk.
    hit = r.ok ? runKept(id, given, key) : runExperiment(id, given);
    cache.set(key, hit);
  }
  return hit;
}
