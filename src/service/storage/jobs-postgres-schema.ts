/**
 * The tables of asynchronous generation (migration 3 of postgres.ts): one row per job, the
 * truth about its state and outcome, whatever pg-boss does with its own copy. The command
 * (payload, passwords) is dropped when the job finishes.
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
`;
