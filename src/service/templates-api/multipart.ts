/**
 * `multipart/form-data` request bodies (RFC 7578), read with busboy (the one folder that imports
 * it): text fields and files by name, bounded in part count, file count, bytes per file and bytes
 * in all. Anything malformed or past a bound is a typed error (400 or 413), never a crash.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { ServiceError } from '../api/errors.js';

export interface MultipartLimits {
  readonly maxFiles: number;
  readonly maxTotalBytes: number;
  readonly maxFields: number;
  readonly maxFieldBytes: number;
}

export interface UploadedFile {
  /** The part's filename as sent (paths kept: `css/style.css`); checked by the caller. */
  readonly filename: string;
  readonly bytes: Uint8Array;
}

export interface MultipartBody {
  readonly fields: ReadonlyMap<string, string>;
  /** By form field name, in the order sent (a field may carry several files). */
  readonly files: ReadonlyMap<string, readonly UploadedFile[]>;
}

const invalid = (message: string) => new ServiceError('validation_error', message);

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw new ServiceError('unsupported_media_type', 'send the template as multipart/form-data');
  if (request.body === null) throw invalid('the multipart body is empty');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType }, preservePath: true,
      limits: { files: limits.maxFiles, fields: limits.maxFields, fieldSize: limits.maxFieldBytes, fileSize: limits.maxTotalBytes, parts: limits.maxFiles + limits.maxFields },
    });
  } catch (error) {
    throw invalid(`malformed multipart Content-Type: ${(error as Error).message}`);
  }
  return parse(Readable.fromWeb(request.body as NodeWebStream<Uint8Array>), parser, limits);
}

/** Feeds the stream to busboy; the first problem ends the parse with its typed error. */
export function parse(source: Readable, parser: busboy.Busboy, limits: MultipartLimits): Promise<MultipartBody> {
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile[]>();
  let total = 0;
  return new Promise<MultipartBody>((resolve, reject) => {
    let failed = false;
    const fail = (error: ServiceError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.resume(); // drain the rest: the answer still goes out on this connection
      reject(error);
    };
    const tooLarge = () => fail(new ServiceError('payload_too_large', `the upload is larger than ${limits.maxTotalBytes} bytes`));
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(invalid(`field '${name}' is longer than ${limits.maxFieldBytes} bytes`));
      else fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limits.maxTotalBytes) tooLarge();
        else chunks.push(chunk);
      });
      stream.on('limit', tooLarge);
      // busboy destroys a file cut short with an error on its stream: unheard, it would end the process
      stream.on('error', (error: Error) => fail(invalid(`malformed multipart body: ${error.message}`)));
      stream.on('end', () => {
        const list = files.get(name) ?? [];
        list.push({ filename: info.filename ?? '', bytes: new Uint8Array(Buffer.concat(chunks)) });
        files.set(name, list);
      });
    });
    parser.on('filesLimit', () => fail(invalid(`more than ${limits.maxFiles} files`)));
    parser.on('fieldsLimit', () => fail(invalid(`more than ${limits.maxFields} fields`)));
    parser.on('partsLimit', () => fail(invalid(`more than ${limits.maxFiles + limits.maxFields} parts`)));
    parser.on('error', (error: Error) => fail(invalid(`malformed multipart body: ${error.message}`)));
    source.on('error', (error: Error) => fail(invalid(`the upload was interrupted: ${error.message}`)));
    parser.on('close', () => { if (!failed) resolve({ fields, files }); });
    source.pipe(parser);
  });
}
