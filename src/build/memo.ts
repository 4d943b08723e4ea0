import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
 */
const cache = new Map<string, Promise<{ params: Params; output: Output }>>();

const DISK = process.env.LB_RUN_CACHE;
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

function diskFile(key: string): string {
  return join(DISK!, `${createHash('sha256').update(sourceDigest()).update('\0').update(key).digest('hex').slice(0, 32)}.v8`);
}

async function runKept(id: string, given: Record<string, string | ParamValue>, key: string): Promise<{ params: Params; output: Output }> {
  if (!DISK) return runExperiment(id, given);
  const file = diskFile(key);
  if (existsSync(file)) {
    const kept = deserialize(readFileSync(file)) as { key: string; value: { params: Params; output: Output } };
    if (kept.key === key) return kept.value;
  }
  const value = await runExperiment(id, given);
  mkdirSync(DISK, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, serialize({ key, value }));
  renameSync(tmp, file);
  return value;
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
