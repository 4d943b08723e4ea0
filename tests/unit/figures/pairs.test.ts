import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { figures, type Drawing } from '../../../components/figures/index.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import type { DataOf } from '../../../src/experiments/registry.ts';
import { experiments } from '../../../src/experiments/registry.ts';

// The compiler refuses a figure that cannot draw an experiment's data (tsc runs over the tests):
// an experiment's declared figures must be Drawing<its data> (components/figures/index.ts).
// @ts-expect-error load-histogram draws balls.maxload's histograms, not swrr.trace's rounds
export const wrong: Drawing<DataOf<'swrr.trace'>> = 'load-histogram';
export const right: Drawing<DataOf<'swrr.trace'>> = 'swrr-trace';

const content = fileURLToPath(new URL('../../../content/', import.meta.url));

/** Every <Cell experiment="…" figure="…"> in both locales' chapters. */
function cells(): { file: string; experiment: string; figure: string }[] {
  const out = [];
  for (const locale of readdirSync(content)) {
    for (const file of readdirSync(`${content}${locale}`)) {
      const text = readFileSync(`${content}${locale}/${file}`, 'utf8');
      for (const m of text.matchAll(/<Cell\b[^>]*>/g)) {
        const experiment = /experiment="([^"]+)"/.exec(m[0])?.[1];
        const figure = /figure="([^"]+)"/.exec(m[0])?.[1];
        if (experiment && figure) out.push({ file: `${locale}/${file}`, experiment, figure });
      }
    }
  }
  return out;
}

describe('experiments and figures', () => {
  it('every registered experiment sits under its own id', () => {
    for (const [id, e] of Object.entries(experiments)) expect(e.id).toBe(id);
  });

  it('every cell in the chapters pairs its experiment with a figure that can draw it', () => {
    const found = cells();
    expect(found.length).toBeGreaterThan(20);
    for (const c of found) expect(() => figureFor(c.experiment, c.figure), `${c.file}: ${c.experiment} / ${c.figure}`).not.toThrow();
  });

  it('refuses a pairing outside the table, and every figure draws some experiment', () => {
    expect(() => figureFor('swrr.trace', 'load-histogram')).toThrow(/cannot draw experiment "swrr.trace"/);
    expect(() => figureFor('constructor', 'load-histogram')).toThrow();
    const drawn = new Set(Object.values(experiments).flatMap((e) => e.figures));
    expect([...drawn].sort()).toEqual(Object.keys(figures).sort());
  });
});
