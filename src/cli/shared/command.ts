import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import { didYouMean } from '../../did-you-mean.js';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** The shape every `octavo <command>` module exports as its default. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
}

export interface CliCommand {
  readonly summary: string;
  readonly usage: string;
  /** Returns the process exit code: 0 success, 1 render/template error, 2 usage error. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/** Thrown by argument parsing; the dispatcher prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `unknown option '--dat' (did you mean '--data'?)`, for flags a command does not know. */
export function unknownOptionMessage(written: string, known: Iterable<string>): string {
  const suggestion = didYouMean(written, [...known].map((name) => `--${name}`));
  return `unknown option '${written}'${suggestion === undefined ? '' : ` (${suggestion})`}`;
}

/**
 * Node's parseArgs with one-line usage errors: an unknown flag gets a "did you mean", a flag
 * without its value says so (Node's own texts suggest `--` and quote unevenly).
 */
export function parseOptions<T extends ParseArgsOptionsConfig>(args: readonly string[], options: T): { values: ParsedValues<T>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: values as ParsedValues<T>, positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown }).code;
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== undefined) throw new UsageError(unknownOptionMessage(unknown, Object.keys(options)));
    const missing = /^Option '(-\S+)(?: <value>)?' argument missing/.exec(message)?.[1];
    if (missing !== undefined) throw new UsageError(`${missing.split(', ').at(-1)} needs a value`);
    throw new UsageError(message.replace(/\.$/, ''));
  }
}

/** A command's options and its one TEMPLATE.html argument; a usage error otherwise. */
export function parseTemplateArgs<T extends ParseArgsOptionsConfig>(args: readonly string[], options: T): { values: ParsedValues<T>; template: string } {
  const { values, positionals } = parseOptions(args, options);
  if (positionals.length !== 1 || positionals[0] === undefined) {
    throw new UsageError(positionals.length === 0 ? 'missing TEMPLATE.html' : `expected one template, got ${positionals.length}`);
  }
  return { values, template: positionals[0] };
}

type ParsedValues<T extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>['values'];
