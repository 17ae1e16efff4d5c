/**
 * Template versions on PostgreSQL (migration 7 of postgres.ts): a template's `version`, one more at
 * each update; the versions an update or a delete superseded, with their files, kept while a job
 * accepted with them is pending or generating (the sweep then removes them); and each job's version.
 * No foreign key to `templates`: a deleted template's last version outlives it for its jobs.
 */
export const TEMPLATE_VERSIONS_MIGRATION = `
  ALTER TABLE templates ADD COLUMN version integer NOT NULL DEFAULT 1;
  CREATE TABLE template_versions (
    template_id uuid NOT NULL,
    version integer NOT NULL,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name text NOT NULL,
    html text NOT NULL,
    sample json,
    created timestamptz NOT NULL,
    modified timestamptz,
    superseded timestamptz NOT NULL,
    PRIMARY KEY (template_id, version)
  );
  CREATE INDEX template_versions_superseded ON template_versions (superseded);
  CREATE TABLE template_version_files (
    template_id uuid NOT NULL,
    version integer NOT NULL,
    path text NOT NULL,
    bytes bytea NOT NULL,
    PRIMARY KEY (template_id, version, path),
    FOREIGN KEY (template_id, version) REFERENCES template_versions (template_id, version) ON DELETE CASCADE
  );
  ALTER TABLE generation_jobs ADD COLUMN template_version integer;
`;
