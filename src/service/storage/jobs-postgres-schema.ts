/**
 * The tables of asynchronous generation (migration 3 of postgres.ts): one row per job, the
 * truth about its state and outcome, whatever pg-boss does with its own copy. The command
 * (payload, passwords) is dropped when the job finishes. Webhook endpoints (a workspace's default
 * URL and secret) and deliveries with their attempts (a JSON array, appended to).
 */
export const JOBS_MIGRATION = `
  CREATE TABLE generation_jobs (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    template_id uuid NOT NULL,
    reference_id text,
    idempotency_key text,
    webhook_url text,
    batch_id uuid,
    base_url text NOT NULL,
    state text NOT NULL CHECK (state IN ('pending', 'generating', 'success', 'failure')),
    attempts integer NOT NULL DEFAULT 0,
    created timestamptz NOT NULL,
    started timestamptz,
    finished timestamptz,
    document_id uuid,
    expires timestamptz,
    error_code text,
    error_message text,
    command json,
    UNIQUE (workspace_id, idempotency_key)
  );
  CREATE INDEX generation_jobs_finished ON generation_jobs (finished) WHERE finished IS NOT NULL;
  CREATE INDEX generation_jobs_batch ON generation_jobs (batch_id) WHERE batch_id IS NOT NULL;
  CREATE TABLE webhook_endpoints (
    workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    url text,
    secret text NOT NULL,
    created timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    job_id uuid,
    batch_id uuid,
    event text NOT NULL,
    url text NOT NULL,
    payload text NOT NULL,
    state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    created timestamptz NOT NULL,
    attempts jsonb NOT NULL DEFAULT '[]'
  );
  CREATE INDEX webhook_deliveries_listing ON webhook_deliveries (workspace_id, created DESC);
`;
