/**
 * Counts as Korean writes them, by 만 (10⁴) and 억 (10⁸) rather than by thousands and millions:
 * 12 500 000 is "1,250만", 100 000 000 "1억", 123 456 789 "1억 2,345만 6,789". Exact, unlike
 * `Intl.NumberFormat('ko', { notation: 'compact' })`, which rounds ("1.2억").
 */
const UNITS = ['', '만', '억', '조', '경'];
const grouped = new Intl.NumberFormat('ko', { maximumFractionDigits: 0 });

export function koreanCount(n: number): string {
  if (!Number.isFinite(n) || !Number.isInteger(n) || Math.abs(n) < 10_000) return new Intl.NumberFormat('ko', { maximumFractionDigits: 6 }).format(n);
  const sign = n < 0 ? '-' : '';
  let rest = BigInt(Math.abs(n));
  const parts: string[] = [];
  for (let i = 0; rest > 0n; i++) {
    // The last unit takes whatever is left: 경 is as far as any count here goes.
    const last = i === UNITS.length - 1;
    const group = last ? rest : rest % 10_000n;
    rest = last ? 0n : rest / 10_000n;
    if (group !== 0n) parts.unshift(grouped.format(group) + UNITS[i]);
  }
  return sign + parts.join(' ');
}

/**
 * A count for a reader in Korean: in 만 and 억 when it is a whole number of 만 ("100만", "2억",
 * "1,250만"), otherwise with thousands separators ("50,117"), so a tile of results stays exact
 * and scannable.
 */
export function koreanRoundCount(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) >= 10_000 && n % 10_000 === 0) return koreanCount(n);
  return new Intl.NumberFormat('ko', { maximumFractionDigits: 6 }).format(n);
}

/** Korean counters and units a count is written before ("10만 개", "3만 번"). */
export const COUNTER = /^(?:개|대|명|번|건|회|줄|점|쌍|칸|벌|바이트|비트|라운드|단계|가지)/u;

/**
 * A count already formatted with separators ("160,000", "160000") as Korean writes it before a
 * counter: in 만 and 억 when it is a whole number of 만, with the space a counter takes after them
 * ("16만 "); otherwise as it is. Anything that is not such a count comes back unchanged.
 */
export function countBeforeCounter(shown: string): string {
  if (/[만억조경]$/u.test(shown)) return `${shown} `;
  if (!/^\d{1,3}(?:,\d{3})+$|^\d{5,}$/.test(shown)) return shown;
  const n = Number(shown.replace(/,/g, ''));
  const korean = koreanRoundCount(n);
  return /[만억조경]$/u.test(korean) ? `${korean} ` : shown;
}

/**
 * The one number format of figures' axes and data tables (and of results tables): Intl's for the
 * locale, except that Korean writes a whole number of 만 by 만 and 억 ("16만", "1만", "2억";
 * 12,345 and 0.25 keep their digits), as koreanRoundCount does for a cell's tiles.
 */
export function countFormat(locale: string): { format(n: number): string } {
  const plain = new Intl.NumberFormat(locale);
  if (!(locale === 'ko' || locale.startsWith('ko-'))) return plain;
  return { format: (n: number) => (Number.isInteger(n) && Math.abs(n) >= 10_000 && n % 10_000 === 0 ? koreanCount(n) : plain.format(n)) };
}
