/**
 * The one storage contract of the service (docs/design.md §1.5), in three parts:
 * workspaces (+ hashed API keys, quota), templates (+ sample payload, previews),
 * documents (bytes + expiry). memory.ts, fs.ts and postgres.ts implement it; the
 * contract suite in test/service/storage-contract.ts holds all three to it.
 */

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly created: Date;
  /** Last change of the workspace's own fields (name, active, quota); null if never changed. */
  readonly modified: Date | null;
  readonly quota: number;
  readonly remainingQuota: number;
}

export interface ApiKeyMatch {
  readonly workspace: Workspace;
  /** The hash as stored, for the constant-time confirmation in auth.ts. */
  readonly keyHash: string;
}

export interface NewWorkspace {
  readonly name: string;
  readonly quota: number;
  readonly active?: boolean;
  /** sha256 (hex) of the first API key; see auth.ts. */
  readonly apiKeyHash: string;
}

export interface WorkspaceChanges {
  readonly active?: boolean;
  /** A new quota also resets the remaining quota to it. */
  readonly quota?: number;
}

export interface TemplateRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  /** Handlebars-over-HTML source. */
  readonly html: string;
  readonly created: Date;
  readonly modified: Date | null;
  /** 1 when made, one more at every update; an asynchronous job renders the version it was accepted with. */
  readonly version: number;
}

/**
 * A version of a template as it was: the current one, or one an update or a delete superseded,
 * kept while a job accepted with it may still render it (removed by the cleanup's sweep).
 */
export interface TemplateVersion {
  readonly template: TemplateRecord;
  readonly files: TemplateFiles;
  /** When an update or the delete replaced it; null for the current version. */
  readonly superseded: Date | null;
}

/** One line of a template's version list (the newest first). */
export interface TemplateVersionInfo {
  readonly version: number;
  /** When this version was made (the template's creation, or the update that made it). */
  readonly created: Date;
  readonly superseded: Date | null;
}

/** `templateId@version`: the versions jobs still need (jobs/runner.ts renders them). */
export function versionKey(templateId: string, version: number): string {
  return `${templateId}@${version}`;
}

/** A template's own files by relative path with `/` (`css/style.css`, `partials/header.html`). */
export type TemplateFiles = ReadonlyMap<string, Uint8Array>;

export interface NewTemplate {
  readonly workspaceId: string;
  readonly name: string;
  readonly html: string;
  readonly sample?: unknown;
  /** Stored together with the template, atomically. */
  readonly previews?: Previews;
  /**
   * The template's own files by relative path (`css/style.css`, `logo.png`), stored with it; its
   * relative URLs resolve among them at generation (every storage keeps them the same way).
   */
  readonly files?: TemplateFiles;
}

export interface TemplateChanges {
  readonly html: string;
  /** undefined: no sample. */
  readonly sample: unknown;
  readonly previews: Previews;
  /** Replaces every file of the template when given; absent: the files stay as they are. */
  readonly files?: TemplateFiles;
}

/** A template used at a time (`Storage.noteTemplatesUsed`). */
export interface TemplateUse {
  readonly workspaceId: string;
  readonly templateId: string;
  readonly at: Date;
}

/** The moment `recentTemplates` orders a template by: its last use or its last change, whichever is later. */
function recency(template: Pick<TemplateRecord, 'created' | 'modified'>, lastUsed: Date | undefined): number {
  const changed = (template.modified ?? template.created).getTime();
  return lastUsed === undefined ? changed : Math.max(changed, lastUsed.getTime());
}

/** `recentTemplates` of the storages that order in memory: the latest first, ties by id. */
export function mostRecent<T extends Pick<TemplateRecord, 'id' | 'created' | 'modified'>>(
  templates: Iterable<T>, lastUsed: (templateId: string) => Date | undefined, limit: number,
): T[] {
  const ranked = [...templates].map((template) => ({ template, at: recency(template, lastUsed(template.id)) }));
  ranked.sort((a, b) => b.at - a.at || (a.template.id < b.template.id ? -1 : a.template.id > b.template.id ? 1 : 0));
  return ranked.slice(0, Math.max(0, limit)).map((entry) => entry.template);
}

export type PreviewKind = 'pdf' | 'png';

export interface Previews {
  readonly pdf: Uint8Array;
  readonly png: Uint8Array;
}

export interface Page {
  /** 0-based index of the first item. */
  readonly offset: number;
  readonly limit: number;
}

export interface TemplatePage {
  /** Ordered by name, then id. */
  readonly items: readonly TemplateRecord[];
  readonly total: number;
}

export interface DocumentRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly templateId: string;
  readonly referenceId: string | null;
  readonly created: Date;
  readonly expires: Date;
}

export interface StoredDocument {
  readonly record: DocumentRecord;
  readonly pdf: Uint8Array;
}

export interface Storage {
  /** Secret for signing download and preview links; created once, shared by every process. */
  signingSecret(): Promise<Uint8Array>;

  /** Throws `StorageConflictError` if the name is taken. */
  createWorkspace(input: NewWorkspace): Promise<Workspace>;
  getWorkspace(id: string): Promise<Workspace | undefined>;
  findWorkspaceByName(name: string): Promise<Workspace | undefined>;
  /** The stored key whose hash this is, with its workspace. */
  findApiKey(keyHash: string): Promise<ApiKeyMatch | undefined>;
  updateWorkspace(id: string, changes: WorkspaceChanges): Promise<Workspace | undefined>;
  addApiKey(workspaceId: string, keyHash: string): Promise<void>;
  /** Revokes every key of the workspace. */
  removeApiKeys(workspaceId: string): Promise<void>;
  /**
   * Takes one unit of quota atomically: the remaining quota after it, or undefined when
   * none was left (then nothing changed). Never lets the remaining quota go below zero,
   * whatever the concurrency.
   */
  consumeQuota(workspaceId: string): Promise<number | undefined>;
  /** Gives back one unit taken by `consumeQuota` (never above the quota). */
  refundQuota(workspaceId: string): Promise<void>;

  /**
   * Stores the template, its sample and previews together: all or nothing. Names are unique per
   * workspace: a taken one throws `StorageConflictError` with the existing template's id.
   */
  createTemplate(input: NewTemplate): Promise<TemplateRecord>;
  /**
   * Only a template of that workspace; another workspace's is indistinguishable from a missing one.
   * Without its sample payload: every generate reads the template, none uses the sample.
   */
  getTemplate(workspaceId: string, templateId: string): Promise<TemplateRecord | undefined>;
  /** The template's sample payload (the one its previews were rendered from); undefined if it has none or is not in that workspace. */
  getTemplateSample(workspaceId: string, templateId: string): Promise<unknown>;
  listTemplates(workspaceId: string, page: Page): Promise<TemplatePage>;
  /**
   * Replaces the source, sample and previews together, stamps `modified` and makes the next
   * version; the previous one is kept (`getTemplateVersion`) until `deleteUnusedTemplateVersions`
   * finds no job using it. Undefined if not in that workspace.
   */
  updateTemplate(workspaceId: string, templateId: string, changes: TemplateChanges): Promise<TemplateRecord | undefined>;
  /**
   * Removes the template and its previews for every new request (documents made from it stay until
   * they expire); its last version is kept as an update keeps one, for jobs accepted before. False if not found.
   */
  deleteTemplate(workspaceId: string, templateId: string): Promise<boolean>;
  /** The template at that version, current or kept; undefined if neither (or not in that workspace). */
  getTemplateVersion(workspaceId: string, templateId: string, version: number): Promise<TemplateVersion | undefined>;
  /** The current version and the kept ones, newest first; undefined if the template is not (or no longer) in that workspace. */
  listTemplateVersions(workspaceId: string, templateId: string): Promise<readonly TemplateVersionInfo[] | undefined>;
  /** Removes kept versions superseded at or before `before` whose `versionKey` is not in `inUse`; returns how many. */
  deleteUnusedTemplateVersions(inUse: ReadonlySet<string>, before: Date): Promise<number>;
  getPreview(templateId: string, kind: PreviewKind): Promise<Uint8Array | undefined>;
  /** The template's files (empty when it has none); undefined if the template is not in that workspace. */
  getTemplateFiles(workspaceId: string, templateId: string): Promise<TemplateFiles | undefined>;
  /**
   * Records when templates were last used (a document generated from them), so that a service
   * started later warms its render processes with them (template-warm-up.ts). A later stamp wins;
   * a template not (or no longer) in that workspace is ignored. Called in batches, not per request.
   */
  noteTemplatesUsed(uses: readonly TemplateUse[]): Promise<void>;
  /**
   * Across every workspace: the `limit` templates last used or changed, the latest first — by the
   * later of their last use (`noteTemplatesUsed`) and `modified ?? created`.
   */
  recentTemplates(limit: number): Promise<readonly TemplateRecord[]>;

  putDocument(record: DocumentRecord, pdf: Uint8Array): Promise<void>;
  /**
   * Takes one unit of the workspace's quota and stores the document as one step: false (nothing
   * stored, nothing taken) when no quota was left. Atomic in postgres (one transaction) and memory;
   * in fs the unit is taken first, under the workspace lock, so a crash in between can only
   * over-count by that document, never under-count.
   */
  chargeAndPutDocument(record: DocumentRecord, pdf: Uint8Array): Promise<boolean>;
  getDocument(id: string): Promise<StoredDocument | undefined>;
  deleteDocument(id: string): Promise<void>;
  /** Deletes documents whose `expires` is at or before `now`; returns how many. */
  deleteExpiredDocuments(now: Date): Promise<number>;
  countDocuments(workspaceId: string): Promise<number>;

  close(): Promise<void>;
}

/** A unique name is already taken (`existingId`: the template holding it, for a template name). */
export class StorageConflictError extends Error {
  override name = 'StorageConflictError';
  readonly existingId: string | undefined;

  constructor(message: string, existingId?: string) {
    super(message);
    this.existingId = existingId;
  }
}

/** The template of that workspace with exactly this name (names are unique per workspace). */
export function templateNamed(templates: Iterable<TemplateRecord>, workspaceId: string, name: string): TemplateRecord | undefined {
  for (const template of templates) if (template.workspaceId === workspaceId && template.name === name) return template;
  return undefined;
}

/** Order of `listTemplates`: by name, then id (code-unit order, identical in every storage). */
export function compareTemplates(a: TemplateRecord, b: TemplateRecord): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid in its canonical 8-4-4-4-12 hex form (any version; RFC 9562 §4). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
