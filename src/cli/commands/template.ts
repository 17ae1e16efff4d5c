/**
 * `octavo template add|update|list|remove` (docs/design.md §1.3): templates of a workspace of the
 * document service. `add` stores the template with its folder's files (stylesheets, images,
 * fonts, partials), its sample payload and previews; a template that does not parse is refused
 * with its location, one that fails only on its sample is stored with a warning.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CliCommand, CliIo } from '../shared/command.js';
import { UsageError } from '../shared/command.js';
import type { ParsedArgs } from '../shared/service-options.js';
import { helpersOption, parseArgs, requiredOption, storageOption } from '../shared/service-options.js';
import { isServiceError } from '../../service/api/errors.js';
import type { AddedTemplate } from '../../service/operations.js';
import { addTemplate, removeTemplate, updateTemplate } from '../../service/operations.js';
import { createEngineRenderer } from '../../service/renderer.js';
import { openStorage } from '../../service/storage/index.js';
import type { Storage } from '../../service/storage/types.js';
import { collectTemplateFiles } from '../../service/storage/template-files.js';
import { decodeText } from '../../decode-text.js';

const STORAGE_FLAGS = { 'data-dir': 'string', 'database-url': 'string' } as const;

const command: CliCommand = {
  summary: 'Add, update, list or remove the templates of a workspace of the document service.',
  usage: [
    'usage: octavo template add TEMPLATE.html --workspace NAME --name NAME [--sample PAYLOAD.json] [--helpers FILE.mjs] [storage]',
    '       octavo template update TEMPLATE.html --workspace NAME --name NAME|ID [--sample PAYLOAD.json] [--helpers FILE.mjs] [storage]',
    '       octavo template list --workspace NAME [storage]',
    '       octavo template remove --workspace NAME --name NAME|ID [storage]',
    '',
    '  --sample FILE        JSON payload the previews are rendered from (default {})',
    '  --helpers FILE.mjs   the template helpers the service is started with (octavo serve --helpers), for the previews',
    '  storage: --data-dir DIR (default $OCTAVO_DATA_DIR or ./octavo-data) or --database-url URL (PostgreSQL)',
    '',
    'add and update copy the files beside TEMPLATE.html (stylesheets, images, fonts, partials) into the',
    'storage with the template (every storage keeps them); update replaces the stored ones',
    'add/update print {"id": "<uuid>"}; list prints one JSON line per template; warnings go to stderr',
  ].join('\n'),
  async run(args, io) {
    const [action, ...rest] = args;
    const handler = action === undefined ? undefined : ACTIONS[action];
    if (handler === undefined) throw new UsageError(action === undefined ? 'missing action: add, update, list or remove' : `unknown action '${action}'`);
    const parsed = parseArgs(rest, { workspace: 'string', name: 'string', sample: 'string', helpers: 'string', ...STORAGE_FLAGS });
    const storage = await openStorage(storageOption(parsed, io.cwd));
    try {
      return await handler(parsed, io, storage);
    } catch (error) {
      if (isServiceError(error)) {
        io.stderr.write(`octavo template: ${error.message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await storage.close();
    }
  },
};

type Action = (parsed: ParsedArgs, io: CliIo, storage: Storage) => Promise<number>;

const ACTIONS: Readonly<Record<string, Action>> = {
  add: (parsed, io, storage) => addOrUpdate(parsed, io, storage, 'add'),
  update: (parsed, io, storage) => addOrUpdate(parsed, io, storage, 'update'),
  list: async (parsed, io, storage) => {
    noPositional(parsed);
    const name = requiredOption(parsed, 'workspace');
    const workspace = await storage.findWorkspaceByName(name);
    if (workspace === undefined) throw new UsageError(`no workspace named '${name}'`);
    const { items } = await storage.listTemplates(workspace.id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
    for (const t of items) {
      io.stdout.write(JSON.stringify({ id: t.id, name: t.name, created: t.created.toISOString(), modified: (t.modified ?? t.created).toISOString() }) + '\n');
    }
    return 0;
  },
  remove: async (parsed, io, storage) => {
    noPositional(parsed);
    const removed = await removeTemplate(storage, requiredOption(parsed, 'workspace'), requiredOption(parsed, 'name'));
    io.stdout.write(JSON.stringify({ id: removed.id, removed: true }) + '\n');
    return 0;
  },
};

function noPositional(parsed: ParsedArgs): void {
  if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`);
}

async function readSample(parsed: ParsedArgs, io: CliIo): Promise<{ sample?: unknown }> {
  const samplePath = parsed.strings.get('sample');
  if (samplePath === undefined) return {};
  const text = await readFile(resolve(io.cwd, samplePath)).then((bytes) => decodeText(bytes, 'json'), () => {
    throw new UsageError(`cannot read ${samplePath}`);
  });
  try {
    return { sample: JSON.parse(text) as unknown };
  } catch {
    throw new UsageError(`${samplePath} is not valid JSON`);
  }
}

async function addOrUpdate(parsed: ParsedArgs, io: CliIo, storage: Storage, action: 'add' | 'update'): Promise<number> {
  const [file, extra] = parsed.positional;
  if (file === undefined) throw new UsageError('missing TEMPLATE.html');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const workspaceName = requiredOption(parsed, 'workspace');
  const name = requiredOption(parsed, 'name');
  const templatePath = resolve(io.cwd, file);
  const html = await readFile(templatePath).then((bytes) => decodeText(bytes, 'html'), () => {
    throw new UsageError(`cannot read ${file}`);
  });
  const { files, skipped } = await collectTemplateFiles(dirname(templatePath), templatePath);
  for (const why of skipped) io.stderr.write(`octavo template: warning: ${why}\n`);
  const input = { workspaceName, name, html, baseDir: dirname(templatePath), files, ...(await readSample(parsed, io)) };
  const { helpers } = await helpersOption(parsed, io.cwd);
  const renderer = createEngineRenderer(helpers === undefined ? {} : { helpers });
  const result: AddedTemplate = action === 'add' ? await addTemplate(storage, renderer, input) : await updateTemplate(storage, renderer, input);
  for (const warning of result.warnings) io.stderr.write(`octavo template: warning: ${file}: ${warning}\n`);
  io.stdout.write(JSON.stringify({ id: result.template.id }) + '\n');
  return 0;
}

export default command;
