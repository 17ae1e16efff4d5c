import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { describeStorageContract } from './storage-contract.js';
import { describeTemplateFolders } from './template-files-render.js';

describeStorageContract('memory', async () => {
  const storage = createMemoryStorage();
  return { storage, dispose: () => storage.close() };
});

describeTemplateFolders('memory', async () => createMemoryStorage());
