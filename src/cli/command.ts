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
