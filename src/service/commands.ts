/**
 * Validation of the `GeneratePDFCommand` body (docs/design.md §1.4, §1.2): field names and casing
 * exactly as Pdfless' public API, the encryption fields mapped to the engine's options.
 */
import type { EncryptionOptions, Permissions } from '../options.js';
import { DEFAULT_LIMITS } from '../options.js';
import { checkJsonDepth } from './http-support.js';
import { ServiceError } from './api/errors.js';
import { isUuid } from './storage/types.js';
import { didYouMean } from '../did-you-mean.js';
import type { GenerateCommand } from './records/command.js';

export type { GenerateCommand } from './records/command.js';


/** GeneratePDFCommand allow-flags -> engine permission names (docs/design.md §1.2). */
export const PERMISSION_FIELDS: Readonly<Record<string, keyof Permissions>> = {
  encryption_allow_printing: 'printing',
  encryption_allow_modifying: 'modifying',
  encryption_allow_modify_annotations: 'annotating',
  encryption_allow_content_copying: 'copying',
  encryption_allow_screenreaders: 'contentAccessibility',
  encryption_allow_form_filling: 'fillingForms',
  encryption_allow_document_assembly: 'documentAssembly',
};

const MAX_REFERENCE_LENGTH = 255;
const MAX_PASSWORD_LENGTH = 127; // PDF 2.0 (ISO 32000-2 §7.6.4.3.3): passwords are at most 127 UTF-8 bytes

function invalid(message: string): ServiceError {
  return new ServiceError('validation_error', message);
}

/**
 * The fields a generate body may hold: GeneratePDFCommand's, and the asynchronous path's
 * (`async`, `webhook_url`, read by jobs/api.ts). Other fields are ignored, so that a newer
 * client keeps working — except one that reads as a protection setting (`user_password`,
 * `encryption_allow_printng`, `password`): dropped, it would deliver an open document as a
 * success, so it is refused with the field meant.
 */
const GENERATE_FIELDS: ReadonlySet<string> = new Set([
  'template_id', 'payload', 'reference_id', 'encryption_user_password', 'encryption_owner_password', ...Object.keys(PERMISSION_FIELDS), 'async', 'webhook_url',
]);

/** Words of a field that asks to protect the document (an unknown one is refused, above). */
const PROTECTION_WORDS = /pass|encrypt|permi|allow|protect|secur|restrict/i;

export function parseGenerateCommand(body: unknown, maxDataDepth = DEFAULT_LIMITS.maxDataDepth): GenerateCommand {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('the body must be a JSON object (GeneratePDFCommand)');
  }
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!GENERATE_FIELDS.has(name) && PROTECTION_WORDS.test(name)) throw invalid(`${name} is not a field of GeneratePDFCommand${suggestion(name)}: the document would not be protected as asked`);
  }
  const templateId = fields['template_id'];
  if (templateId === undefined || templateId === null) throw invalid('template_id is required');
  if (typeof templateId !== 'string' || !isUuid(templateId)) throw invalid('template_id must be a uuid');
  return {
    templateId: templateId.toLowerCase(),
    payload: parsePayload(fields['payload'], maxDataDepth),
    referenceId: parseReference(fields['reference_id']),
    encryption: parseEncryption(fields),
  };
}

/** ` (did you mean …?)` for a field written without its `encryption_` prefix or misspelt; else nothing. */
function suggestion(name: string): string {
  const prefixed = `encryption_${name.replace(/^encryption_?/i, '')}`.toLowerCase();
  const hint = GENERATE_FIELDS.has(prefixed) ? `did you mean '${prefixed}'?` : didYouMean(name, GENERATE_FIELDS);
  return hint === undefined ? '' : ` (${hint})`;
}

/** Any JSON value; a string holding a JSON object or array (what the official clients send) is parsed. */
function parsePayload(payload: unknown, maxDataDepth: number): unknown {
  if (payload === undefined || payload === null) return {};
  if (typeof payload !== 'string') return payload;
  const text = payload.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return payload;
  checkJsonDepth(text, maxDataDepth);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid('payload is a string that starts like JSON but is not valid JSON');
  }
}

function parseReference(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid('reference_id must be a string');
  if (value.length > MAX_REFERENCE_LENGTH) throw invalid(`reference_id is longer than ${MAX_REFERENCE_LENGTH} characters`);
  return value;
}

function parsePassword(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be a string`);
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_LENGTH) throw invalid(`${name} is longer than ${MAX_PASSWORD_LENGTH} bytes`);
  return value;
}

/** Encrypted when a password is set or an allow-flag is `false`; an absent flag means allowed. */
function parseEncryption(fields: Record<string, unknown>): EncryptionOptions | undefined {
  const userPassword = parsePassword(fields, 'encryption_user_password');
  const ownerPassword = parsePassword(fields, 'encryption_owner_password');
  const permissions: Permissions = {};
  let restricted = false;
  for (const [field, permission] of Object.entries(PERMISSION_FIELDS)) {
    const value = fields[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean') throw invalid(`${field} must be a boolean`);
    permissions[permission] = value;
    if (!value) restricted = true;
  }
  if (userPassword === undefined && ownerPassword === undefined && !restricted) return undefined;
  return {
    ...(userPassword === undefined ? {} : { userPassword }),
    ...(ownerPassword === undefined ? {} : { ownerPassword }),
    permissions,
  };
}
