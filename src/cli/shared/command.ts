import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';

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

/** A command's options and its one TEMPLATE.html argument; a usage error otherwise. */
export function parseTemplateArgs<T extends ParseArgsOptionsConfig>(args: readonly string[], options: T): { values: ParsedValues<T>; template: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0] === undefined) {
    throw new UsageError(positionals.length === 0 ? 'missing TEMPLATE.html' : `expected one template, got ${positionals.length}`);
  }
  return { values: values as ParsedValues<T>, template: positionals[0] };
}

type ParsedValues<T extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>['values'];
