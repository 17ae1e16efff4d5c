/**
 * `octavo preview TEMPLATE.html [--data PAYLOAD.json] [--port N]` (docs/design.md §1.3): a live preview
 * on 127.0.0.1 (../preview/server.ts). Runs until interrupted (Ctrl-C).
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliCommand } from '../shared/command.js';
import { UsageError, parseOptions } from '../shared/command.js';
import { limitsOf } from '../commands/render.js';

const USAGE = `usage: octavo preview TEMPLATE.html [options]

  --data FILE            JSON payload (re-read when it changes)
  --port N               port on 127.0.0.1 (default 4000; 0 picks a free one)
  --root DIR             sandbox root for resources; must contain the template's folder
  --strict               a field the payload lacks is an error
  --max-pages N          page limit (default 1000)
  --allow-remote ORIGIN  fetch stylesheets, fonts and images from ORIGIN (repeatable; * for any public host)
  --timeout SECONDS      time limit of each render`;

const OPTIONS = {
  data: { type: 'string' },
  port: { type: 'string' },
  root: { type: 'string' },
  strict: { type: 'boolean' },
  'max-pages': { type: 'string' },
  'allow-remote': { type: 'string', multiple: true },
  timeout: { type: 'string' },
} as const;

const command: CliCommand = {
  summary: 'octavo preview: a live preview of a template on 127.0.0.1 that re-renders on every change',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, OPTIONS);
    const [template] = positionals;
    if (template === undefined || positionals.length !== 1) throw new UsageError('expected one TEMPLATE.html');
    const port = values.port === undefined ? 4000 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: expected a port number, got '${values.port}'`);
    const templatePath = resolve(io.cwd, template);
    try {
      await access(templatePath);
    } catch {
      io.stderr.write(`octavo preview: cannot read template file '${template}'\n`);
      return 2;
    }
    const { startPreview } = await import('./server.js');
    const server = await startPreview({
      templatePath, templateName: template, port, limits: limitsOf(values),
      ...(values.data === undefined ? {} : { dataPath: resolve(io.cwd, values.data) }),
      ...(values.root === undefined ? {} : { root: resolve(io.cwd, values.root) }),
    });
    io.stdout.write(`octavo preview: ${server.url} (Ctrl-C to stop)\n`);
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    await server.close();
    return 0;
  },
};

export default command;
