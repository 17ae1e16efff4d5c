/**
 * The usual operating mistakes — a port in use, a data folder that cannot be written, a database
 * that cannot be reached — as one line that says what to do (exit code 2), instead of an
 * "internal error" with a stack trace. Recognised from the error Node or pg throws (its `code`,
 * `syscall`, `path`, `address`, `port`), anywhere in its `cause` chain.
 */

interface SystemError {
  readonly code?: unknown;
  readonly syscall?: unknown;
  readonly path?: unknown;
  readonly address?: unknown;
  readonly port?: unknown;
  readonly cause?: unknown;
}

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOSPC', 'EEXIST']);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
/** PostgreSQL's SQLSTATEs for a refused login or a database that does not exist. */
const DATABASE_REFUSED: Readonly<Record<string, string>> = {
  '28P01': 'the password was refused',
  '28000': 'the login was refused',
  '3D000': 'the database does not exist',
};

function describeCode(code: string): string {
  switch (code) {
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EROFS': return 'read-only file system';
    case 'ENOTDIR': return 'a part of the path is a file';
    case 'ENOSPC': return 'no space left on the device';
    case 'EEXIST': return 'a file of that name is in the way';
    case 'ECONNREFUSED': return 'connection refused';
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'unknown host';
    default: return code.toLowerCase();
  }
}

function one(error: SystemError): string | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code === undefined) return undefined;
  const where = `${typeof error.address === 'string' ? error.address : ''}${typeof error.port === 'number' ? `:${error.port}` : ''}`;
  if (error.syscall === 'listen' && code === 'EADDRINUSE') {
    return `port ${where.replace(/^.*:/, '')} is already in use (${where}): stop the program using it, or pick another with --port (--port 0 picks a free one)`;
  }
  if (error.syscall === 'listen' && (code === 'EACCES' || code === 'EADDRNOTAVAIL')) {
    return `cannot listen on ${where}: ${code === 'EACCES' ? 'permission denied (ports below 1024 need privileges)' : 'no such address on this machine'}; pick another --port or --host`;
  }
  if (typeof error.path === 'string' && NOT_WRITABLE.has(code)) {
    return `data folder not writable: cannot write ${error.path}: ${describeCode(code)}; fix its permissions or pick another with --data-dir (or OCTAVO_DATA_DIR)`;
  }
  if (UNREACHABLE.has(code) && (error.syscall === 'connect' || error.syscall === 'getaddrinfo' || error.syscall === undefined)) {
    return `database unreachable${where === '' ? '' : ` at ${where}`}: ${describeCode(code)}; check --database-url (or DATABASE_URL) and that PostgreSQL is running`;
  }
  const refused = DATABASE_REFUSED[code];
  if (refused !== undefined) return `database unreachable: ${refused}; check --database-url (or DATABASE_URL)`;
  return undefined;
}

/** The one-line message of an operating mistake, or undefined for anything else (a bug: reported in full). */
export function operatingErrorMessage(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 5; depth++) {
    const message = one(current as SystemError);
    if (message !== undefined) return message;
    current = (current as SystemError).cause;
  }
  return undefined;
}
