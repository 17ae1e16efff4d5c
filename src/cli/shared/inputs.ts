/** Reading a command's input files: the template and the JSON payload (file or stdin). */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_LIMITS } from '../../options.js';
import type { CliIo } from './command.js';
import { parseJson } from './json-error.js';
import { fsReason } from './output-file.js';
import { decodeText } from '../../decode-text.js';

/** A problem with the command's inputs: printed without usage text, exit code 2. */
export class InputError extends Error {}

export async function readTemplate(path: string, shown: string): Promise<string> {
  try {
    return decodeText(await readFile(path), 'html');
  } catch (error) {
    throw new InputError(`cannot read template file '${shown}': ${fsReason(error)}`);
  }
}

class TooLarge extends Error {}

/**
 * A stream's bytes as JSON text (UTF-8, or UTF-16 after its byte-order mark), refusing more than `maxBytes` as soon as they are seen: a payload of
 * `/dev/zero` or an endless pipe is refused after 10 MiB, not read until memory runs out.
 */
async function readBounded(stream: NodeJS.ReadableStream, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.byteLength;
    if (size > maxBytes) {
      (stream as { destroy?: () => void }).destroy?.();
      throw new TooLarge();
    }
    chunks.push(bytes);
  }
  return decodeText(Buffer.concat(chunks), 'json');
}

/** The JSON payload of `--data FILE|-`, at most limits.maxPayloadBytes (the engine's default) bytes. */
export async function readData(spec: string | undefined, io: CliIo, maxBytes = DEFAULT_LIMITS.maxPayloadBytes): Promise<unknown> {
  if (spec === undefined) return {};
  let text: string;
  try {
    text = await readBounded(spec === '-' ? io.stdin : createReadStream(resolve(io.cwd, spec)), maxBytes);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new InputError(`data file '${spec === '-' ? '<stdin>' : spec}' is larger than ${maxBytes} bytes (limits.maxPayloadBytes = ${maxBytes})`);
    }
    throw new InputError(`cannot read data file '${spec}': ${fsReason(error)}`);
  }
  const result = parseJson(text);
  if (!result.ok) {
    const name = spec === '-' ? '<stdin>' : spec;
    throw new InputError(`invalid JSON in data file '${name}' at ${result.error.line}:${result.error.column}: ${result.error.message}`);
  }
  return result.value;
}

