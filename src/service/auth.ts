/**
 * API keys (docs/design.md §1.4): high-entropy random keys, stored only as their SHA-256
 * (a slow password hash adds nothing for 256-bit random secrets), compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './api/errors.js';
import type { Storage, Workspace } from './storage/types.js';

const KEY_PREFIX = 'oct_';

/** A new API key: `oct_` + 32 random bytes in base64url (256 bits). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The form keys are stored in: lowercase hex SHA-256 of the key's UTF-8 bytes. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key of a request: the `apikey` header first, then the `apikey` query parameter. */
export function presentedKey(headers: Headers, query: URLSearchParams): string | undefined {
  const header = headers.get('apikey');
  if (header !== null && header.trim() !== '') return header.trim();
  const param = query.get('apikey');
  if (param !== null && param.trim() !== '') return param.trim();
  return undefined;
}

/**
 * The active workspace a key belongs to. The lookup is by hash (an index, which leaks at most
 * the timing of a hash prefix, not of the key); the match is then confirmed in constant time.
 */
export async function authenticate(storage: Storage, key: string | undefined): Promise<Workspace> {
  if (key === undefined) throw new ServiceError('missing_api_key', 'an API key is required: send the `apikey` header or query parameter');
  const hash = hashApiKey(key);
  const match = await storage.findApiKey(hash);
  if (match === undefined || !sameHash(match.keyHash, hash)) {
    throw new ServiceError('invalid_api_key', 'the API key is not valid');
  }
  const { workspace } = match;
  if (!workspace.active) throw new ServiceError('workspace_inactive', `workspace '${workspace.name}' is inactive`);
  return workspace;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
