/**
 * CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, init and xorout 0xFFFFFFFF), the CRC of
 * zlib's crc32 and nginx's ngx_crc32_short/long. Incremental, because nginx chains it: a ring
 * point is crc32(host \0 port prev) and the state after "host \0 port" is shared by every point.
 */

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The state before any byte (ngx_crc32_init). */
export function crc32Init(): number {
  return 0xffffffff;
}

/** Feeds bytes[start, end) into a running state and returns the new state (ngx_crc32_update). */
export function crc32Update(crc: number, bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = crc;
  for (let i = start; i < end; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return c >>> 0;
}

/**
 * Feeds the four little-endian bytes of a uint32, without building an array: nginx appends the
 * previous point's hash this way, and forces little-endian on big-endian hosts too.
 */
export function crc32UpdateUint32Le(crc: number, value: number): number {
  let c = crc;
  c = TABLE[(c ^ value) & 0xff] ^ (c >>> 8);
  c = TABLE[(c ^ (value >>> 8)) & 0xff] ^ (c >>> 8);
  c = TABLE[(c ^ (value >>> 16)) & 0xff] ^ (c >>> 8);
  c = TABLE[(c ^ (value >>> 24)) & 0xff] ^ (c >>> 8);
  return c >>> 0;
}

/** The CRC of everything fed so far, as an unsigned 32-bit integer (ngx_crc32_final). */
export function crc32Final(crc: number): number {
  return (crc ^ 0xffffffff) >>> 0;
}

/** CRC-32 of a whole byte array: equals zlib.crc32(bytes). */
export function crc32(bytes: Uint8Array): number {
  return crc32Final(crc32Update(crc32Init(), bytes));
}
