/**
 * `multipart/form-data` request bodies (RFC 7578), read with busboy (the one folder that imports
 * it): text fields and files by name, bounded in part count, file count, bytes per file and bytes
 * in all. Anything malformed or past a bound is a typed error (400 or 413), never a crash. File
 * parts are streamed to files of a spool folder the caller gives (and removes), counted as they
 * come: an upload is never held in memory whole, and stops at the byte limit.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { ServiceError } from '../api/errors.js';
import { requestBodyStream } from '../plain-bodies.js';

export interface MultipartLimits {
  readonly maxFiles: number;
  readonly maxTotalBytes: number;
  readonly maxFields: number;
  readonly maxFieldBytes: number;
}

export interface UploadedFile {
  /** The part's filename as sent (paths kept: `css/style.css`); checked by the caller. */
  readonly filename: string;
  /** Where its bytes were spooled. */
  readonly path: string;
  readonly size: number;
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

/** Reads the body, spooling its file parts into the folder `spool` (made by the caller, removed by it on every outcome). */
export async function readMultipart(request: Request, limits: MultipartLimits, spool: string): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw new ServiceError('unsupported_media_type', 'send the template as multipart/form-data');
  const body = requestBodyStream(request);
  if (body === null) throw invalid('the multipart body is empty');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType }, preservePath: true,
      limits: { files: limits.maxFiles, fields: limits.maxFields, fieldSize: limits.maxFieldBytes, fileSize: limits.maxTotalBytes, parts: limits.maxFiles + limits.maxFields },
    });
  } catch (error) {
    throw invalid(`malformed multipart Content-Type: ${(error as Error).message}`);
  }
  return parse(Readable.fromWeb(body as NodeWebStream<Uint8Array>), parser, limits, spool);
}

/**
 * Feeds the stream to busboy; the first problem ends the parse with its typed error, once every
 * spool file is closed (so the caller can remove the folder).
 */
export function parse(source: Readable, parser: busboy.Busboy, limits: MultipartLimits, spool: string): Promise<MultipartBody> {
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile[]>();
  const writing: Promise<void>[] = [];
  const open = new Set<NodeJS.WritableStream & { destroy(): void }>();
  let total = 0;
  return new Promise<MultipartBody>((resolve, reject) => {
    let failed = false;
    const fail = (error: ServiceError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.resume(); // drain the rest: the answer still goes out on this connection
      for (const out of open) out.destroy();
      void Promise.allSettled(writing).then(() => reject(error));
    };
    const tooLarge = () => fail(new ServiceError('payload_too_large', `the upload is larger than ${limits.maxTotalBytes} bytes`));
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(invalid(`field '${name}' is longer than ${limits.maxFieldBytes} bytes`));
      else fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (failed) { stream.resume(); return; } // parts busboy had buffered: nothing more is spooled
      const path = join(spool, String(writing.length));
      const out = createWriteStream(path);
      open.add(out);
      let size = 0;
      writing.push(new Promise<void>((done) => {
        out.on('close', () => { open.delete(out); done(); });
        out.on('error', (error: Error) => fail(new ServiceError('internal_error', `the upload could not be spooled: ${error.message}`)));
      }));
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        size += chunk.length;
        if (total > limits.maxTotalBytes) tooLarge();
        else if (!failed && !out.write(chunk)) { stream.pause(); out.once('drain', () => stream.resume()); }
      });
      stream.on('limit', tooLarge);
      // busboy destroys a file cut short with an error on its stream: unheard, it would end the process
      stream.on('error', (error: Error) => fail(invalid(`malformed multipart body: ${error.message}`)));
      stream.on('end', () => {
        if (failed) return;
        out.end();
        const list = files.get(name) ?? [];
        list.push({ filename: info.filename ?? '', path, size });
        files.set(name, list);
      });
    });
    parser.on('filesLimit', () => fail(invalid(`more than ${limits.maxFiles} files`)));
    parser.on('fieldsLimit', () => fail(invalid(`more than ${limits.maxFields} fields`)));
    parser.on('partsLimit', () => fail(invalid(`more than ${limits.maxFiles + limits.maxFields} parts`)));
    parser.on('error', (error: Error) => fail(invalid(`malformed multipart body: ${error.message}`)));
    source.on('error', (error: Error) => fail(invalid(`the upload was interrupted: ${error.message}`)));
    parser.on('close', () => {
      // every spooled file written out before the parts are read back
      void Promise.allSettled(writing).then(() => { if (!failed) resolve({ fields, files }); });
    });
    source.pipe(parser);
  });
}
