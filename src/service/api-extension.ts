/**
 * Routes added to the document API by a feature that lives in its own folder (asynchronous jobs,
 * webhooks, batches, the template API): they see one request through `ApiCall` and answer JSON
 * through `ApiReply`; http.ts routes, authenticates, serialises and logs them like its own.
 */
import type { GenerateCommand } from './commands.js';
import type { RequestScope } from './operations.js';

export interface ApiCall {
  readonly request: Request;
  readonly url: URL;
  /** The route pattern's captures. */
  readonly params: readonly string[];
  readonly baseUrl: string;
  readonly correlationId: string;
  /** The caller's workspace from its API key (401/403 otherwise). */
  authenticate(): Promise<RequestScope>;
  /** The JSON body within the body limit and depth limit (415/413/400 otherwise). */
  readJson(): Promise<unknown>;
}

export interface ApiReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ApiRoute {
  /** Matched against the path after `/v1`. */
  readonly pattern: RegExp;
  readonly methods: Readonly<Record<string, (call: ApiCall) => Promise<ApiReply>>>;
}

export interface ApiExtension {
  readonly routes: readonly ApiRoute[];
  /**
   * Offered every valid generate request before it renders: a reply takes the request over
   * (asynchronous generation answers 202); undefined leaves it to the synchronous path.
   */
  readonly generate?: (call: ApiCall, scope: RequestScope, command: GenerateCommand, body: unknown) => Promise<ApiReply | undefined>;
}
