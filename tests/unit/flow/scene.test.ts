import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PanelModel, type Decision } from '../../../components/flow/model.ts';
import { sceneHref, sceneText } from '../../../components/flow/scene.ts';
import { DEFAULTS, fieldsFor, formatSettings, linkedText, readSettings, settingsQuery } from '../../../components/flow/settings.ts';
import { describeDecision } from '../../../components/flow/step-text.ts';
import { dictionary, fill } from '../../../src/i18n/index.ts';
import { makeFlow, next, record, STRIDE, type Policy } from '../../../src/lib/flow/index.ts';

const chapter = (locale: string, slug: string) => readFileSync(fileURLToPath(new URL(`../../../content/${locale}/${slug}.mdx`, import.meta.url)), 'utf8');

describe('a flow view’s scenes (FlowScene)', () => {
  it('carry their settings as text, checked against the view’s bounds, with a clear message', () => {
    expect(sceneText('flowview', { load: 0.95, speeds: [5, 3, 1], a: 'jsq' })).toEqual({ load: '0.95', speeds: '5,3,1', a: 'jsq' });
    expect(() => sceneText('flowview', { load: 1.5 })).toThrow(/FlowScene for view "flowview": load=1.5 is not allowed \(out-of-range/);
    expect(() => sceneText('flowview', { requests: 10 })).toThrow(/"requests" is not a view setting/);
    expect(() => sceneText('flowview', { a: 'fastest' })).toThrow(/a=fastest is not allowed/);
  });

  it('link to the page with the settings in the notebook’s URL state, which the view reads back as the same settings', () => {
    const text = sceneText('flowview', { refresh: 5, load: 0.95 });
    const href = sceneHref('flowview', text);
    expect(href).toBe('?flowview.refresh=5&flowview.load=0.95#flow-flowview');
    const linked = linkedText(new URLSearchParams(href.slice(0, href.indexOf('#'))), 'flowview', fieldsFor(2));
    expect(linked).toEqual(text);
    const fromLink = readSettings(linked, DEFAULTS);
    const fromButton = readSettings({ ...formatSettings(DEFAULTS), ...text }, DEFAULTS);
    expect(fromLink.ok && fromButton.ok && fromLink.settings).toEqual(fromButton.ok && fromButton.settings);
    expect(sceneHref('speeds', {})).toBe('?#flow-speeds');
  });

  it('write only the settings that differ from the view’s own into the URL, and keep the page’s other parameters', () => {
    const r = readSettings({ refresh: '5' }, DEFAULTS);
    expect(r.ok && settingsQuery('?flow.seed=3&flowview.load=0.5', 'flowview', r.settings, DEFAULTS)).toBe('?flow.seed=3&flowview.refresh=5');
    expect(settingsQuery('?flowview.load=0.5', 'flowview', DEFAULTS, DEFAULTS)).toBe('');
  });

  it('chapter 1’s slow-server scene is the paragraph’s: one server tenfold slower at load 0.7, from the start; the link reads back as the button does', () => {
    for (const locale of ['en', 'ko']) {
      const scenes = [...chapter(locale, 'power-of-two-choices').matchAll(/<FlowScene view="flowview" set=\{\{ (.*?) \}\}/g)].map((m) => m[1]);
      expect(scenes.filter((x) => x.includes('slow')), locale).toEqual(['load: 0.7, slow: 1, slowFactor: 10, slowFrom: 0']);
    }
    const text = sceneText('flowview', { load: 0.7, slow: 1, slowFactor: 10, slowFrom: 0 });
    const href = sceneHref('flowview', text);
    expect(href).toBe('?flowview.load=0.7&flowview.slow=1&flowview.slowFactor=10&flowview.slowFrom=0#flow-flowview');
    const fromLink = readSettings(linkedText(new URLSearchParams(href.slice(0, href.indexOf('#'))), 'flowview', fieldsFor(2)), DEFAULTS);
    const fromButton = readSettings({ ...formatSettings(DEFAULTS), ...text }, DEFAULTS);
    expect(fromLink).toEqual(fromButton);
    expect(fromLink.ok && fromLink.settings).toEqual({ ...DEFAULTS, load: 0.7, slow: 1, slowFactor: 10, slowFrom: 0 });
    expect(() => sceneText('flowview', { slowFactor: 0.5 })).toThrow(/slowFactor=0.5 is not allowed \(out-of-range/);
  });

  it.each([['power-of-two-choices', 'flowview'], ['smooth-weighted-round-robin', 'speeds']])('%s: both locales give the view the same scenes, each naming the view on the page', (slug, view) => {
    const scenes = (locale: string) => {
      const text = chapter(locale, slug);
      expect(text).toContain(`<FlowView id="${view}"`);
      return [...text.matchAll(/<FlowScene view="([^"]+)" set=\{\{ (.*?) \}\} label="[^"]+" \/>/g)].map((m) => `${m[1]}: ${m[2]}`);
    };
    const ko = scenes('ko');
    expect(ko.length).toBeGreaterThanOrEqual(2);
    expect(scenes('en')).toEqual(ko);
    for (const s of ko) expect(s.startsWith(`${view}: `)).toBe(true);
  });
});

const say = (locale: 'ko' | 'en') => (key: Parameters<Parameters<typeof describeDecision>[2]>[0], vars: Record<string, string | number>) => fill(dictionary(locale)[key], vars);

describe('step mode’s candidates', () => {
  const decision = (servers: number[]): Decision => ({ id: 0, arrival: 1, server: servers[0], age: 0, sampled: true, candidates: servers.map((server) => ({ server, reported: 2, actual: 2 })) });

  it.each(['ko', 'en'] as const)('%s: p2c drawing one server twice names it once and says it draws with replacement', (locale) => {
    const text = describeDecision('p2c', decision([1, 1]), say(locale), String);
    const named = text.match(/\d+(?=번 서버 \(보고된)|(?<=server )\d+(?= \(reported)/g) ?? [];
    expect(named).toEqual(['1']);
    expect(text).toContain(fill(dictionary(locale)['flow.view.repeat'], { policy: 'p2c' }));
    expect(describeDecision('p2c', decision([1, 3]), say(locale), String)).not.toContain(fill(dictionary(locale)['flow.view.repeat'], { policy: 'p2c' }));
  });

  it('over 200 steps of the view’s random_two panel (nginx’s random two: the second drawn again until it differs) the two candidates differ, and the text names two servers', () => {
    for (const seed of [1, 2, 3]) {
      for (const servers of [2, 3, 8]) {
        const s = makeFlow({ servers, speeds: [1], load: 0.9, policy: 'random_two', choices: 2, refresh: 0, seed });
        const out = new Float64Array(200 * STRIDE);
        for (let k = 0; k < 200; k++) {
          next(s);
          record(s, out, k);
        }
        const m = new PanelModel(servers);
        m.push(out);
        for (let k = 0; k < 200; k++) {
          m.advance(m.nextArrival()!);
          const d = m.last!;
          expect(d.candidates.map((c) => c.server), `seed ${seed}, ${servers} servers, step ${k}`).toHaveLength(2);
          expect(d.candidates[0].server).not.toBe(d.candidates[1].server);
          expect(describeDecision('random_two', d, say('en'), String).match(/(?<=server )\d+(?= \(reported)/g)).toHaveLength(2);
        }
      }
    }
  });
});

/** The view's panel stepped `steps` requests on the engine's rows, the decision of each step handed to `see`. */
function stepThrough(policy: Policy, servers: number, steps: number, see: (d: Decision, k: number) => void, speeds: number[] = [1]): void {
  const s = makeFlow({ servers, speeds, load: 0.9, policy, choices: 2, refresh: 0, seed: 7 });
  const out = new Float64Array(steps * STRIDE);
  for (let k = 0; k < steps; k++) {
    next(s);
    record(s, out, k);
  }
  const m = new PanelModel(servers);
  m.push(out);
  for (let k = 0; k < steps; k++) {
    m.advance(m.nextArrival()!);
    see(m.last!, k);
  }
}

describe('step mode says what each production policy compares', () => {
  it.each(['ko', 'en'] as const)('%s: least_conn compares every server’s connections per weight, not “by turn”', (locale) => {
    const d = dictionary(locale);
    const turn = fill(d['flow.view.turn'], { policy: 'least_conn', server: 0, actual: 0 }).split('0')[0];
    stepThrough('least_conn', 4, 100, (decision) => {
      const text = describeDecision('least_conn', decision, say(locale), String);
      expect(text).toBe(fill(d['flow.view.leastConn'], { policy: 'least_conn', server: decision.server, reported: decision.candidates[0].reported, actual: decision.candidates[0].actual }));
      expect(text.startsWith(turn) && text.includes(locale === 'en' ? 'by turn' : '차례에 따라')).toBe(false);
    }, [1, 2]);
    expect(d['flow.view.leastConn']).toContain(locale === 'en' ? 'connections per weight' : '가중치당');
  });

  it.each(['ko', 'en'] as const)('%s: peak_ewma names both candidates’ latency estimate × (active + 1), the numbers of its trace row, and never “reported load”', (locale) => {
    stepThrough('peak_ewma', 6, 200, (decision, k) => {
      const text = describeDecision('peak_ewma', decision, say(locale), String);
      expect(decision.candidates, `step ${k}`).toHaveLength(2);
      const costs = decision.candidates.map((c) => c.estimate! * (c.reported + 1));
      for (const [j, c] of decision.candidates.entries()) {
        expect(c.estimate, `step ${k}`).toBeGreaterThan(0);
        expect(text).toContain(fill(dictionary(locale)['flow.view.candidate.ewma'], { server: c.server, estimate: String(c.estimate), reported: c.reported, cost: String(costs[j]) }));
      }
      expect(decision.server).toBe(costs[0] <= costs[1] ? decision.candidates[0].server : decision.candidates[1].server);
      expect(text).not.toMatch(/reported load|보고된 부하/);
      expect(text).toContain(locale === 'en' ? 'latency estimate (EWMA) × (active requests + 1)' : '지연 추정값(EWMA) × (처리 중인 요청 + 1)');
    });
  });

  it.each(['ko', 'en'] as const)('%s: least_request keeps the fewest active requests among its samples, speeds not counted', (locale) => {
    stepThrough('least_request', 5, 100, (decision) => {
      const text = describeDecision('least_request', decision, say(locale), String);
      expect(text).toMatch(locale === 'en' ? /the fewest active requests \(speeds not counted\)/ : /처리 중인 요청이 가장 적은 \d+번 서버/);
      expect(text).not.toMatch(/reported load|보고된 부하/);
      const fewest = Math.min(...decision.candidates.map((c) => c.reported));
      expect(decision.candidates.find((c) => c.server === decision.server)?.reported).toBe(fewest);
    });
  });
});
