/**
 * The SHA-1 of a resource's bytes (hex), the content id that images and fonts are keyed by. Bytes
 * the engine owns and never changes — the file cache's (src/resources/loader.ts), handed out
 * unchanged to every render that reads the same file version — are marked with `markUnchanging`,
 * and their digest is kept beside them (by identity, in a WeakMap: it goes when they go). A render
 * that reads an unchanged file then pays no hashing at all (the bench invoice's logo was hashed
 * twice per render: once for its id, once for the PNG pixel cache). Other bytes (a data: URL's, a
 * caller's ResourceLoader's, which the engine does not own) are hashed each time.
 */
import { createHash } from 'node:crypto';

/** Bytes marked as never changed, with their digest once asked for. */
const digests = new WeakMap<Uint8Array, string | undefined>();

/** Marks `bytes` as never written to again by anyone, so that their digest may be kept. */
export function markUnchanging(bytes: Uint8Array): void {
  if (!digests.has(bytes)) digests.set(bytes, undefined);
}

/** Whether `bytes` were marked by `markUnchanging`. */
export function isUnchanging(bytes: Uint8Array): boolean {
  return digests.has(bytes);
}

/** The SHA-1 of `bytes` (hex); computed once for marked bytes. */
export function sha1Hex(bytes: Uint8Array): string {
  const known = digests.get(bytes);
  if (known !== undefined) return known;
  const digest = createHash('sha1').update(bytes).digest('hex');
  if (digests.has(bytes)) digests.set(bytes, digest);
  return digest;
}
