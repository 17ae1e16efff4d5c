/**
 * Webhooks (issue 30): a workspace's default URL and signing secret, and each delivery with
 * every attempt at it. The `WebhookStore` keeps them (PostgreSQL: storage/webhooks-postgres.ts;
 * otherwise in this process: memory-store.ts); the queue of jobs/ retries the deliveries.
 */

export interface WebhookEndpoint {
  readonly workspaceId: string;
  /** Default URL for jobs that name none; null: only jobs with their own `webhook_url` are announced. */
  readonly url: string | null;
  /** `whsec_` + base64 of the HMAC key (Standard Webhooks); shown once, when made. */
  readonly secret: string;
  readonly created: Date;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  readonly attempt: number;
  readonly at: Date;
  /** The receiver's HTTP status; null when no answer came (refused address, timeout, connection error). */
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export interface WebhookDelivery {
  /** Also the `webhook-id` header: the same for every attempt, so a receiver can drop duplicates. */
  readonly id: string;
  readonly workspaceId: string;
  readonly jobId: string | null;
  readonly batchId: string | null;
  /** `pdf.succeeded`, `pdf.failed`, `batch.completed`. */
  readonly event: string;
  readonly url: string;
  /** The exact JSON body sent (and signed) at every attempt. */
  readonly payload: string;
  readonly state: DeliveryState;
  readonly created: Date;
  readonly attempts: readonly DeliveryAttempt[];
}

/** A delivery as it is first recorded: its state, time and attempts are the store's. */
export type NewDelivery = Omit<WebhookDelivery, 'state' | 'created' | 'attempts'>;

export interface WebhookStore {
  getEndpoint(workspaceId: string): Promise<WebhookEndpoint | undefined>;
  /** Sets the default URL; makes the secret if the workspace has none (`secretCreated`: show it). */
  setEndpointUrl(workspaceId: string, url: string | null, newSecret: string): Promise<{ endpoint: WebhookEndpoint; secretCreated: boolean }>;
  /** Replaces the secret (the URL stays). */
  rotateSecret(workspaceId: string, newSecret: string): Promise<WebhookEndpoint>;
  /** Records the delivery unless one with its id exists (a job announced twice): true when created. */
  createDelivery(input: NewDelivery, now: Date): Promise<boolean>;
  getDelivery(id: string): Promise<WebhookDelivery | undefined>;
  /** Appends an attempt and sets the delivery's state. */
  recordAttempt(id: string, attempt: DeliveryAttempt, state: DeliveryState): Promise<void>;
  /** The workspace's deliveries, newest first, optionally of one job or batch. */
  listDeliveries(workspaceId: string, filter: { jobId?: string; batchId?: string }, limit: number): Promise<readonly WebhookDelivery[]>;
  close(): Promise<void>;
}
