/** Template names are unique per workspace (issue 30): adding an existing name is refused with the existing id. */
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/api/errors.js';
import { addTemplate, createWorkspace } from '../../src/service/operations.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { fakeRenderer } from './helpers/fake-renderer.js';

describe('template names', () => {
  it('refuses a second template of the same name in a workspace, naming the existing id; other workspaces are free', async () => {
    const storage = createMemoryStorage();
    const render = fakeRenderer().renderPdf;
    await createWorkspace(storage, { name: 'a', quota: 1 });
    await createWorkspace(storage, { name: 'b', quota: 1 });
    const first = (await addTemplate(storage, render, { workspaceName: 'a', name: 'invoice', html: '<p>1</p>' })).template;
    const refusal = await addTemplate(storage, render, { workspaceName: 'a', name: 'invoice', html: '<p>2</p>' }).catch((error: unknown) => error);
    expect(isServiceError(refusal) && refusal.code).toBe('conflict');
    expect((refusal as Error).message).toContain(first.id);
    expect((await storage.listTemplates(first.workspaceId, { offset: 0, limit: 10 })).total).toBe(1);
    await expect(addTemplate(storage, render, { workspaceName: 'b', name: 'invoice', html: '<p>3</p>' })).resolves.toBeDefined();
  });
});
