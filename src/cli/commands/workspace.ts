/** `octavo workspace create --name NAME [--quota N] [--data-dir DIR|--database-url URL]` (DESIGN.md §1.3). */
import type { CliCommand } from '../command.js';
import { UsageError } from '../command.js';
import { integerOption, parseArgs, requiredOption, storageOption } from '../../service/cli-options.js';
import { createWorkspace } from '../../service/operations.js';
import { openStorage } from '../../service/storage/index.js';
import { StorageConflictError } from '../../service/storage/types.js';

export const DEFAULT_QUOTA = 1000;

const command: CliCommand = {
  summary: 'Create a workspace of the document service and print its API key (shown once).',
  usage: [
    'usage: octavo workspace create --name NAME [--quota N] [--data-dir DIR | --database-url URL]',
    '',
    `  --quota N            generations the workspace may make (default ${DEFAULT_QUOTA})`,
    '  --data-dir DIR       fs storage folder (default $OCTAVO_DATA_DIR or ./octavo-data)',
    '  --database-url URL   PostgreSQL storage instead',
    '',
    'prints {"workspace": {...}, "apiKey": "..."}',
  ].join('\n'),
  async run(args, io) {
    const [action, ...rest] = args;
    if (action !== 'create') throw new UsageError(action === undefined ? 'missing action: create' : `unknown action '${action}'`);
    const parsed = parseArgs(rest, { name: 'string', quota: 'string', 'data-dir': 'string', 'database-url': 'string' });
    if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`);
    const name = requiredOption(parsed, 'name');
    const quota = integerOption(parsed, 'quota', DEFAULT_QUOTA, 0, 2_147_483_647);
    const storage = await openStorage(storageOption(parsed, io.cwd));
    try {
      const { workspace, apiKey } = await createWorkspace(storage, { name, quota });
      const shown = {
        id: workspace.id,
        name: workspace.name,
        active: workspace.active,
        created: workspace.created.toISOString(),
        modified: (workspace.modified ?? workspace.created).toISOString(),
        quota: workspace.quota,
        remainingQuota: workspace.remainingQuota,
      };
      io.stdout.write(JSON.stringify({ workspace: shown, apiKey }) + '\n');
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

export default command;
