/**
 * Whether a storage failure means "the storage cannot be reached now" (the database is stopped,
 * restarting, unreachable or refusing connections) rather than a bug: the API answers those 503
 * with `Retry-After` (a balancer retries elsewhere, a client later), not 500.
 *
 * Recognised: system errors of a connection (`ECONNREFUSED`, `ECONNRESET`, `ETIMEDOUT`...; any
 * error of the `connect` syscall), PostgreSQL's class 08 (connection exception) and 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now), and node-postgres's own messages for a
 * connection lost or not made in time. Causes and aggregated errors are looked through.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const PG_MESSAGES = /connection terminated|timeout exceeded when trying to connect|client has encountered a connection error|connection refused/i;

export const STORAGE_RETRY_AFTER_SECONDS = 5;

export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (error instanceof AggregateError && error.errors.some((inner) => isStorageUnavailable(inner, depth + 1))) return true;
  const { code, syscall, message, cause } = error as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code))) return true;
  if (syscall === 'connect') return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  return isStorageUnavailable(cause, depth + 1);
}
