/**
 * A cell's parameters in the page's query string: `<cell id>.<param>=<value>` (the notebook
 * contract, section 3). The one place that reads and writes those keys.
 */

/** The key for one parameter of one cell. */
export function cellKey(cell: string, param: string): string {
  return `${cell}.${param}`;
}

/** A key split at its first dot into cell and parameter; null for a key that names no cell. */
export function parseCellKey(key: string): { cell: string; param: string } | null {
  const dot = key.indexOf('.');
  return dot > 0 ? { cell: key.slice(0, dot), param: key.slice(dot + 1) } : null;
}

/** The cells a query string names. */
export function cellsNamed(query: URLSearchParams): Set<string> {
  const cells = new Set<string>();
  for (const key of query.keys()) {
    const parsed = parseCellKey(key);
    if (parsed) cells.add(parsed.cell);
  }
  return cells;
}

/**
 * One cell's parameters from a query string, as text: only names the cell's spec has as its own
 * properties (`constructor` or `toString` are unknown names like any other). A repeated key keeps
 * its last value.
 */
export function cellParams(query: URLSearchParams, cell: string, params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) {
    const parsed = parseCellKey(key);
    if (parsed?.cell === cell && Object.hasOwn(params, parsed.param)) out[parsed.param] = value;
  }
  return out;
}

/** Replaces this cell's keys in the query (a URL's searchParams) by `values`: the formatted non-default ones. */
export function setCellParams(query: URLSearchParams, cell: string, values: Record<string, string>): void {
  for (const key of [...query.keys()]) if (parseCellKey(key)?.cell === cell) query.delete(key);
  for (const [param, value] of Object.entries(values)) query.set(cellKey(cell, param), value);
}
