/** In-memory storage (tests, throwaway servers): the reference implementation of types.ts. */
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DocumentRecord, NewTemplate, NewWorkspace, Page, PreviewKind, Previews, Storage, StoredDocument,
  TemplateChanges, TemplateFiles, TemplatePage, TemplateRecord, TemplateUse, Workspace, WorkspaceChanges,
} from './types.js';
import { StorageConflictError, compareTemplates, mostRecent, templateNamed } from './types.js';
import type { KeptVersions } from './kept-versions.js';
import { createKeptVersions } from './kept-versions.js';

interface MemoryState {
  readonly secret: Uint8Array;
  readonly workspaces: Map<string, Workspace>;
  /** key hash -> workspace id */
  readonly keys: Map<string, string>;
  readonly templates: Map<string, TemplateRecord>;
  readonly previews: Map<string, Previews>;
  /** template id -> its sample payload, when it has one */
  readonly samples: Map<string, unknown>;
  /** template id -> its files (copies: the caller's buffers may change later) */
  readonly files: Map<string, TemplateFiles>;
  readonly documents: Map<string, StoredDocument>;
  readonly kept: KeptVersions;
  /** template id -> its last use (noteTemplatesUsed) */
  readonly lastUsed: Map<string, Date>;
}

export function createMemoryStorage(): Storage {
  const state: MemoryState = {
    secret: randomBytes(32),
    workspaces: new Map(),
    keys: new Map(),
    templates: new Map(),
    previews: new Map(),
    samples: new Map(),
    files: new Map(),
    documents: new Map(),
    kept: createKeptVersions(),
    lastUsed: new Map(),
  };
  // Every method is synchronous inside its promise, so each one is atomic on the event loop.
  return {
    signingSecret: async () => state.secret,
    createWorkspace: async (input) => createWorkspace(state, input),
    getWorkspace: async (id) => state.workspaces.get(id),
    findWorkspaceByName: async (name) => [...state.workspaces.values()].find((ws) => ws.name === name),
    findApiKey: async (hash) => {
      const workspace = state.workspaces.get(state.keys.get(hash) ?? '');
      return workspace === undefined ? undefined : { workspace, keyHash: hash };
    },
    updateWorkspace: async (id, changes) => updateWorkspace(state, id, changes),
    addApiKey: async (workspaceId, hash) => { state.keys.set(hash, workspaceId); },
    removeApiKeys: async (workspaceId) => {
      for (const [hash, id] of state.keys) if (id === workspaceId) state.keys.delete(hash);
    },
    consumeQuota: async (id) => {
      const ws = state.workspaces.get(id);
      if (ws === undefined || ws.remainingQuota <= 0) return undefined;
      state.workspaces.set(id, { ...ws, remainingQuota: ws.remainingQuota - 1 });
      return ws.remainingQuota - 1;
    },
    refundQuota: async (id) => {
      const ws = state.workspaces.get(id);
      if (ws !== undefined) state.workspaces.set(id, { ...ws, remainingQuota: Math.min(ws.quota, ws.remainingQuota + 1) });
    },
    createTemplate: async (input) => createTemplate(state, input),
    getTemplate: async (workspaceId, templateId) => {
      const template = state.templates.get(templateId);
      return template?.workspaceId === workspaceId ? template : undefined;
    },
    getTemplateSample: async (workspaceId, templateId) =>
      (state.templates.get(templateId)?.workspaceId === workspaceId ? state.samples.get(templateId) : undefined),
    listTemplates: async (workspaceId, page) => listTemplates(state, workspaceId, page),
    updateTemplate: async (workspaceId, templateId, changes) => updateTemplate(state, workspaceId, templateId, changes),
    deleteTemplate: async (workspaceId, templateId) => deleteTemplate(state, workspaceId, templateId),
    ...versionMethods(state),
    getPreview: async (templateId, kind: PreviewKind) => state.previews.get(templateId)?.[kind],
    getTemplateFiles: async (workspaceId, templateId) =>
      state.templates.get(templateId)?.workspaceId === workspaceId ? state.files.get(templateId) ?? new Map() : undefined,
    ...templateUseMethods(state),
    putDocument: async (record: DocumentRecord, pdf) => {
      state.documents.set(record.id, { record, pdf: new Uint8Array(pdf) });
    },
    chargeAndPutDocument: async (record: DocumentRecord, pdf) => {
      const ws = state.workspaces.get(record.workspaceId);
      if (ws === undefined || ws.remainingQuota <= 0) return false;
      state.workspaces.set(ws.id, { ...ws, remainingQuota: ws.remainingQuota - 1 });
      state.documents.set(record.id, { record, pdf: new Uint8Array(pdf) });
      return true;
    },
    getDocument: async (id) => state.documents.get(id),
    deleteDocument: async (id) => { state.documents.delete(id); },
    deleteExpiredDocuments: async (now) => {
      let count = 0;
      for (const [id, doc] of state.documents) {
        if (doc.record.expires.getTime() <= now.getTime()) { state.documents.delete(id); count++; }
      }
      return count;
    },
    countDocuments: async (workspaceId) =>
      [...state.documents.values()].filter((doc) => doc.record.workspaceId === workspaceId).length,
    close: async () => undefined,
  };
}

function createWorkspace(state: MemoryState, input: NewWorkspace): Workspace {
  if ([...state.workspaces.values()].some((ws) => ws.name === input.name)) {
    throw new StorageConflictError(`a workspace named '${input.name}' exists`);
  }
  const workspace: Workspace = {
    id: randomUUID(),
    name: input.name,
    active: input.active ?? true,
    created: new Date(),
    modified: null,
    quota: input.quota,
    remainingQuota: input.quota,
  };
  state.workspaces.set(workspace.id, workspace);
  state.keys.set(input.apiKeyHash, workspace.id);
  return workspace;
}

function updateWorkspace(state: MemoryState, id: string, changes: WorkspaceChanges): Workspace | undefined {
  const ws = state.workspaces.get(id);
  if (ws === undefined) return undefined;
  const next: Workspace = {
    ...ws,
    active: changes.active ?? ws.active,
    quota: changes.quota ?? ws.quota,
    remainingQuota: changes.quota ?? ws.remainingQuota,
    modified: new Date(),
  };
  state.workspaces.set(id, next);
  return next;
}

function createTemplate(state: MemoryState, input: NewTemplate): TemplateRecord {
  if (!state.workspaces.has(input.workspaceId)) throw new Error(`no workspace ${input.workspaceId}`);
  const taken = templateNamed(state.templates.values(), input.workspaceId, input.name);
  if (taken !== undefined) throw new StorageConflictError(`a template named '${input.name}' exists (id ${taken.id})`, taken.id);
  const template: TemplateRecord = {
    id: randomUUID(),
    workspaceId: input.workspaceId,
    name: input.name,
    html: input.html,
    created: new Date(),
    modified: null,
    version: 1,
  };
  state.templates.set(template.id, template);
  state.samples.set(template.id, input.sample);
  if (input.previews !== undefined) state.previews.set(template.id, input.previews);
  if (input.files !== undefined) state.files.set(template.id, copyFiles(input.files));
  return template;
}

function updateTemplate(state: MemoryState, workspaceId: string, templateId: string, changes: TemplateChanges): TemplateRecord | undefined {
  const template = state.templates.get(templateId);
  if (template?.workspaceId !== workspaceId) return undefined;
  const now = new Date();
  state.kept.keep(template, state.files.get(templateId) ?? new Map(), now);
  const next: TemplateRecord = { ...template, html: changes.html, modified: now, version: template.version + 1 };
  state.templates.set(templateId, next);
  state.samples.set(templateId, changes.sample);
  state.previews.set(templateId, changes.previews);
  if (changes.files !== undefined) state.files.set(templateId, copyFiles(changes.files));
  return next;
}

function deleteTemplate(state: MemoryState, workspaceId: string, templateId: string): boolean {
  const template = state.templates.get(templateId);
  if (template?.workspaceId !== workspaceId) return false;
  state.kept.keep(template, state.files.get(templateId) ?? new Map(), new Date());
  state.previews.delete(templateId);
  state.samples.delete(templateId);
  state.files.delete(templateId);
  return state.templates.delete(templateId);
}

/** Last uses by template id (a deleted template's stays, unread: `recentTemplates` goes by the templates). */
function templateUseMethods(state: MemoryState): Pick<Storage, 'noteTemplatesUsed' | 'recentTemplates'> {
  return {
    noteTemplatesUsed: async (uses) => noteTemplatesUsed(state, uses),
    recentTemplates: async (limit) => mostRecent(state.templates.values(), (id) => state.lastUsed.get(id), limit),
  };
}

function noteTemplatesUsed(state: MemoryState, uses: readonly TemplateUse[]): void {
  for (const use of uses) {
    if (state.templates.get(use.templateId)?.workspaceId !== use.workspaceId) continue;
    const known = state.lastUsed.get(use.templateId);
    if (known === undefined || known.getTime() < use.at.getTime()) state.lastUsed.set(use.templateId, use.at);
  }
}

/** Versions: the current one from the template, superseded ones from the kept versions. */
function versionMethods(state: MemoryState): Pick<Storage, 'getTemplateVersion' | 'listTemplateVersions' | 'deleteUnusedTemplateVersions'> {
  return {
    getTemplateVersion: async (workspaceId, templateId, version) => {
      const template = state.templates.get(templateId);
      if (template?.workspaceId === workspaceId && template.version === version) {
        return { template, files: state.files.get(templateId) ?? new Map(), superseded: null };
      }
      return state.kept.get(workspaceId, templateId, version);
    },
    listTemplateVersions: async (workspaceId, templateId) => {
      const template = state.templates.get(templateId);
      return template?.workspaceId === workspaceId ? state.kept.list(template) : undefined;
    },
    deleteUnusedTemplateVersions: async (inUse, before) => state.kept.deleteUnused(inUse, before),
  };
}

function copyFiles(files: TemplateFiles): TemplateFiles {
  return new Map([...files].map(([path, bytes]) => [path, new Uint8Array(bytes)]));
}

function listTemplates(state: MemoryState, workspaceId: string, page: Page): TemplatePage {
  const all = [...state.templates.values()].filter((t) => t.workspaceId === workspaceId).sort(compareTemplates);
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}
