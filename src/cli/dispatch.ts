/**
 * The `octavo` command line: dispatches to one module per command (src/cli/commands/). Started by
 * main.ts, directly or from the bundle scripts/bundle.mjs makes of this file.
 */
import type { CliCommand, CliIo } from './shared/command.js';
import { UsageError } from './shared/command.js';
import { didYouMean } from '../did-you-mean.js';
import { operatingErrorMessage } from './shared/operating-errors.js';
import { maxOf } from '../append-all.js';

type CommandModule = Promise<{ default: CliCommand }>;

/**
 * Command name -> module, loaded lazily so `octavo render` never loads the service. The specifiers
 * are literal so that the bundled CLI (scripts/bundle.mjs) splits each command into its own chunk.
 */
const COMMANDS: Readonly<Record<string, () => CommandModule>> = {
  render: () => import('./commands/render.js'),
  check: () => import('./commands/check.js'),
  preview: () => import('./preview/command.js'),
  gallery: () => import('./commands/gallery.js'),
  serve: () => import('./commands/serve.js'),
  worker: () => import('./commands/worker.js'),
  workspace: () => import('./commands/workspace.js'),
  template: () => import('./commands/template.js'),
};

/** One line per command for `octavo --help` (kept here so that help loads no command). */
const DESCRIPTIONS: Readonly<Record<keyof typeof COMMANDS, string>> = {
  render: 'fill a template with JSON data and write the PDF (or a PDF per line with --batch)',
  check: 'lint a template: syntax, helpers, partials, missing fields, CSS, resources, fonts',
  preview: 'live preview of a template in the browser, re-rendered on every change',
  gallery: 'render every fixture template to out/<name>.pdf',
  serve: 'run the document-generation HTTP service (--demo for a ready-to-try workspace)',
  worker: 'render the service\'s asynchronous jobs from PostgreSQL, without an HTTP API (any number of machines)',
  workspace: 'create a workspace of the service (prints its API key), set its quota, (de)activate it',
  template: 'add, update, list or remove the templates of a workspace of the service',
};

async function loadCommand(name: string): Promise<CliCommand | undefined> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  return load === undefined ? undefined : (await load()).default;
}

function usage(): string {
  const width = maxOf(Object.keys(COMMANDS).map((name) => name.length)) + 2;
  return [
    'usage: octavo <command> [options]',
    '',
    'commands:',
    ...Object.keys(COMMANDS).map((name) => `  ${name.padEnd(width)}${DESCRIPTIONS[name] ?? ''}`),
    '',
    'octavo <command> --help shows the options of a command.',
  ].join('\n');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = await loadCommand(name);
  if (command === undefined) {
    const suggestion = didYouMean(name, Object.keys(COMMANDS));
    io.stderr.write(`octavo: unknown command '${name}'${suggestion === undefined ? '' : ` (${suggestion})`}\n\n${usage()}\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${command.summary}\n\n${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`octavo ${name}: ${error.message}\n\n${command.usage}\n`);
      return 2;
    }
    const operating = operatingErrorMessage(error);
    if (operating === undefined) throw error;
    io.stderr.write(`octavo ${name}: ${operating}\n`);
    return 2;
  }
}

/** Runs the command of process.argv and sets the process's exit code. */
export async function runCli(): Promise<void> {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd() };
  try {
    process.exitCode = await main(process.argv.slice(2), io);
  } catch (error) {
    process.stderr.write(`octavo: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
