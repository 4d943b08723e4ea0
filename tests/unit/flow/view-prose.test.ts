import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VIEW_REQUESTS } from '../../../components/flow/settings.ts';

const chapter = (locale: string) => readFileSync(fileURLToPath(new URL(`../../../content/${locale}/smooth-weighted-round-robin.mdx`, import.meta.url)), 'utf8');

describe('chapter 5’s flow paragraph', () => {
  it.each(['ko', 'en'])('%s: every flow.compare number it quotes is the run behind the view’s numbers (same policies, servers, speeds and requests)', (locale) => {
    const text = chapter(locale);
    const view = /<FlowView id="speeds" a="(\w+)" b="(\w+)" c="(\w+)" servers=\{(\d+)\} speeds=\{\[([\d, ]+)\]\} \/>/.exec(text);
    expect(view, 'the view is on the page').not.toBeNull();
    const [, a, b, c, servers, speeds] = view!;
    const values = [...text.matchAll(/<Value experiment="flow\.compare" result="[^"]+" params=\{\{ (.*?) \}\}(?: \w+="[^"]*")* \/>/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThanOrEqual(6);
    for (const params of values) expect(params).toBe(`policies: '${[a, b, c].join(', ')}', servers: ${servers}, speeds: [${speeds}], requests: ${VIEW_REQUESTS}`);
  });
});
