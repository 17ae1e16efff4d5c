import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/service/auth.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { describeStorageContract } from './storage-contract.js';
import { describeTemplateFolders } from './template-files-render.js';

describeStorageContract('fs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'octavo-fs-'));
  const storage = await createFsStorage(dir);
  return { storage, dispose: async () => { await storage.close(); await rm(dir, { recursive: true, force: true }); } };
});

describeTemplateFolders('fs', async () => createFsStorage(await mkdtemp(join(tmpdir(), 'octavo-fs-folders-'))));

describe('fs storage layout', () => {
  it('keeps templates as plain files and leaves no temporaries behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'octavo-fs-'));
    try {
      const storage = await createFsStorage(dir);
      const ws = await storage.createWorkspace({ name: 'acme', quota: 5, apiKeyHash: hashApiKey('k') });
      const t = await storage.createTemplate({ workspaceId: ws.id, name: 'Invoice', html: '<h1>{{title}}</h1>', sample: { title: 'x' } });
      const folder = join(dir, 'templates', ws.id, t.id);
      expect(await readFile(join(folder, 'template.html'), 'utf8')).toBe('<h1>{{title}}</h1>');
      expect(JSON.parse(await readFile(join(folder, 'sample.json'), 'utf8'))).toEqual({ title: 'x' });
      // a second process (a second storage on the same folder) sees the same data
      const again = await createFsStorage(dir);
      expect((await again.getTemplate(ws.id, t.id))?.name).toBe('Invoice');
      expect(Buffer.from(await again.signingSecret()).equals(Buffer.from(await storage.signingSecret()))).toBe(true);
      // concurrent quota from two "processes" sharing the folder: the lock file serialises them
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? storage : again).consumeQuota(ws.id)));
      expect(results.filter((r) => r !== undefined)).toHaveLength(5);
      for (const sub of ['', 'workspaces', 'keys', 'documents', join('templates', ws.id)]) {
        expect((await readdir(join(dir, sub))).filter((n) => n.startsWith('.'))).toEqual([]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sees at once what another process changed in the files it keeps (a key removed, a template updated, a file edited)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'octavo-fs-'));
    try {
      const storage = await createFsStorage(dir);
      const other = await createFsStorage(dir); // another process on the same folder
      const ws = await storage.createWorkspace({ name: 'acme', quota: 5, apiKeyHash: hashApiKey('k') });
      const t = await storage.createTemplate({ workspaceId: ws.id, name: 'Invoice', html: '<p>one</p>' });
      expect((await storage.findApiKey(hashApiKey('k')))?.workspace.id).toBe(ws.id);
      expect((await storage.getTemplate(ws.id, t.id))?.html).toBe('<p>one</p>');
      await other.updateTemplate(ws.id, t.id, { html: '<p>two</p>', sample: undefined, previews: { pdf: new Uint8Array(1), png: new Uint8Array(1) } });
      expect(await storage.getTemplate(ws.id, t.id)).toMatchObject({ html: '<p>two</p>', version: 2 });
      // edited in place (not by the storage): same size, another modification time
      const source = join(dir, 'templates', ws.id, t.id, 'template.html');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writeFile(source, '<p>3x3</p>');
      expect((await storage.getTemplate(ws.id, t.id))?.html).toBe('<p>3x3</p>');
      await other.removeApiKeys(ws.id);
      expect(await storage.findApiKey(hashApiKey('k'))).toBeUndefined();
      await other.deleteTemplate(ws.id, t.id);
      expect(await storage.getTemplate(ws.id, t.id)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores a document as one file (record line, then the PDF) and still reads the two files of before', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'octavo-fs-'));
    try {
      const storage = await createFsStorage(dir);
      const ws = await storage.createWorkspace({ name: 'acme', quota: 5, apiKeyHash: hashApiKey('k') });
      const record = (referenceId: string | null) => ({
        id: randomUUID(), workspaceId: ws.id, templateId: randomUUID(), referenceId, created: new Date(), expires: new Date(Date.now() + 60_000),
      });
      const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n\u0000\u00ff\n%%EOF\n', 'latin1'));
      // a record longer than the bytes probed for its line, with a newline inside a string
      const [short, long] = [record('ref\nwith a newline'), record('x'.repeat(5000))];
      expect(await storage.chargeAndPutDocument(short, pdf)).toBe(true);
      await storage.putDocument(long, pdf);
      expect((await readdir(join(dir, 'documents'))).sort()).toEqual([`${short.id}.document`, `${long.id}.document`].sort());
      const stored = await readFile(join(dir, 'documents', `${short.id}.document`));
      expect(Buffer.from(stored.subarray(stored.indexOf(10) + 1)).equals(Buffer.from(pdf))).toBe(true);
      // a document written by an earlier version: <id>.pdf, then its record <id>.json
      const legacy = record('old');
      await writeFile(join(dir, 'documents', `${legacy.id}.pdf`), pdf);
      await writeFile(join(dir, 'documents', `${legacy.id}.json`), JSON.stringify({ ...legacy, created: legacy.created.toISOString(), expires: legacy.expires.toISOString() }));
      for (const r of [short, long, legacy]) {
        const read = await storage.getDocument(r.id);
        expect(read?.record).toEqual(r);
        expect(Buffer.from(read?.pdf ?? []).equals(Buffer.from(pdf))).toBe(true);
      }
      expect(await storage.countDocuments(ws.id)).toBe(3);
      expect(await storage.deleteExpiredDocuments(new Date(Date.now() + 120_000))).toBe(3);
      expect(await readdir(join(dir, 'documents'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
