/**
 * The storage contract (docs/design.md §1.5): one suite that every implementation must pass.
 * Each test uses fresh workspace names, so one storage instance serves the whole suite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, generateApiKey } from '../../src/service/auth.js';
import type { DocumentRecord, Storage, Workspace } from '../../src/service/storage/types.js';
import { StorageConflictError } from '../../src/service/storage/types.js';

export interface StorageFixture {
  readonly storage: Storage;
  dispose(): Promise<void>;
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function newWorkspace(storage: Storage, quota = 10): Promise<{ workspace: Workspace; key: string }> {
  const key = generateApiKey();
  const workspace = await storage.createWorkspace({ name: unique('ws'), quota, apiKeyHash: hashApiKey(key) });
  return { workspace, key };
}

function documentRecord(workspaceId: string, expiresInMs: number): DocumentRecord {
  const created = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    id: randomUUID(), workspaceId, templateId: randomUUID(), referenceId: 'ref-1', created,
    expires: new Date(created.getTime() + expiresInMs),
  };
}

export function describeStorageContract(name: string, open: () => Promise<StorageFixture | undefined>): void {
  describe(`storage contract: ${name}`, () => {
    let fixture: StorageFixture | undefined;
    const storage = () => {
      if (fixture === undefined) throw new Error('storage not opened');
      return fixture.storage;
    };
    beforeAll(async () => { fixture = await open(); });
    afterAll(async () => { await fixture?.dispose(); });

    it('keeps one signing secret of at least 256 bits', async () => {
      const a = await storage().signingSecret();
      const b = await storage().signingSecret();
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    });

    it('creates workspaces and finds them by id, name and key hash', async () => {
      const { workspace, key } = await newWorkspace(storage(), 7);
      expect(workspace).toMatchObject({ active: true, quota: 7, remainingQuota: 7, modified: null });
      expect(workspace.created).toBeInstanceOf(Date);
      expect((await storage().getWorkspace(workspace.id))?.name).toBe(workspace.name);
      expect((await storage().findWorkspaceByName(workspace.name))?.id).toBe(workspace.id);
      const match = await storage().findApiKey(hashApiKey(key));
      expect(match?.workspace.id).toBe(workspace.id);
      expect(match?.keyHash).toBe(hashApiKey(key));
      expect(await storage().findApiKey(hashApiKey(generateApiKey()))).toBeUndefined();
      expect(await storage().getWorkspace(randomUUID())).toBeUndefined();
      expect(await storage().getWorkspace('not-a-uuid')).toBeUndefined();
    });

    it('refuses a second workspace with the same name', async () => {
      const { workspace } = await newWorkspace(storage());
      await expect(storage().createWorkspace({ name: workspace.name, quota: 1, apiKeyHash: hashApiKey(generateApiKey()) }))
        .rejects.toBeInstanceOf(StorageConflictError);
    });

    it('updates active and quota, and stamps modified', async () => {
      const { workspace } = await newWorkspace(storage(), 3);
      const inactive = await storage().updateWorkspace(workspace.id, { active: false });
      expect(inactive).toMatchObject({ active: false, quota: 3, remainingQuota: 3 });
      expect(inactive?.modified).toBeInstanceOf(Date);
      const requota = await storage().updateWorkspace(workspace.id, { quota: 50 });
      expect(requota).toMatchObject({ active: false, quota: 50, remainingQuota: 50 });
      expect(await storage().updateWorkspace(randomUUID(), { active: true })).toBeUndefined();
    });

    it('adds and revokes API keys', async () => {
      const { workspace, key } = await newWorkspace(storage());
      const second = generateApiKey();
      await storage().addApiKey(workspace.id, hashApiKey(second));
      expect((await storage().findApiKey(hashApiKey(second)))?.workspace.id).toBe(workspace.id);
      await storage().removeApiKeys(workspace.id);
      expect(await storage().findApiKey(hashApiKey(key))).toBeUndefined();
      expect(await storage().findApiKey(hashApiKey(second))).toBeUndefined();
    });

    it('consumes quota one unit at a time and never below zero', async () => {
      const { workspace } = await newWorkspace(storage(), 2);
      expect(await storage().consumeQuota(workspace.id)).toBe(1);
      expect(await storage().consumeQuota(workspace.id)).toBe(0);
      expect(await storage().consumeQuota(workspace.id)).toBeUndefined();
      expect((await storage().getWorkspace(workspace.id))?.remainingQuota).toBe(0);
      expect(await storage().consumeQuota(randomUUID())).toBeUndefined();
    });

    it('consumes quota atomically under concurrency', async () => {
      const { workspace } = await newWorkspace(storage(), 10);
      const results = await Promise.all(Array.from({ length: 30 }, () => storage().consumeQuota(workspace.id)));
      const granted = results.filter((r) => r !== undefined);
      expect(granted).toHaveLength(10);
      expect(new Set(granted).size).toBe(10); // each unit handed out once: 9, 8, ..., 0
      expect((await storage().getWorkspace(workspace.id))?.remainingQuota).toBe(0);
    });

    it('refunds quota, never above the quota', async () => {
      const { workspace } = await newWorkspace(storage(), 2);
      await storage().consumeQuota(workspace.id);
      await storage().refundQuota(workspace.id);
      await storage().refundQuota(workspace.id);
      expect((await storage().getWorkspace(workspace.id))?.remainingQuota).toBe(2);
    });

    it('stores templates with sample and previews, scoped to their workspace', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const previews = { pdf: new Uint8Array([37, 80, 68, 70]), png: new Uint8Array([137, 80, 78, 71]) };
      const sample = { customer: { name: 'Ada' }, lines: [1, 2, 3], 'ünïcode': 'ß' };
      const created = await storage().createTemplate({ workspaceId: workspace.id, name: 'Invoice', html: '<p>{{customer.name}}</p>', sample, previews });
      expect(created).toMatchObject({ workspaceId: workspace.id, name: 'Invoice', html: '<p>{{customer.name}}</p>', modified: null });
      const read = await storage().getTemplate(workspace.id, created.id);
      expect(read?.html).toBe('<p>{{customer.name}}</p>');
      expect(read).not.toHaveProperty('sample'); // a generate reads the template, never its sample
      expect(await storage().getTemplateSample(workspace.id, created.id)).toEqual(sample);
      expect(await storage().getTemplateSample(other.workspace.id, created.id)).toBeUndefined();
      expect(await storage().getTemplateSample(workspace.id, 'nope')).toBeUndefined();
      expect(read?.created.getTime()).toBe(created.created.getTime());
      expect(await storage().getTemplate(other.workspace.id, created.id)).toBeUndefined();
      expect(await storage().getTemplate(workspace.id, randomUUID())).toBeUndefined();
      expect(await storage().getTemplate(workspace.id, 'nope')).toBeUndefined();
      expect(Array.from((await storage().getPreview(created.id, 'pdf')) ?? [])).toEqual([37, 80, 68, 70]);
      expect(Array.from((await storage().getPreview(created.id, 'png')) ?? [])).toEqual([137, 80, 78, 71]);
      expect(await storage().getPreview(randomUUID(), 'png')).toBeUndefined();
      const bare = await storage().createTemplate({ workspaceId: workspace.id, name: 'Bare', html: 'x' });
      expect(await storage().getTemplateSample(workspace.id, bare.id)).toBeUndefined();
      expect(await storage().getPreview(bare.id, 'pdf')).toBeUndefined();
    });

    it('lists templates by name then id, paged, with the total', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      await storage().createTemplate({ workspaceId: other.workspace.id, name: 'A', html: 'other' });
      const names = ['b', 'a', 'B', 'ä', 'a ', 'c'];
      const made = [];
      for (const n of names) made.push(await storage().createTemplate({ workspaceId: workspace.id, name: n, html: n }));
      const expected = [...made].sort((x, y) => (x.name === y.name ? (x.id < y.id ? -1 : 1) : x.name < y.name ? -1 : 1)).map((t) => t.id);
      const all = await storage().listTemplates(workspace.id, { offset: 0, limit: 100 });
      expect(all.total).toBe(6);
      expect(all.items.map((t) => t.id)).toEqual(expected);
      expect(all.items.map((t) => t.name)).toEqual(['B', 'a', 'a ', 'b', 'c', 'ä']);
      const page2 = await storage().listTemplates(workspace.id, { offset: 2, limit: 2 });
      expect(page2.total).toBe(6);
      expect(page2.items.map((t) => t.id)).toEqual(expected.slice(2, 4));
      expect(page2.items[0]?.html).toBe(page2.items[0]?.name);
      const past = await storage().listTemplates(workspace.id, { offset: 50, limit: 10 });
      expect(past).toEqual({ items: [], total: 6 });
    });

    it('keeps template names unique per workspace, also under concurrency, naming the existing id', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const attempts = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => storage().createTemplate({ workspaceId: workspace.id, name: 'same', html: `${i}` })));
      const made = attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value);
      expect(made).toHaveLength(1);
      for (const refused of attempts.filter((a) => a.status === 'rejected')) {
        expect(refused.reason).toBeInstanceOf(StorageConflictError);
        expect((refused.reason as StorageConflictError).existingId).toBe(made[0]!.id);
      }
      expect((await storage().listTemplates(workspace.id, { offset: 0, limit: 10 })).total).toBe(1);
      await expect(storage().createTemplate({ workspaceId: other.workspace.id, name: 'same', html: 'x' })).resolves.toBeDefined();
      expect(await storage().deleteTemplate(workspace.id, made[0]!.id)).toBe(true);
      await expect(storage().createTemplate({ workspaceId: workspace.id, name: 'same', html: 'again' })).resolves.toBeDefined();
    });

    it('stores, reads, counts and deletes documents', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const record = documentRecord(workspace.id, 600_000);
      const pdf = new Uint8Array(Buffer.from('%PDF-1.7 test bytes \u0000\u00ff', 'latin1'));
      await storage().putDocument(record, pdf);
      const read = await storage().getDocument(record.id);
      expect(read?.record).toEqual(record);
      expect(Buffer.from(read?.pdf ?? []).equals(Buffer.from(pdf))).toBe(true);
      expect(await storage().countDocuments(workspace.id)).toBe(1);
      expect(await storage().countDocuments(other.workspace.id)).toBe(0);
      await storage().deleteDocument(record.id);
      expect(await storage().getDocument(record.id)).toBeUndefined();
      expect(await storage().countDocuments(workspace.id)).toBe(0);
      expect(await storage().getDocument('not-a-uuid')).toBeUndefined();
    });

    it('takes a unit of quota and stores the document together, never below zero, also under concurrency', async () => {
      const { workspace } = await newWorkspace(storage(), 3);
      const pdf = new Uint8Array([37, 80, 68, 70]);
      const records = Array.from({ length: 8 }, () => documentRecord(workspace.id, 600_000));
      const results = await Promise.all(records.map((r) => storage().chargeAndPutDocument(r, pdf)));
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await storage().countDocuments(workspace.id)).toBe(3);
      expect((await storage().getWorkspace(workspace.id))?.remainingQuota).toBe(0);
      records.forEach(async (r, i) => expect(await storage().getDocument(r.id) !== undefined).toBe(results[i]));
    });

    it('updates a template\'s source, sample and previews, stamping modified; removes it', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const previews = { pdf: new Uint8Array([1]), png: new Uint8Array([2]) };
      const created = await storage().createTemplate({ workspaceId: workspace.id, name: 'T', html: 'old', sample: { a: 1 }, previews });
      expect(await storage().updateTemplate(other.workspace.id, created.id, { html: 'x', sample: undefined, previews })).toBeUndefined();
      const updated = await storage().updateTemplate(workspace.id, created.id, { html: 'new', sample: { a: 2 }, previews: { pdf: new Uint8Array([3]), png: new Uint8Array([4]) } });
      expect(updated).toMatchObject({ html: 'new' });
      expect(updated?.modified).toBeInstanceOf(Date);
      const read = await storage().getTemplate(workspace.id, created.id);
      expect({ html: read?.html, sample: await storage().getTemplateSample(workspace.id, created.id) }).toEqual({ html: 'new', sample: { a: 2 } });
      expect(Array.from((await storage().getPreview(created.id, 'pdf')) ?? [])).toEqual([3]);
      expect(await storage().deleteTemplate(other.workspace.id, created.id)).toBe(false);
      expect(await storage().deleteTemplate(workspace.id, created.id)).toBe(true);
      expect(await storage().getTemplate(workspace.id, created.id)).toBeUndefined();
      expect(await storage().deleteTemplate(workspace.id, created.id)).toBe(false);
    });

    it('keeps a template\'s files with it, scoped to its workspace; an update replaces them only when given', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const previews = { pdf: new Uint8Array([1]), png: new Uint8Array([2]) };
      const files = new Map([['style.css', new Uint8Array(Buffer.from('p { color: red }'))], ['img/logo.png', new Uint8Array([137, 80, 0, 255])], ['partials/head.html', new Uint8Array(Buffer.from('<h1>ü</h1>'))]]);
      const created = await storage().createTemplate({ workspaceId: workspace.id, name: 'Folder', html: 'x', previews, files });
      const asObject = (map: ReadonlyMap<string, Uint8Array> | undefined) => map === undefined ? undefined : Object.fromEntries([...map].map(([k, v]) => [k, Array.from(v)]));
      expect(asObject(await storage().getTemplateFiles(workspace.id, created.id))).toEqual(asObject(files));
      expect(await storage().getTemplateFiles(other.workspace.id, created.id)).toBeUndefined();
      expect(await storage().getTemplateFiles(workspace.id, randomUUID())).toBeUndefined();
      expect(await storage().getTemplateFiles(workspace.id, 'nope')).toBeUndefined();
      const bare = await storage().createTemplate({ workspaceId: workspace.id, name: 'Bare', html: 'x' });
      expect((await storage().getTemplateFiles(workspace.id, bare.id))?.size).toBe(0);

      await storage().updateTemplate(workspace.id, created.id, { html: 'y', sample: undefined, previews });
      expect(asObject(await storage().getTemplateFiles(workspace.id, created.id))).toEqual(asObject(files));
      const replaced = new Map([['style.css', new Uint8Array(Buffer.from('p { color: blue }'))]]);
      await storage().updateTemplate(workspace.id, created.id, { html: 'z', sample: undefined, previews, files: replaced });
      expect(asObject(await storage().getTemplateFiles(workspace.id, created.id))).toEqual(asObject(replaced));
      expect(await storage().deleteTemplate(workspace.id, created.id)).toBe(true);
      expect(await storage().getTemplateFiles(workspace.id, created.id)).toBeUndefined();
    });

    it('keeps superseded template versions with their files until unused; a delete keeps the last one', async () => {
      const { workspace } = await newWorkspace(storage());
      const other = await newWorkspace(storage());
      const previews = { pdf: new Uint8Array([1]), png: new Uint8Array([2]) };
      const text = (files: ReadonlyMap<string, Uint8Array> | undefined) => Object.fromEntries([...files ?? []].map(([k, v]) => [k, Buffer.from(v).toString()]));
      const created = await storage().createTemplate({ workspaceId: workspace.id, name: 'V', html: 'one', sample: { v: 1 }, previews, files: new Map([['a.css', new Uint8Array(Buffer.from('1'))]]) });
      expect(created.version).toBe(1);
      const second = await storage().updateTemplate(workspace.id, created.id, { html: 'two', sample: { v: 2 }, previews, files: new Map([['a.css', new Uint8Array(Buffer.from('2'))]]) });
      expect(second?.version).toBe(2);
      expect((await storage().getTemplate(workspace.id, created.id))?.version).toBe(2);
      const third = await storage().updateTemplate(workspace.id, created.id, { html: 'three', sample: undefined, previews });
      expect(third?.version).toBe(3);

      const v1 = await storage().getTemplateVersion(workspace.id, created.id, 1);
      expect({ html: v1?.template.html, files: text(v1?.files), kept: v1?.superseded instanceof Date })
        .toEqual({ html: 'one', files: { 'a.css': '1' }, kept: true });
      const v2 = await storage().getTemplateVersion(workspace.id, created.id, 2);
      expect({ html: v2?.template.html, files: text(v2?.files) }).toEqual({ html: 'two', files: { 'a.css': '2' } });
      const v3 = await storage().getTemplateVersion(workspace.id, created.id, 3);
      expect({ html: v3?.template.html, files: text(v3?.files), superseded: v3?.superseded }).toEqual({ html: 'three', files: { 'a.css': '2' }, superseded: null });
      expect(await storage().getTemplateVersion(other.workspace.id, created.id, 1)).toBeUndefined();
      expect(await storage().getTemplateVersion(workspace.id, created.id, 4)).toBeUndefined();
      expect((await storage().listTemplateVersions(workspace.id, created.id))?.map((v) => [v.version, v.superseded === null])).toEqual([[3, true], [2, false], [1, false]]);
      expect(await storage().listTemplateVersions(other.workspace.id, created.id)).toBeUndefined();

      // in use or too recent: kept; otherwise removed (counts include other tests' versions of this storage)
      const kept = () => Promise.all([1, 2].map(async (v) => (await storage().getTemplateVersion(workspace.id, created.id, v)) !== undefined));
      await storage().deleteUnusedTemplateVersions(new Set([`${created.id}@1`, `${created.id}@2`]), new Date(Date.now() + 60_000));
      await storage().deleteUnusedTemplateVersions(new Set(), new Date(Date.now() - 60_000));
      expect(await kept()).toEqual([true, true]);
      expect(await storage().deleteUnusedTemplateVersions(new Set([`${created.id}@1`]), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
      expect(await kept()).toEqual([true, false]);
      expect((await storage().getTemplateVersion(workspace.id, created.id, 1))?.template.html).toBe('one');

      // deleted: gone for reads and the list, its last version kept for the jobs accepted with it
      expect(await storage().deleteTemplate(workspace.id, created.id)).toBe(true);
      expect(await storage().listTemplateVersions(workspace.id, created.id)).toBeUndefined();
      expect((await storage().getTemplateVersion(workspace.id, created.id, 3))?.template.html).toBe('three');
      expect(await storage().deleteUnusedTemplateVersions(new Set(), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
      expect(await storage().getTemplateVersion(workspace.id, created.id, 3)).toBeUndefined();
    });

    it('lists the templates of every workspace last used or changed first, by their uses noted in batches', async () => {
      const { workspace: a } = await newWorkspace(storage());
      const { workspace: b } = await newWorkspace(storage());
      const make = async (workspaceId: string, name: string) => {
        await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation stamps
        return storage().createTemplate({ workspaceId, name, html: `<p>${name}</p>`, sample: { name } });
      };
      const a1 = await make(a.id, 'A1');
      const a2 = await make(a.id, 'A2');
      const b1 = await make(b.id, 'B1');
      const ids = async (limit: number) => (await storage().recentTemplates(limit)).map((t) => t.id);
      // never used: the latest made first (the suite's other templates are older)
      expect(await ids(3)).toEqual([b1.id, a2.id, a1.id]);
      // stamps in the future, so no template this suite makes meanwhile is later
      const at = (seconds: number) => new Date(Date.now() + 3_600_000 + seconds * 1000);
      await storage().noteTemplatesUsed([
        { workspaceId: a.id, templateId: a1.id, at: at(1) },
        { workspaceId: b.id, templateId: b1.id, at: at(2) },
        { workspaceId: b.id, templateId: a2.id, at: at(3) }, // not in that workspace: ignored
        { workspaceId: a.id, templateId: randomUUID(), at: at(4) },
        { workspaceId: 'nope', templateId: 'nope', at: at(5) },
      ]);
      expect(await ids(3)).toEqual([b1.id, a1.id, a2.id]);
      const [first] = await storage().recentTemplates(1);
      expect(first).toMatchObject({ id: b1.id, workspaceId: b.id, name: 'B1', html: '<p>B1</p>' });
      expect(await storage().getTemplateSample(b.id, b1.id)).toEqual({ name: 'B1' });
      await storage().noteTemplatesUsed([{ workspaceId: b.id, templateId: b1.id, at: at(0) }]); // older: the later stamp stays
      expect(await ids(1)).toEqual([b1.id]);
      await storage().noteTemplatesUsed([{ workspaceId: a.id, templateId: a1.id, at: at(6) }, { workspaceId: a.id, templateId: a1.id, at: at(-1) }]);
      expect(await ids(2)).toEqual([a1.id, b1.id]);
      expect(await storage().deleteTemplate(a.id, a1.id)).toBe(true);
      expect(await ids(2)).toEqual([b1.id, a2.id]);
      expect(await ids(0)).toEqual([]);
      await storage().noteTemplatesUsed([]);
    });

    it('deletes expired documents only', async () => {
      const { workspace } = await newWorkspace(storage());
      const live = documentRecord(workspace.id, 600_000);
      const dead = documentRecord(workspace.id, -1_000);
      await storage().putDocument(live, new Uint8Array([1]));
      await storage().putDocument(dead, new Uint8Array([2]));
      expect(await storage().deleteExpiredDocuments(new Date())).toBeGreaterThanOrEqual(1);
      expect(await storage().getDocument(dead.id)).toBeUndefined();
      expect(await storage().getDocument(live.id)).toBeDefined();
    });
  });
}
