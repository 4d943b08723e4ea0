const encoder = new TextEncoder();

/** The UTF-8 bytes of a string: what nginx, libketama and Node hash when given text. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
