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
 * A long text value travels packed: under the key `<cell id>.<param>~` (the tilde marks it), its
 * UTF-8 bytes compressed with raw DEFLATE and written in base64url, which a query string carries
 * as it is. A 6 000-character key list that is 9 KB of query as plain text is about 2 KB packed.
 */
export const PACKED = '~';

/** A text value whose query form is longer than this many characters is packed (when that is shorter). */
export const PACK_ABOVE = 1024;

/**
 * The longest link Share hands out, in characters: under Apache's 8 190-byte request line and
 * nginx's 8 KB header buffer, the smallest common limits of servers and CDNs; a longer one may be
 * refused (HTTP 414 or 431) before the page loads. Above it Share offers the JSON instead.
 */
export const MAX_LINK = 8000;

/** Whether a link is short enough to share. */
export const linkFits = (href: string): boolean => href.length <= MAX_LINK;

/** The most bytes a packed value may unpack to: more than any text parameter allows (8 000 characters, 3 bytes each). */
const MAX_UNPACKED = 64 * 1024;

/** How many characters a value takes in a query string. */
const queryLength = (value: string) => new URLSearchParams([['', value]]).toString().length - 1;

/**
 * One cell's parameters from a query string, as text: only names the cell's spec has as its own
 * properties (`constructor` or `toString` are unknown names like any other). A repeated key keeps
 * its last value, packed or not; `packed` holds the values still to unpack (unpackParams).
 */
export function cellParams(query: URLSearchParams, cell: string, params: object): { values: Record<string, string>; packed: Record<string, string> } {
  const values: Record<string, string> = {};
  const packed: Record<string, string> = {};
  for (const [key, value] of query) {
    const parsed = parseCellKey(key);
    if (parsed?.cell !== cell) continue;
    const isPacked = parsed.param.endsWith(PACKED);
    const param = isPacked ? parsed.param.slice(0, -PACKED.length) : parsed.param;
    if (!Object.hasOwn(params, param)) continue;
    delete (isPacked ? values : packed)[param];
    (isPacked ? packed : values)[param] = value;
  }
  return { values, packed };
}

/** Replaces this cell's keys in the query (a URL's searchParams) by `values`, the formatted non-default ones, and `packed` ones. */
export function setCellParams(query: URLSearchParams, cell: string, values: Record<string, string>, packed: Record<string, string> = {}): void {
  for (const key of [...query.keys()]) if (parseCellKey(key)?.cell === cell) query.delete(key);
  for (const [param, value] of Object.entries(values)) query.set(cellKey(cell, param), value);
  for (const [param, value] of Object.entries(packed)) query.set(cellKey(cell, param + PACKED), value);
}

/** Whether a value is long enough in a query string to be worth packing. */
export const worthPacking = (value: string): boolean => queryLength(value) > PACK_ABOVE;

/**
 * Packs the values `mayPack` allows (the text parameters) that are long in a query string, where
 * packing makes them shorter; the rest stay as they are.
 */
export async function packParams(values: Record<string, string>, mayPack: (param: string) => boolean): Promise<{ values: Record<string, string>; packed: Record<string, string> }> {
  const plain: Record<string, string> = {};
  const packed: Record<string, string> = {};
  for (const [param, value] of Object.entries(values)) {
    const p = mayPack(param) && worthPacking(value) ? await packText(value) : null;
    if (p !== null && p.length < queryLength(value)) packed[param] = p;
    else plain[param] = value;
  }
  return { values: plain, packed };
}

/** Unpacks each packed value; one that cannot be read (damaged, cut short, too big) is named in `unreadable`. */
export async function unpackParams(packed: Record<string, string>): Promise<{ values: Record<string, string>; unreadable: string[] }> {
  const values: Record<string, string> = {};
  const unreadable: string[] = [];
  for (const [param, value] of Object.entries(packed)) {
    const text = await unpackText(value);
    if (text === null) unreadable.push(param);
    else values[param] = text;
  }
  return { values, unreadable };
}

/** A text as base64url(deflate-raw(UTF-8)); null where the browser cannot compress. */
export async function packText(text: string): Promise<string | null> {
  try {
    const bytes = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'), Infinity);
    return bytes && toBase64Url(bytes);
  } catch {
    return null;
  }
}

/** The text a packed value holds, or null when it is not one: bad base64url, bad DEFLATE, bad UTF-8, or too big. */
export async function unpackText(packed: string): Promise<string | null> {
  const bytes = fromBase64Url(packed);
  if (!bytes) return null;
  try {
    const raw = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_UNPACKED);
    return raw && new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return null;
  }
}

/** Bytes through a (de)compression stream, stopping with null past `limit` bytes out. */
async function pipe(input: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const writer = stream.writable.getWriter();
  // The writes settle as the reader below drains the stream; a failure surfaces there.
  void writer.write(input).then(() => writer.close()).catch(() => {});
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
