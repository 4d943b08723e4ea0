import type { KernelExports } from './load.ts';

const encoder = new TextEncoder();

/**
 * Writes the names' UTF-8 (TextEncoder's, as utf8() in src/lib/hashing) into the kernel's memory
 * at `bytes`, and where each starts at `offsets` (count + 1 u32, the last the end), for the
 * kernels that hash names a batch at a time. All-ASCII batches, the usual case, are encoded in one
 * call on the joined text; otherwise name by name (joining could pair one name's lone surrogate
 * with the next's). Grows memory through `reserve`, which throws when it cannot.
 */
export function writeUtf8(k: KernelExports, names: readonly string[], offsets: number, bytes: number, reserve: (bytes: number) => void): void {
  const text = names.join('');
  reserve(bytes + text.length);
  const ascii = encoder.encodeInto(text, new Uint8Array(k.memory.buffer, bytes, text.length));
  if (ascii.read === text.length && ascii.written === text.length) {
    const offsetView = new Uint32Array(k.memory.buffer, offsets, names.length + 1);
    let at = 0;
    for (let i = 0; i < names.length; i++) {
      offsetView[i] = at;
      at += names[i].length;
    }
    offsetView[names.length] = at;
    return;
  }
  // At most three bytes a UTF-16 unit.
  reserve(bytes + 3 * text.length);
  const buffer = k.memory.buffer;
  const offsetView = new Uint32Array(buffer, offsets, names.length + 1);
  const byteView = new Uint8Array(buffer, bytes, 3 * text.length);
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    offsetView[i] = at;
    at += encoder.encodeInto(names[i], byteView.subarray(at)).written;
  }
  offsetView[names.length] = at;
}
