/**
 * `octavo template add TEMPLATE.html --workspace NAME --name NAME [--sample PAYLOAD.json] [--data-dir DIR]`
 * (DESIGN.md §1.3): stores the template with its sample payload and its previews (a PDF and a
 * PNG of page 1 rendered from the sample); a template that does not render is refused.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CliCommand } from '../command.js';
import { UsageError } from '../command.js';
import { parseArgs, requiredOption, storageOption } from '../../service/cli-options.js';
import { isServiceError } from '../../service/errors.js';
import { addTemplate } from '../../service/operations.js';
import { createEngineRenderer } from '../../service/renderer.js';
import { openStorage } from '../../service/storage/index.js';

const command: CliCommand = {
  summary: 'Add a template to a workspace of the document service (previews rendered from the sample).',
  usage: [
    'usage: octavo template add TEMPLATE.html --workspace NAME --name NAME [--sample PAYLOAD.json] [--data-dir DIR | --database-url URL]',
    '',
    '  --sample FILE        JSON payload the previews are rendered from (default {})',
    '  --data-dir DIR       fs storage folder (default $OCTAVO_DATA_DIR or ./octavo-data)',
    '  --database-url URL   PostgreSQL storage instead',
    '',
    'prints {"id": "<uuid>"}',
  ].join('\n'),
  async run(args, io) {
    const [action, ...rest] = args;
    if (action !== 'add') throw new UsageError(action === undefined ? 'missing action: add' : `unknown action '${action}'`);
    const parsed = parseArgs(rest, { workspace: 'string', name: 'string', sample: 'string', 'data-dir': 'string', 'database-url': 'string' });
    const [file, extra] = parsed.positional;
    if (file === undefined) throw new UsageError('missing TEMPLATE.html');
    if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
    const workspaceName = requiredOption(parsed, 'workspace');
    const name = requiredOption(parsed, 'name');
    const templatePath = resolve(io.cwd, file);
    const html = await readFile(templatePath, 'utf8').catch(() => {
      throw new UsageError(`cannot read ${file}`);
    });
    const samplePath = parsed.strings.get('sample');
    let sample: unknown;
    if (samplePath !== undefined) {
      const text = await readFile(resolve(io.cwd, samplePath), 'utf8').catch(() => {
        throw new UsageError(`cannot read ${samplePath}`);
      });
      try {
        sample = JSON.parse(text) as unknown;
      } catch {
        io.stderr.write(`octavo template: ${samplePath} is not valid JSON\n`);
        return 1;
      }
    }
    const storage = await openStorage(storageOption(parsed, io.cwd));
    try {
      const template = await addTemplate(storage, createEngineRenderer(), {
        workspaceName, name, html, baseDir: dirname(templatePath),
        ...(sample === undefined ? {} : { sample }),
      });
      io.stdout.write(JSON.stringify({ id: template.id }) + '\n');
      return 0;
    } catch (error) {
      if (isServiceError(error)) {
        io.stderr.write(`octavo template: ${file}: ${error.message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await storage.close();
    }
  },
};

export default command;
