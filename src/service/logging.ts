/**
 * Structured request logs: one JSON line per request with method, path, status, duration and
 * correlation id. Never an API key or a password: the query's secrets are redacted and bodies
 * are never logged.
 */

export interface RequestLogEntry {
  readonly time: string;
  readonly level: 'info' | 'warn' | 'error';
  readonly msg: 'request';
  readonly method: string;
  readonly path: string;
  /** The query string with `apikey` and `signature` values replaced by `[redacted]`; absent if empty. */
  readonly query?: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly correlation_id: string;
  readonly workspace_id?: string;
  readonly error_code?: string;
  /** Internal errors only: the server-side message (the client sees none of it). */
  readonly error?: string;
}

/** Warnings of a render (a missing image, an ignored font), tied to its request by the correlation id. */
export interface RenderWarningLogEntry {
  readonly time: string;
  readonly level: 'warn';
  readonly msg: 'render_warning';
  readonly correlation_id: string;
  readonly workspace_id: string;
  readonly template_id: string;
  readonly warnings: readonly string[];
}

/** A stored template a render process could not render while warming up (ignored otherwise: no request failed). */
export interface WarmUpFailureLogEntry {
  readonly time: string;
  readonly level: 'debug';
  readonly msg: 'warm_up_failed';
  readonly workspace_id: string;
  readonly template_id: string;
  readonly error: string;
}

export type RequestLogger = (entry: RequestLogEntry | RenderWarningLogEntry | WarmUpFailureLogEntry) => void;

const SECRET_PARAMS = new Set(['apikey', 'signature', 'password', 'token']);

export function redactQuery(query: URLSearchParams): string | undefined {
  const parts: string[] = [];
  for (const [key, value] of query) {
    const shown = SECRET_PARAMS.has(key.toLowerCase()) ? '[redacted]' : value;
    parts.push(`${encodeURIComponent(key)}=${shown === '[redacted]' ? shown : encodeURIComponent(shown)}`);
  }
  return parts.length === 0 ? undefined : parts.join('&');
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** Least to most severe. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/**
 * Writes each entry at `level` or above as one JSON line (default: stdout); the ones below are
 * dropped before they are serialised.
 */
export function jsonLineLogger(write: (line: string) => void = (line) => process.stdout.write(line), level: LogLevel = DEFAULT_LOG_LEVEL): RequestLogger {
  const least = LOG_LEVELS.indexOf(level);
  return (entry) => {
    if (LOG_LEVELS.indexOf(entry.level) >= least) write(JSON.stringify(entry) + '\n');
  };
}

export const silentLogger: RequestLogger = () => undefined;
