import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
});
