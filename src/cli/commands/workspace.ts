/**
 * `octavo workspace create --name NAME [--quota N]`, `set-quota --name NAME --quota N`,
 * `deactivate|activate --name NAME` (docs/design.md §1.3), each with [--data-dir DIR|--database-url URL].
 */
import type { CliCommand } from '../shared/command.js';
import { UsageError } from '../shared/command.js';
import { integerOption, parseArgs, requiredOption, storageOption } from '../shared/service-options.js';
import { createWorkspace } from '../../service/operations.js';
import { openStorage } from '../../service/storage/index.js';
import { StorageConflictError } from '../../service/storage/types.js';
import type { Storage, Workspace, WorkspaceChanges } from '../../service/storage/types.js';
import type { CliIo } from '../shared/command.js';

export const DEFAULT_QUOTA = 1000;

const command: CliCommand = {
  summary: 'Create a workspace of the document service (prints its API key, shown once), set its quota, (de)activate it.',
  usage: [
    'usage: octavo workspace create --name NAME [--quota N] [--data-dir DIR | --database-url URL]',
    '       octavo workspace set-quota --name NAME --quota N [...]      (the remaining quota becomes N)',
    '       octavo workspace deactivate|activate --name NAME [...]      (an inactive workspace answers 403)',
    '',
    `  --quota N            generations the workspace may make (default ${DEFAULT_QUOTA})`,
    '  --data-dir DIR       fs storage folder (default $OCTAVO_DATA_DIR or ./octavo-data)',
    '  --database-url URL   PostgreSQL storage instead',
    '',
    'prints {"workspace": {...}, "apiKey": "..."}',
  ].join('\n'),
  async run(args, io) {
    const [action, ...rest] = args;
    const actions = ['create', 'set-quota', 'deactivate', 'activate'];
    if (action === undefined || !actions.includes(action)) {
      throw new UsageError(action === undefined ? `missing action: ${actions.join(', ')}` : `unknown action '${action}'`);
    }
    const parsed = parseArgs(rest, { name: 'string', quota: 'string', 'data-dir': 'string', 'database-url': 'string' });
    if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`);
    const name = requiredOption(parsed, 'name');
    if (action !== 'create') {
      if (action === 'set-quota' && !parsed.strings.has('quota')) throw new UsageError('--quota is required');
      const changes: WorkspaceChanges = action === 'set-quota'
        ? { quota: integerOption(parsed, 'quota', 0, 0, 2_147_483_647) }
        : { active: action === 'activate' };
      return changeWorkspace(await openStorage(storageOption(parsed, io.cwd)), name, changes, io);
    }
    const quota = integerOption(parsed, 'quota', DEFAULT_QUOTA, 0, 2_147_483_647);
    const storage = await openStorage(storageOption(parsed, io.cwd));
    try {
      const { workspace, apiKey } = await createWorkspace(storage, { name, quota });
      io.stdout.write(JSON.stringify({ workspace: shown(workspace), apiKey }) + '\n');
      return 0;
    } catch (error) {
      if (error instanceof StorageConflictError) {
        io.stderr.write(`octavo workspace: ${error.message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await storage.close();
    }
  },
};

function shown(workspace: Workspace): Record<string, unknown> {
  return {
    id: workspace.id,
    name: workspace.name,
    active: workspace.active,
    created: workspace.created.toISOString(),
    modified: (workspace.modified ?? workspace.created).toISOString(),
    quota: workspace.quota,
    remainingQuota: workspace.remainingQuota,
  };
}

async function changeWorkspace(storage: Storage, name: string, changes: WorkspaceChanges, io: CliIo): Promise<number> {
  try {
    const workspace = await storage.findWorkspaceByName(name);
    const updated = workspace === undefined ? undefined : await storage.updateWorkspace(workspace.id, changes);
    if (updated === undefined) {
      io.stderr.write(`octavo workspace: no workspace named '${name}'\n`);
      return 1;
    }
    io.stdout.write(JSON.stringify({ workspace: shown(updated) }) + '\n');
    return 0;
  } finally {
    await storage.close();
  }
}

export default command;
