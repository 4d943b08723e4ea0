import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules a snippet breaks when it sits at `path` in the project, under the project's own config. */
async function broken(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries: src/lib and src/experiments are pure', () => {
  it('a document reference in src/lib or src/experiments fails lint; in components it does not', async () => {
    const code = 'export const title = (): string => document.title;\n';
    expect(await broken(code, 'src/lib/stats/fixture.ts')).toContain('no-restricted-globals');
    expect(await broken(code, 'src/experiments/fixture.ts')).toContain('no-restricted-globals');
    expect(await broken(code, 'components/figures/fixture.ts')).toEqual([]);
  });

  it('window and location fail, while a local variable named window is fine', async () => {
    expect(await broken('export const w = (): number => window.innerWidth + location.href.length;\n', 'src/lib/fixture.ts')).toEqual(['no-restricted-globals', 'no-restricted-globals']);
    expect(await broken('export const f = (window: number): number => window * 2;\n', 'src/experiments/fixture.ts')).toEqual([]);
  });

  it('imports from components/, Astro or a DOM module fail', async () => {
    const imports = [
      "import { figures } from '../../components/figures/index.ts';",
      "import { getCollection } from 'astro:content';",
      "import { JSDOM } from 'jsdom';",
      "import * as Plot from '@observablehq/plot';",
    ];
    for (const line of imports) {
      const code = `${line}\nexport const used = [${/\{ (\w+) \}|\* as (\w+)/.exec(line)!.slice(1).find(Boolean)}];\n`;
      expect(await broken(code, 'src/lib/fixture.ts'), line).toContain('no-restricted-imports');
    }
    expect(await broken("import { median } from 'd3-array';\nexport const m = median;\n", 'src/lib/fixture.ts')).toEqual([]);
  });

  it('a node:* import fails in src/experiments and src/lib (the worker bundles them for the page) and passes in src/build', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n";
    expect(await broken(code, 'src/experiments/fixture.ts')).toContain('no-restricted-imports');
    expect(await broken(code, 'src/lib/stats/fixture.ts')).toContain('no-restricted-imports');
    expect(await broken(code, 'src/build/fixture.ts')).toEqual([]);
  });
});
