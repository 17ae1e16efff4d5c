/**
 * Validation of `render()` options (docs/design.md §1.1-1.2) before any work is done: every option's
 * type, the encryption algorithm and permission flags, metadata fields, and the sandbox (`root`
 * must contain `baseDir`). Unknown keys are refused too — a misspelt permission must not silently
 * leave a document unrestricted. Failures throw OctavoError('invalid_options') naming the option.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { OctavoError } from './errors.js';
import type { EncryptionAlgorithm, EncryptionOptions, Limits, Metadata, Permissions, RemoteOptions, RenderOptions } from './options.js';
import { DEFAULT_LIMITS } from './options.js';
import { normalizeOrigin } from './net/allow-list.js';
import { DEFAULT_REMOTE } from './net/remote.js';
import { isEncrypted } from './pdf/encryption.js';
import { facturXFileName } from './pdf/facturx.js';
import { loadSigner } from './pdf/signer.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS } from './template/helpers/index.js';
import type { TemplateHelper } from './options.js';

const RENDER_KEYS = [
  'template', 'data', 'baseDir', 'root', 'templateName', 'strict', 'locale', 'timeZone', 'resources', 'encryption', 'metadata', 'deterministic', 'compress',
  'pdfa', 'attachments', 'facturx', 'tagged', 'signature', 'shrinkToFit', 'glyphAdvances', 'maxRenderMs', 'lint',
] as const;
const ENCRYPTION_KEYS = ['userPassword', 'ownerPassword', 'permissions', 'algorithm'] as const;
const PERMISSION_KEYS = ['printing', 'modifying', 'annotating', 'copying', 'contentAccessibility', 'fillingForms', 'documentAssembly'] as const;
const METADATA_STRING_KEYS = ['title', 'author', 'subject', 'creator', 'producer', 'language'] as const;
const METADATA_KEYS = [...METADATA_STRING_KEYS, 'keywords', 'creationDate'] as const;
export const ENCRYPTION_ALGORITHMS: readonly EncryptionAlgorithm[] = ['aes-256', 'aes-128', 'rc4-128', 'rc4-40'];

function fail(option: string, message: string, hint?: string): never {
  throw new OctavoError('invalid_options', `invalid option ${option}: ${message}`, hint === undefined ? {} : { hint });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `a ${typeof value}`;
}

function checkKeys(record: Record<string, unknown>, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) fail(`${prefix}${key}`, 'unknown option', `known options: ${allowed.join(', ')}`);
  }
}

function optionalString(value: unknown, option: string): void {
  if (value !== undefined && typeof value !== 'string') fail(option, `expected a string, got ${describe(value)}`);
}

function optionalBoolean(value: unknown, option: string): void {
  if (value !== undefined && typeof value !== 'boolean') fail(option, `expected true or false, got ${describe(value)}`);
}

function optionalPositiveInteger(value: unknown, option: string): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)) fail(option, `expected a positive whole number, got ${describe(value)}`);
}

export function validateRenderOptions(options: RenderOptions): RenderOptions {
  const record: unknown = options;
  if (!isRecord(record)) fail('options', `expected an object, got ${describe(record)}`);
  checkKeys(record, RENDER_KEYS, '');
  if (typeof record['template'] !== 'string') fail('template', `expected a string, got ${describe(record['template'])}`);
  optionalString(record['baseDir'], 'baseDir');
  optionalBoolean(record['shrinkToFit'], 'shrinkToFit');
  optionalBoolean(record['lint'], 'lint');
  optionalPositiveInteger(record['maxRenderMs'], 'maxRenderMs');
  const advances = record['glyphAdvances'];
  if (advances !== undefined && advances !== 'exact' && advances !== 'whole-px') fail('glyphAdvances', `expected "exact" or "whole-px", got ${describe(advances)}`);
  optionalString(record['root'], 'root');
  optionalString(record['templateName'], 'templateName');
  optionalBoolean(record['deterministic'], 'deterministic');
  optionalBoolean(record['strict'], 'strict');
  optionalString(record['locale'], 'locale');
  optionalString(record['timeZone'], 'timeZone');
  optionalBoolean(record['compress'], 'compress');
  validateSandbox(options);
  validateLoader(record['resources']);
  if (record['encryption'] !== undefined) validateEncryption(record['encryption']);
  if (record['metadata'] !== undefined) validateMetadata(record['metadata']);
  validateOutputOptions(record);
  return options;
}

/** `limits` of createEngine(): known names only, each a positive whole number. */
export function validateLimits(limits: unknown): Limits | undefined {
  if (limits === undefined) return undefined;
  if (!isRecord(limits)) fail('limits', `expected an object, got ${describe(limits)}`);
  const known = Object.keys(DEFAULT_LIMITS);
  checkKeys(limits, known, 'limits.');
  for (const key of known) optionalPositiveInteger(limits[key], `limits.${key}`);
  return limits as Limits;
}

/** A name Handlebars reads as one helper (`nl2br`, `format-date`): no dots, slashes or spaces. */
const HELPER_NAME = /^[A-Za-z_$][\w$-]*$/;

/** `helpers` of createEngine(): functions under names that no built-in or octavo helper has. */
export function validateHelpers(helpers: unknown): Record<string, TemplateHelper> | undefined {
  if (helpers === undefined) return undefined;
  if (!isRecord(helpers)) fail('helpers', `expected an object of functions, got ${describe(helpers)}`);
  for (const [name, helper] of Object.entries(helpers)) {
    if (typeof helper !== 'function') fail(`helpers.${name}`, `expected a function, got ${describe(helper)}`);
    if (!HELPER_NAME.test(name)) fail(`helpers.${name}`, 'a helper name is letters, digits, _, $ and -, not starting with a digit or -');
    // `log` is among the built-ins; Handlebars calls the two *Missing helpers itself
    if (OCTAVO_HELPERS.has(name) || BUILTIN_ARITY.has(name) || name === 'helperMissing' || name === 'blockHelperMissing') {
      fail(`helpers.${name}`, `'${name}' is a helper of octavo or Handlebars`, 'give your helper another name');
    }
  }
  return helpers as Record<string, TemplateHelper>;
}

/** `remote` of createEngine(): `allow` a list of origins (or `*`), the bounds positive whole numbers. */
export function validateRemote(remote: unknown): RemoteOptions | undefined {
  if (remote === undefined) return undefined;
  if (!isRecord(remote)) fail('remote', `expected an object, got ${describe(remote)}`);
  const bounds = Object.keys(DEFAULT_REMOTE);
  checkKeys(remote, ['allow', ...bounds], 'remote.');
  const allow = remote['allow'];
  if (!Array.isArray(allow) || allow.some((entry) => typeof entry !== 'string')) fail('remote.allow', `expected an array of origins, got ${describe(allow)}`);
  for (const entry of allow as string[]) {
    try {
      normalizeOrigin(entry);
    } catch (error) {
      fail('remote.allow', error instanceof Error ? error.message : String(error));
    }
  }
  for (const key of bounds) optionalPositiveInteger(remote[key], `remote.${key}`);
  return remote as unknown as RemoteOptions;
}

function validateSandbox(options: RenderOptions): void {
  if (options.baseDir === '') fail('baseDir', 'must not be empty');
  if (options.root === '') fail('root', 'must not be empty');
  if (options.baseDir === undefined || options.root === undefined) return;
  const rel = relative(resolve(options.root), resolve(options.baseDir));
  if (rel.startsWith('..') || isAbsolute(rel)) {
    fail('root', `${JSON.stringify(options.root)} does not contain baseDir ${JSON.stringify(options.baseDir)}`, 'root is the sandbox; it must be baseDir or a folder above it');
  }
}

function validateLoader(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value) || typeof value['load'] !== 'function') fail('resources', 'expected a ResourceLoader (an object with a load(url) method)');
}

function validateEncryption(value: unknown): asserts value is EncryptionOptions {
  if (!isRecord(value)) fail('encryption', `expected an object, got ${describe(value)}`);
  checkKeys(value, ENCRYPTION_KEYS, 'encryption.');
  optionalString(value['userPassword'], 'encryption.userPassword');
  optionalString(value['ownerPassword'], 'encryption.ownerPassword');
  const algorithm = value['algorithm'];
  if (algorithm !== undefined && !ENCRYPTION_ALGORITHMS.includes(algorithm as EncryptionAlgorithm)) {
    fail('encryption.algorithm', `expected one of ${ENCRYPTION_ALGORITHMS.join(', ')}, got ${describe(algorithm)}`);
  }
  const permissions = value['permissions'];
  if (permissions !== undefined) {
    if (!isRecord(permissions)) fail('encryption.permissions', `expected an object, got ${describe(permissions)}`);
    checkKeys(permissions, PERMISSION_KEYS, 'encryption.permissions.');
    for (const key of PERMISSION_KEYS) optionalBoolean((permissions as Permissions)[key], `encryption.permissions.${key}`);
  }
  if ((algorithm ?? 'aes-256') !== 'aes-256') {
    // revisions 2-4 hash passwords as Latin-1 bytes (ISO 32000-1 §7.6.3.3)
    for (const key of ['userPassword', 'ownerPassword'] as const) {
      const password = value[key];
      if (typeof password === 'string' && [...password].some((c) => c.codePointAt(0)! > 0xff)) {
        fail(`encryption.${key}`, `${String(algorithm)} passwords must be Latin-1 characters`, 'use aes-256 for Unicode passwords');
      }
    }
  }
}

function validateMetadata(value: unknown): asserts value is Metadata {
  if (!isRecord(value)) fail('metadata', `expected an object, got ${describe(value)}`);
  checkKeys(value, METADATA_KEYS, 'metadata.');
  for (const key of METADATA_STRING_KEYS) optionalString(value[key], `metadata.${key}`);
  const keywords = value['keywords'];
  if (keywords !== undefined && typeof keywords !== 'string' && !(Array.isArray(keywords) && keywords.every((k) => typeof k === 'string'))) {
    fail('metadata.keywords', `expected a string or an array of strings, got ${describe(keywords)}`);
  }
  const date = value['creationDate'];
  if (date !== undefined && !(date instanceof Date && !Number.isNaN(date.getTime()))) {
    fail('metadata.creationDate', `expected a valid Date, got ${describe(date)}`);
  }
}

const PDFA_LEVELS = ['2b', '3b'] as const;
const ATTACHMENT_KEYS = ['name', 'content', 'mimeType', 'description', 'relationship'] as const;
const RELATIONSHIPS = ['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'] as const;
const FACTURX_KEYS = ['xml', 'profile'] as const;
export const FACTURX_PROFILES = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'] as const;
const SIGNATURE_KEYS = ['p12', 'passphrase', 'reason', 'location', 'contactInfo', 'name', 'visible'] as const;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

const oneOf = (value: unknown, allowed: readonly string[]): boolean => typeof value === 'string' && allowed.includes(value);

/**
 * The PDF output options (pdfa, attachments, facturx, tagged, signature) and the combinations
 * that cannot work: PDF/A forbids encryption (ISO 19005-2 §6.1.3); PDF/A-2 only embeds PDF/A
 * files (§6.8), so attachments need PDF/A-3; Factur-X is PDF/A-3 by definition.
 */
function validateOutputOptions(record: Record<string, unknown>): void {
  const pdfa = record['pdfa'];
  if (pdfa !== undefined && !oneOf(pdfa, PDFA_LEVELS)) fail('pdfa', `expected one of ${PDFA_LEVELS.join(', ')}, got ${describe(pdfa)}`);
  optionalBoolean(record['tagged'], 'tagged');
  if (record['attachments'] !== undefined) validateAttachments(record['attachments']);
  if (record['facturx'] !== undefined) validateFacturX(record['facturx']);
  if (record['signature'] !== undefined) validateSignature(record['signature']);
  const encrypted = isEncrypted(record['encryption'] as EncryptionOptions | undefined);
  if (encrypted && pdfa !== undefined) {
    fail('pdfa', 'PDF/A documents cannot be encrypted (ISO 19005-2 §6.1.3)', 'drop the encryption options or the pdfa option');
  }
  if (encrypted && record['facturx'] !== undefined) {
    fail('facturx', 'a Factur-X invoice is a PDF/A-3 document and cannot be encrypted', 'drop the encryption options');
  }
  if (record['facturx'] !== undefined && pdfa === '2b') {
    fail('pdfa', 'a Factur-X invoice is PDF/A-3b; pdfa "2b" contradicts it', 'leave pdfa out or set it to "3b"');
  }
  const attachments = record['attachments'] as readonly { name: string }[] | undefined;
  if (pdfa === '2b' && attachments !== undefined && attachments.length > 0) {
    fail('attachments', 'PDF/A-2b only allows embedded files that are PDF/A themselves', 'use pdfa "3b" for arbitrary attachments');
  }
  if (record['facturx'] !== undefined && attachments !== undefined) {
    const xmlName = facturXFileName((record['facturx'] as { profile: string }).profile);
    if (attachments.some((a) => a.name === xmlName)) fail('attachments', `the name ${xmlName} is reserved for the Factur-X XML`);
  }
}

function validateAttachments(value: unknown): void {
  if (!Array.isArray(value)) fail('attachments', `expected an array, got ${describe(value)}`);
  const names = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const at = `attachments[${index}]`;
    if (!isRecord(entry)) fail(at, `expected an object, got ${describe(entry)}`);
    checkKeys(entry, ATTACHMENT_KEYS, `${at}.`);
    const name = entry['name'];
    if (typeof name !== 'string' || name.trim() === '') fail(`${at}.name`, `expected a non-empty string, got ${describe(name)}`);
    if (names.has(name)) fail(`${at}.name`, `${JSON.stringify(name)} is attached twice`);
    names.add(name);
    const content = entry['content'];
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) fail(`${at}.content`, `expected a Uint8Array or a string, got ${describe(content)}`);
    const mime = entry['mimeType'];
    if (typeof mime !== 'string' || !MIME_TYPE.test(mime)) fail(`${at}.mimeType`, `expected a MIME type such as "text/xml", got ${describe(mime)}`);
    optionalString(entry['description'], `${at}.description`);
    const relationship = entry['relationship'];
    if (relationship !== undefined && !oneOf(relationship, RELATIONSHIPS)) {
      fail(`${at}.relationship`, `expected one of ${RELATIONSHIPS.join(', ')}, got ${describe(relationship)}`);
    }
  });
}

function validateFacturX(value: unknown): void {
  if (!isRecord(value)) fail('facturx', `expected an object, got ${describe(value)}`);
  checkKeys(value, FACTURX_KEYS, 'facturx.');
  const xml = value['xml'];
  if (!((typeof xml === 'string' || xml instanceof Uint8Array) && xml.length > 0)) fail('facturx.xml', `expected the invoice XML (a non-empty string or Uint8Array), got ${describe(xml)}`);
  if (!oneOf(value['profile'], FACTURX_PROFILES)) fail('facturx.profile', `expected one of ${FACTURX_PROFILES.join(', ')}, got ${describe(value['profile'])}`);
}

function validateSignature(value: unknown): void {
  if (!isRecord(value)) fail('signature', `expected an object, got ${describe(value)}`);
  checkKeys(value, SIGNATURE_KEYS, 'signature.');
  if (!(value['p12'] instanceof Uint8Array) || value['p12'].length === 0) fail('signature.p12', `expected the PKCS#12 bytes (a Uint8Array), got ${describe(value['p12'])}`);
  for (const key of ['passphrase', 'reason', 'location', 'contactInfo', 'name'] as const) optionalString(value[key], `signature.${key}`);
  const visible = value['visible'];
  if (visible !== undefined) {
    if (!isRecord(visible)) fail('signature.visible', `expected { page, rect }, got ${describe(visible)}`);
    checkKeys(visible, ['page', 'rect'], 'signature.visible.');
    const page = visible['page'];
    if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) fail('signature.visible.page', `expected a page number from 1, got ${describe(page)}`);
    const rect = visible['rect'];
    if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((n) => typeof n === 'number' && Number.isFinite(n)) || rect[2] <= 0 || rect[3] <= 0) {
      fail('signature.visible.rect', 'expected [x, y, width, height] in CSS px with a positive width and height');
    }
  }
  try {
    loadSigner(value['p12'], value['passphrase'] as string | undefined);
  } catch (error) {
    fail('signature.p12', error instanceof Error ? error.message : String(error), 'pass a PKCS#12 file holding a private key and its certificate, and its passphrase');
  }
}
