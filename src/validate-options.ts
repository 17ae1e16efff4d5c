/**
 * Validation of `render()` options (DESIGN.md §1.1-1.2) before any work is done: every option's
 * type, the encryption algorithm and permission flags, metadata fields, and the sandbox (`root`
 * must contain `baseDir`). Unknown keys are refused too — a misspelt permission must not silently
 * leave a document unrestricted. Failures throw OctavoError('invalid_options') naming the option.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { OctavoError } from './errors.js';
import type { EncryptionAlgorithm, EncryptionOptions, Metadata, Permissions, RenderOptions } from './options.js';

const RENDER_KEYS = ['template', 'data', 'baseDir', 'root', 'templateName', 'resources', 'encryption', 'metadata', 'deterministic', 'compress'] as const;
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

export function validateRenderOptions(options: RenderOptions): RenderOptions {
  const record: unknown = options;
  if (!isRecord(record)) fail('options', `expected an object, got ${describe(record)}`);
  checkKeys(record, RENDER_KEYS, '');
  if (typeof record['template'] !== 'string') fail('template', `expected a string, got ${describe(record['template'])}`);
  optionalString(record['baseDir'], 'baseDir');
  optionalString(record['root'], 'root');
  optionalString(record['templateName'], 'templateName');
  optionalBoolean(record['deterministic'], 'deterministic');
  optionalBoolean(record['compress'], 'compress');
  validateSandbox(options);
  validateLoader(record['resources']);
  if (record['encryption'] !== undefined) validateEncryption(record['encryption']);
  if (record['metadata'] !== undefined) validateMetadata(record['metadata']);
  return options;
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
