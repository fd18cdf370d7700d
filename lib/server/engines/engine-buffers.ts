/** Buffers cross the pool's threads as plain Uint8Arrays (structured clone): both sides wrap them back. */
export function asBuffer(bytes: Uint8Array): Buffer;
export function asBuffer(bytes: Uint8Array | null | undefined): Buffer | null;
export function asBuffer(bytes: Uint8Array | null | undefined): Buffer | null {
  if (!bytes) return null;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
