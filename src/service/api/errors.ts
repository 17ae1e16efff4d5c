/**
 * Errors of the document API (docs/design.md §1.4): every non-2xx answer carries
 * `{message, error_code, documentation_url, correlation_id}`.
 */

/** Stable `error_code` values of the HTTP API. */
export type ServiceErrorCode =
  | 'validation_error'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'workspace_inactive'
  | 'not_found'
  | 'unsupported_version'
  | 'method_not_allowed'
  | 'link_expired'
  | 'conflict'
  | 'request_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'template_error'
  | 'render_error'
  | 'limit_exceeded'
  | 'quota_exceeded'
  | 'internal_error'
  | 'render_crashed'
  | 'service_unavailable';

/** The HTTP status of each code; one place, so a code never drifts from its status. */
export const STATUS_OF: Readonly<Record<ServiceErrorCode, number>> = {
  validation_error: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  workspace_inactive: 403,
  not_found: 404,
  unsupported_version: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  template_error: 422,
  render_error: 422,
  limit_exceeded: 422,
  quota_exceeded: 429,
  internal_error: 500,
  render_crashed: 500,
  service_unavailable: 503,
};

/** An expected failure of an operation, turned into an error body by the HTTP binding. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly code: ServiceErrorCode;
  /** Extra response headers (e.g. `Allow` for 405). */
  readonly headers: Readonly<Record<string, string>>;
  /** The engine's error code behind a render failure (`template_syntax`, `template_runtime`...), when known. */
  readonly reason: string | undefined;

  constructor(code: ServiceErrorCode, message: string, options: { headers?: Record<string, string>; cause?: unknown; reason?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.headers = options.headers ?? {};
    this.reason = options.reason;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** The wire shape of an error (Pdfless' `ApiExceptionDetailsResult`). */
export interface ErrorBody {
  readonly message: string;
  readonly error_code: ServiceErrorCode;
  readonly documentation_url: string;
  readonly correlation_id: string;
}

/** What each code means; served at `/v1/errors`, which every `documentation_url` points into. */
export const ERROR_DESCRIPTIONS: Readonly<Record<ServiceErrorCode, string>> = {
  validation_error: 'The request is malformed: a parameter or a body field has the wrong type or is out of range.',
  missing_api_key: 'No API key: send it in the `apikey` header or the `apikey` query parameter.',
  invalid_api_key: 'The API key is not one of a workspace.',
  workspace_inactive: 'The workspace of this API key is deactivated.',
  not_found: 'No such resource in the workspace of this API key (or no such route).',
  unsupported_version: 'Only version 1 of the API exists: use the `/v1` base path.',
  method_not_allowed: 'The route exists but not with this HTTP method (see the `Allow` header).',
  request_timeout: 'The request (headers or body) was not received in time; the connection is closed.',
  conflict: 'The name is taken in this workspace (names of templates are unique per workspace); the message gives the existing template\'s id.',
  link_expired: 'The download link has expired and the document was deleted; generate it again.',
  payload_too_large: 'The request body is larger than the server accepts.',
  unsupported_media_type: 'Send the body as `application/json`, `text/json` or `application/*+json`.',
  template_error: 'The template could not be filled with the payload (Handlebars syntax or runtime error).',
  render_error: 'The document could not be rendered (a resource is refused or broken, or an engine error).',
  limit_exceeded: 'The document goes over a limit of the server (pages, nesting depth, boxes, render time, image pixels, font size, resources, payload depth); the message names the limit and its value.',
  quota_exceeded: 'The workspace has no quota left.',
  internal_error: 'An unexpected server error; quote the correlation id when reporting it.',
  render_crashed: 'The process rendering the document ended abnormally (a fault in native code: an image decoder, an abort, out of memory); it was replaced and the server goes on. Quote the correlation id when reporting it.',
  service_unavailable: 'The render queue is full, the storage (database) is not reachable, or the server is shutting down; retry after the `Retry-After` seconds.',
};

/** `documentationBase` is the absolute URL of the service's `/v1/errors` listing. */
export function errorBody(error: ServiceError, correlationId: string, documentationBase: string): ErrorBody {
  return {
    message: error.message,
    error_code: error.code,
    documentation_url: `${documentationBase}#${error.code}`,
    correlation_id: correlationId,
  };
}
