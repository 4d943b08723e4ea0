import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mols } from '../../../src/claims/mols-relay-routing.ts';
import { claim } from '../../../src/claims/registry.ts';
import { measure } from '../../../src/claims/verdict.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { quantile } from '../../../src/lib/stats/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const chapter = (locale: 'ko' | 'en') => readFileSync(`${root}content/${locale}/mols-relay-routing.mdx`, 'utf8');
const claimIds = (text: string) => [...text.matchAll(/<Claim id="([^"]+)"( show="article")?/g)].map((m) => `${m[1]}${m[2] ? ' (article)' : ''}`);

/** The summary table's rows that carry a derived verdict: each row's cells, and the ids it derives from. */
function verdictRows(text: string): { cells: string[]; ids: string[] }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && line.includes('<ClaimVerdicts'))
    .map((line) => {
      const cells = line.replace(/^\|\s*|\s*\|$/g, '').split(/\s\|\s/);
      const ids = [.../<ClaimVerdicts ids=\{\[([^\]]*)\]\}/.exec(line)![1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
      return { cells, ids };
    });
}

describe('the MOLS chapter’s claims', () => {
  it('both locales quote the same claims the same way, and every MOLS claim is quoted', () => {
    const ko = claimIds(chapter('ko')).sort();
    const en = claimIds(chapter('en')).sort();
    expect(ko).toEqual(en);
    const quoted = new Set(en.map((x) => x.replace(' (article)', '')));
    expect(mols.map((c) => c.id).filter((id) => !quoted.has(id))).toEqual([]);
  });

  it('the summary table derives each verdict from the claims in its row, and types none', () => {
    for (const locale of ['ko', 'en'] as const) {
      const rows = verdictRows(chapter(locale));
      expect(rows.length, locale).toBe(5);
      for (const { cells, ids } of rows) {
        expect(cells, locale).toHaveLength(4);
        const inRow = new Set(claimIds(cells.slice(1, 3).join(' ')).map((x) => x.replace(' (article)', '')));
        for (const id of ids) expect(inRow.has(id), `${locale}: ${id} is not a claim of its row`).toBe(true);
        // Every claim this site measured in the row's own column is in the verdict.
        for (const id of claimIds(cells[2])) expect(ids, `${locale}: ${id} is left out of its row's verdict`).toContain(id);
        // The verdict cell names no verdict by hand.
        const typed = cells[3].replace(/<[^>]*\/>/g, ' ');
        expect(typed, locale).not.toMatch(/\b(reproduced|within noise|differs)\b|재현됨|잡음 범위/i);
      }
    }
    expect(verdictRows(chapter('ko')).map((r) => r.ids)).toEqual(verdictRows(chapter('en')).map((r) => r.ids));
  });

  it('the 17% compares a peak: the busiest relay’s share, above the 1/6 of the rows a Latin square gives each by definition', async () => {
    const c = claim('mols.even.peak');
    const { output } = await runExperiment('mols.even', c.params ?? {});
    const m = await measure(c);
    expect(c.key).toMatch(/max_share$/);
    expect(m.value).toBe(output.results[c.key]);
    expect(m.value).toBeGreaterThan(Number(output.results.even_share));
  });

  it('the sticky layer’s zero is marked by construction, and the 590 is judged on the rendezvous run the source document has it from', async () => {
    expect(await measure(claim('mols.churn.layered'))).toMatchObject({ value: 0, verdict: 'by construction' });
    expect(await measure(claim('mols.churn.layered.count'))).toMatchObject({ value: 0, verdict: 'by construction' });
    const c = claim('mols.churn.rendezvous.unaffected');
    const { output } = await runExperiment('mols.churn', c.params ?? {});
    const d = output.data as { settings: { id: string; unaffected: number[] }[] };
    const unaffected = d.settings.find((s) => s.id === 'rendezvous')!.unaffected;
    expect((await measure(c)).value).toBe(quantile(unaffected, 0.5));
  });

  it('the one-fleet tolerances are the spread of fleets: half the central 95% of 60 client salts, within a factor of 1.6', async () => {
    const checked = ['mols.failover.layered', 'mols.chi2.layered', 'mols.chi2.rendezvous', 'mols.even.peak'];
    for (const id of checked) {
      const c = claim(id);
      const values: number[] = [];
      for (let salt = 0; salt < 60; salt++) values.push(Number((await runExperiment(c.experiment!, { ...c.params, salt })).output.results[c.key]));
      const half = (quantile(values, 0.975) - quantile(values, 0.025)) / 2;
      expect(c.tolerance / half, id).toBeGreaterThan(1 / 1.6);
      expect(c.tolerance / half, id).toBeLessThan(1.6);
    }
  });
});
