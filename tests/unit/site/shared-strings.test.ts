import { describe, expect, it } from 'vitest';
import { sharedCellStrings } from '../../../src/i18n/cell-strings.ts';
import { sharedStrings } from '../../../src/integrations/shared-strings.ts';

const plugin = sharedStrings();
const resolve = (id: string) => (plugin.resolveId as (id: string) => string | undefined)(id);
const load = (id: string) => (plugin.load as (id: string) => string | undefined)(id);

describe('virtual:shared-strings/<locale>', () => {
  it.each(['ko', 'en'] as const)('%s: a module whose default export is the shared cell strings of that locale', async (locale) => {
    const id = resolve(`virtual:shared-strings/${locale}`);
    expect(id).toBe(`\0virtual:shared-strings/${locale}`);
    const code = load(id!)!;
    const mod = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: unknown };
    expect(mod.default).toEqual(sharedCellStrings(locale));
    expect(Object.keys(mod.default as object).length).toBeGreaterThan(50);
  });

  it('leaves every other module to the bundler and refuses a locale the site does not have', () => {
    expect(resolve('./cell-island.ts')).toBeUndefined();
    expect(load('/src/i18n/index.ts')).toBeUndefined();
    expect(() => load('\0virtual:shared-strings/fr')).toThrow(/no such locale/);
  });

});
