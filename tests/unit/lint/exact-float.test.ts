import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function broken(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint: what a result depends on is the same double in every engine', () => {
  it('a planted ** or **= in src/lib, src/experiments or a kernel wrapper fails lint', async () => {
    expect(await broken('export const f = (x: number): number => x ** 3;\n', 'src/lib/stats/fixture.ts')).toEqual(['no-restricted-syntax']);
    expect(await broken('export const f = (x: number): number => { let y = x; y **= 2; return y; };\n', 'src/experiments/fixture.ts')).toEqual(['no-restricted-syntax']);
    expect(await broken('export const big = 2 ** 31;\n', 'src/kernels/fixture.ts')).toEqual(['no-restricted-syntax']);
  });

  it('Math.log, Math.exp, Math.pow, Math.sin and their kin fail; Math.sqrt and the exact ones do not', async () => {
    for (const fn of ['log', 'exp', 'pow', 'sin', 'expm1', 'log2', 'log10', 'atan2', 'cbrt']) {
      const args = fn === 'pow' || fn === 'atan2' ? 'x, 2' : 'x';
      expect(await broken(`export const f = (x: number): number => Math.${fn}(${args});\n`, 'src/lib/placement/fixture.ts'), fn).toEqual(['no-restricted-properties']);
    }
    const exact = 'export const f = (x: number): number => Math.sqrt(x) + Math.floor(x) + Math.abs(x) + Math.max(x, 1) + Math.round(x) + Math.imul(x, 3) + Math.clz32(x);\n';
    expect(await broken(exact, 'src/lib/placement/fixture.ts')).toEqual([]);
  });

  it('src/lib/fp, which defines the portable functions, and the page code may use them', async () => {
    expect(await broken('export const f = (x: number): number => Math.log(x) + x ** 2;\n', 'src/lib/fp/fixture.ts')).toEqual([]);
    expect(await broken('export const f = (x: number): number => Math.log(x) + x ** 2;\n', 'components/figures/fixture.ts')).toEqual([]);
  });
});
