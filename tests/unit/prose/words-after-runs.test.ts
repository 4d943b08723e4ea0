/**
 * The words that follow a run (issue #29): for every cell of every chapter, in both locales, the
 * cell's experiment runs at settings a reader reaches (each parameter at its minimum and maximum,
 * each other choice, a one-entry list at each bound), made small by the cost model, and whatever
 * the page writes after such a run is rendered through the page's own code: the caption's slots
 * (fill.ts), the sentences over the run (<Say>, say.ts), the prose numbers bound to the cell
 * (<Value>), the result tiles and table (render.ts) and the figure's data table. None of it may
 * show "—", NaN, undefined or Infinity, a blank table cell, or a number the run does not have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { fillText, type FillSource } from '../../../components/notebook/fill.ts';
import { formatValue, renderResults, renderTable } from '../../../components/notebook/render.ts';
import { sayHtml } from '../../../components/notebook/say.ts';
import { runKey } from '../../../src/build/run-key.ts';
import { registry } from '../../../src/experiments/registry.ts';
import { defaults, formatParam, resolveParams } from '../../../src/experiments/shared/params.ts';
import { sayAll } from '../../../src/experiments/shared/say.ts';
import type { Experiment, Output, ParamSpec, ParamValue, Params } from '../../../src/experiments/shared/types.ts';
import { ownCellStrings, sharedCellStrings } from '../../../src/i18n/cell-strings.ts';
import { dictionary, locales } from '../../../src/i18n/index.ts';
import { cheap, cpuSeconds } from '../experiments/small-params.ts';

/** CPU seconds a case is made to fit (the cost model), and the most one may keep when the parameter it is about will not shrink. */
const BUDGET = 0.001;
const MOST = 0.05;
const BAD = /—|NaN|undefined|Infinity/;

const objectProp = (src: string | undefined): Record<string, ParamValue> => (src ? (Function(`return (${src})`)() as Record<string, ParamValue>) : {});
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const paramsProp = (tag: string) => objectProp(/params=\{(\{[^}]*\})\}/.exec(tag)?.[1]);

interface Bound {
  kind: 'value' | 'say';
  name: string;
}
interface CellUse {
  file: string;
  id: string;
  experiment: string;
  figure?: string;
  given: Record<string, ParamValue>;
  fills: string[];
  bound: Bound[];
}

/** Every cell of a chapter, with the slots of its caption and the prose numbers and sentences that follow it. */
function cellsOf(file: string): CellUse[] {
  const src = readFileSync(file, 'utf8');
  const cells: CellUse[] = [];
  for (const m of src.matchAll(/<Cell\b([^>]*)>([\s\S]*?)<\/Cell>/g)) {
    const [, tag, body] = m;
    const experiment = attr(tag, 'experiment')!;
    const id = attr(tag, 'id')!;
    const given = paramsProp(tag);
    const key = runKey(experiment, { ...defaults(registry[experiment].params), ...given });
    const fills = [...body.matchAll(/<Fill\b([^>]*)\/>/g)].map(([, t]) => (attr(t, 'param') ? `param:${attr(t, 'param')}` : `result:${attr(t, 'result')}`));
    const bound: Bound[] = [];
    for (const [whole, kind, t] of src.matchAll(/<(Value|Say)\b([^>]*)\/>/g)) {
      if (attr(t, 'experiment') !== experiment) continue;
      const inCaption = body.includes(whole);
      const cell = attr(t, 'cell');
      const follows = cell ? cell === id : inCaption || runKey(experiment, { ...defaults(registry[experiment].params), ...paramsProp(t) }) === key;
      if (follows) bound.push({ kind: kind === 'Say' ? 'say' : 'value', name: attr(t, kind === 'Say' ? 'sentence' : 'result')! });
    }
    cells.push({ file, id, experiment, figure: attr(tag, 'figure'), given, fills, bound });
  }
  return cells;
}

/** The settings a case is about: each parameter at its bounds and each other choice, over the cell's defaults. */
function settings(specs: Record<string, ParamSpec>): [string, ParamValue][] {
  const out: [string, ParamValue][] = [];
  for (const [name, s] of Object.entries(specs)) {
    if (s.kind === 'int' || s.kind === 'number') out.push([name, s.min], [name, s.max]);
    else if (s.kind === 'choice') {
      for (const o of s.options) if (o !== s.default) out.push([name, o]);
    } else if (s.kind === 'int-list') out.push([name, [s.min]], [name, [s.max]]);
  }
  return out;
}

const runs = new Map<string, Promise<Output | null>>();

/** A case run once for both locales: null when the experiment refuses it (a checked input, not this test's business). */
function runCase(exp: Experiment, params: Params): Promise<Output | null> {
  const key = runKey(exp.id, params);
  let run = runs.get(key);
  if (!run) {
    const r = resolveParams(exp.params, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, formatParam(v)])), exp.check?.bind(exp));
    run = r.ok ? exp.run(r.params as never, { progress: () => {}, signal: new AbortController().signal }) : Promise.resolve(null);
    runs.set(key, run);
  }
  return run;
}

const chapters = readdirSync('content/en').filter((f) => f.endsWith('.mdx'));
const { document } = new JSDOM('').window;

describe('the words after a run, at settings a reader reaches, in both locales', () => {
  for (const locale of locales) {
    const d = dictionary(locale) as Readonly<Record<string, string | undefined>>;
    for (const chapter of chapters) {
      it(`${locale}/${chapter}`, async () => {
        const problems: string[] = [];
        for (const cell of cellsOf(`content/${locale}/${chapter}`)) {
          const exp = registry[cell.experiment];
          const base = { ...defaults(exp.params), ...cell.given };
          const strings = { ...sharedCellStrings(locale), ...ownCellStrings(locale, cell.experiment, cell.figure) } as Readonly<Record<string, string | undefined>>;
          for (const [name, value] of [['(defaults)', base[Object.keys(base)[0]]] as [string, ParamValue], ...settings(exp.params)]) {
            const params = cheap(exp, name === '(defaults)' ? base : { ...base, [name]: value }, BUDGET, [name]);
            if (cpuSeconds(exp, params) > MOST) continue;
            const out = await runCase(exp, params);
            if (!out) continue;
            const where = `${cell.id} (${cell.experiment}) ${name}=${formatParam(params[name] ?? '')}`;
            const kinds = Object.fromEntries(Object.keys(out.results).map((k) => [k, exp.resultKind(k)]));
            const src: FillSource = { params, specs: exp.params, results: out.results, kinds, locale, option: (o) => d[`cell.${cell.experiment}.option.${o}`], words: d };
            const said = sayAll(exp, params, out.results);
            const seen = (what: string, text: string | undefined) => {
              if (text === undefined || BAD.test(text) || !/\S/.test(text)) problems.push(`${where}: ${what} shows ${JSON.stringify(text)}`);
            };
            for (const f of cell.fills) seen(`caption slot ${f}`, fillText(f, undefined, src));
            for (const b of cell.bound) {
              if (b.kind === 'value') seen(`prose number ${b.name}`, Object.hasOwn(out.results, b.name) ? formatValue(kinds[b.name], out.results[b.name], locale, d) : undefined);
              else {
                try {
                  seen(`sentence ${b.name} (${said[b.name].case})`, sayHtml(cell.experiment, b.name, said[b.name], src, strings));
                } catch (e) {
                  problems.push(`${where}: sentence ${b.name}: ${(e as Error).message}`);
                }
              }
            }
            const ctx = { document, locale, strings: strings as never, experiment: cell.experiment, width: 640 };
            const tiles = renderResults(ctx, out, kinds, [], exp.resultTable);
            for (const el of tiles.querySelectorAll('[data-result], td')) seen(`result ${el.getAttribute('data-result') ?? 'table cell'}`, el.textContent ?? '');
            if (cell.figure) {
              for (const el of renderTable(ctx, cell.figure, out).querySelectorAll('td')) seen('data table cell', el.textContent ?? '');
            }
          }
        }
        expect([...new Set(problems)]).toEqual([]);
      }, 120_000);
    }
  }
});

describe('the sentences over runs', () => {
  it('have words for every case in both locales, and every experiment that has sentences is written in a chapter', () => {
    const used = new Set(chapters.flatMap((c) => [...readFileSync(`content/en/${c}`, 'utf8').matchAll(/<Say experiment="([^"]+)" sentence="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`)));
    for (const exp of Object.values(registry)) for (const sentence of Object.keys(exp.say ?? {})) expect(used, `${exp.id}:${sentence}`).toContain(`${exp.id}:${sentence}`);
    const en = Object.keys(dictionary('en')).filter((k) => /^cell\.[a-z]+\.[a-z-]+\.say\./.test(k));
    const ko = Object.keys(dictionary('ko')).filter((k) => /^cell\.[a-z]+\.[a-z-]+\.say\./.test(k));
    expect(ko.sort()).toEqual(en.sort());
  });
  it('say that nothing failed when the failing node was never picked while down (swrr.failure, node B)', () => {
    const exp = registry['swrr.failure'];
    const p = { ...defaults(exp.params), node: 2, failAt: 4, timeout: 1 };
    return exp.run(p as never, { progress: () => {}, signal: new AbortController().signal }).then((out) => {
      const said = sayAll(exp, p, out.results).story;
      const kinds = Object.fromEntries(Object.keys(out.results).map((k) => [k, exp.resultKind(k)]));
      const text = sayHtml('swrr.failure', 'story', said, { params: p, specs: exp.params, results: out.results, kinds, locale: 'en' }, dictionary('en'));
      expect(said.case).toBe('unpicked1');
      expect(text).toContain('B is down in round 4 only and is not picked in it, so no request fails');
      expect(formatValue(kinds['failed.round'], out.results['failed.round'], 'en')).toBe('none');
    });
  });
});

describe('a caption that names the grids says as many as the run draws (balls.grid)', () => {
  const exp = registry['balls.grid'];
  const sentence = (choices: number[]) => {
    const p = { ...defaults(exp.params), side: 5, choices };
    const said = sayAll(exp, p, {}).sides;
    return sayHtml('balls.grid', 'sides', said, { params: p, specs: exp.params, results: {}, kinds: {}, locale: 'en' }, dictionary('en'), true);
  };
  it('one grid, two, three', () => {
    expect(sentence([1, 2])).toBe('Left: one candidate; right: two. Both grids share one colour scale.');
    expect(sentence([3])).toBe('One grid: d = 3.');
    expect(sentence([2, 4])).toBe('Left: d = 2; right: d = 4. Both grids share one colour scale.');
    expect(sentence([1, 2, 3])).toBe('From left to right: d = 1, 2, 3. All 3 grids share one colour scale.');
  });
});
