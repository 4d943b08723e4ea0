/**
 * Reads an upstream list the way a reader would paste it from an nginx config: one server a line,
 * `host:port [weight=N]`, with an optional leading `server` and trailing `;`. Blank lines and
 * `#` comments are skipped. Errors name the line (1-based) so the page can point at it.
 */

export interface UpstreamLine {
  server: string;
  weight: number;
}

export type ParseResult =
  | { ok: true; servers: UpstreamLine[] }
  | { ok: false; line: number; text: string; reason: 'syntax' | 'weight' | 'duplicate' | 'empty' };

/** nginx accepts weights up to this; more would also make the ring absurdly large. */
export const MAX_WEIGHT = 100;

export function parseUpstream(text: string): ParseResult {
  const servers: UpstreamLine[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n];
    const body = raw.replace(/#.*$/, '').trim().replace(/;$/, '').trim();
    if (body === '') continue;
    const words = body.split(/\s+/);
    if (words[0] === 'server') words.shift();
    const [server, ...options] = words;
    if (!server || !/^[^\s=;]+$/.test(server)) return { ok: false, line: n + 1, text: raw.trim(), reason: 'syntax' };
    let weight = 1;
    for (const option of options) {
      const m = /^weight=(\d+)$/.exec(option);
      if (!m) return { ok: false, line: n + 1, text: raw.trim(), reason: 'syntax' };
      weight = Number(m[1]);
      if (weight < 1 || weight > MAX_WEIGHT) return { ok: false, line: n + 1, text: raw.trim(), reason: 'weight' };
    }
    if (seen.has(server)) return { ok: false, line: n + 1, text: raw.trim(), reason: 'duplicate' };
    seen.add(server);
    servers.push({ server, weight });
  }
  if (servers.length === 0) return { ok: false, line: 1, text: '', reason: 'empty' };
  return { ok: true, servers };
}

/** The keys: one a line, kept exactly (spaces included), blank lines skipped. */
export function parseKeys(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line !== '');
}
