/** Opens the storage a command asked for (`--storage fs|memory|postgres`). */
import { createFsStorage } from './fs.js';
import { createMemoryStorage } from './memory.js';
import type { Storage } from './types.js';

export type StorageKind = 'fs' | 'memory' | 'postgres';

export interface StorageConfig {
  readonly kind: StorageKind;
  readonly dataDir: string;
  readonly databaseUrl?: string;
}

export async function openStorage(config: StorageConfig): Promise<Storage> {
  switch (config.kind) {
    case 'memory':
      return createMemoryStorage();
    case 'fs':
      return createFsStorage(config.dataDir);
    case 'postgres': {
      if (config.databaseUrl === undefined) throw new Error('--storage postgres needs --database-url (or DATABASE_URL)');
      const { createPostgresStorage } = await import('./postgres.js');
      return createPostgresStorage({ connectionString: config.databaseUrl });
    }
  }
}
