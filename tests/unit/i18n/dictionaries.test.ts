import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en.ts';
import { ko } from '../../../src/i18n/ko.ts';

const dir = (locale: string) => fileURLToPath(new URL(`../../../src/i18n/${locale}/`, import.meta.url));
const files = (locale: string) => readdirSync(dir(locale)).filter((f) => f.endsWith('.ts')).sort();

/** The one dictionary a file exports. */
async function load(locale: string, file: string): Promise<Record<string, string>> {
  const mod = (await import(`../../../src/i18n/${locale}/${file.replace(/\.ts$/, '')}.ts`)) as Record<string, Record<string, string>>;
  const values = Object.values(mod);
  expect(values, `${locale}/${file} exports one dictionary`).toHaveLength(1);
  return values[0]!;
}

const placeholders = (s: string) => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort();

describe('UI strings, per concept and locale', () => {
  it('ko/ and en/ hold the same files', () => {
    expect(files('en')).toEqual(files('ko'));
  });

  it.each(files('ko'))('%s: the same keys in the same order in both locales, each with the same placeholders', async (file) => {
    const k = await load('ko', file);
    const e = await load('en', file);
    expect(Object.keys(e)).toEqual(Object.keys(k));
    for (const key of Object.keys(k)) expect(placeholders(e[key]!), key).toEqual(placeholders(k[key]!));
    for (const [key, value] of [...Object.entries(k), ...Object.entries(e)]) expect(value.trim(), key).not.toBe('');
  });

  it('the joined dictionaries hold every file and no key twice', async () => {
    for (const [locale, joined] of [['ko', ko], ['en', en]] as const) {
      let total = 0;
      const seen = new Set<string>();
      for (const file of files(locale)) {
        const keys = Object.keys(await load(locale, file));
        for (const key of keys) {
          expect(seen.has(key), `${locale}: ${key} is in two files`).toBe(false);
          seen.add(key);
        }
        total += keys.length;
      }
      expect(Object.keys(joined)).toHaveLength(total);
    }
    expect(Object.keys(en)).toEqual(Object.keys(ko));
  });
});
