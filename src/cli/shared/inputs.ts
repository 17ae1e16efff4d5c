/** Reading a command's input files: the template and the JSON payload (file or stdin). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './command.js';
import { parseJson } from './json-error.js';
import { fsReason } from './output-file.js';

/** A problem with the command's inputs: printed without usage text, exit code 2. */
export class InputError extends Error {}

export async function readTemplate(path: string, shown: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read template file '${shown}': ${fsReason(error)}`);
  }
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function readData(spec: string | undefined, io: CliIo): Promise<unknown> {
  if (spec === undefined) return {};
  let text: string;
  try {
    text = spec === '-' ? await readStdin(io.stdin) : await readFile(resolve(io.cwd, spec), 'utf8');
  } catch (error) {
    throw new InputError(`cannot read data file '${spec}': ${fsReason(error)}`);
  }
  const result = parseJson(text);
  if (!result.ok) {
    const name = spec === '-' ? '<stdin>' : spec;
    throw new InputError(`invalid JSON in data file '${name}' at ${result.error.line}:${result.error.column}: ${result.error.message}`);
  }
  return result.value;
}

