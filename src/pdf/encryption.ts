/**
 * Encryption (docs/design.md §1.2; ISO 32000-1 §7.6.3 standard security handler, PDFKit's PDFSecurity).
 * A document is encrypted when a password is set or a permission is `false`; an absent permission
 * is allowed. Without an owner password a random one is made (derived from the content in
 * deterministic mode, so identical input still gives identical bytes, never the user password).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EncryptionAlgorithm, EncryptionOptions, Permissions } from '../options.js';
import type { PdfKitDocument, PdfKitPermissions, PdfKitSecurity, PdfKitSecurityClass, PdfVersion } from './pdfkit-document.js';
import { pdfKitSecurityClass, securityFileKey, setSecurity } from './pdfkit-document.js';
import { r6Entries } from './encryption-r6.js';

export const DEFAULT_ALGORITHM: EncryptionAlgorithm = 'aes-256';

/** Security handler revision per algorithm: PDFKit picks V/R from the PDF version. */
const ALGORITHMS: Readonly<Record<EncryptionAlgorithm, { readonly security: PdfVersion; readonly header: PdfVersion }>> = {
  'aes-256': { security: '1.7ext3', header: '1.7' }, // V5 AESV3; PDFKit writes R5, rewritten to R6 (encryption-r6.ts)
  'aes-128': { security: '1.6', header: '1.6' }, // V4 R4, AESV2
  'rc4-128': { security: '1.4', header: '1.4' }, // V2 R3
  'rc4-40': { security: '1.3', header: '1.4' }, // V1 R2 (header 1.4: octavo uses transparency)
};

const PERMISSION_KEYS: readonly (keyof Permissions)[] = [
  'printing', 'modifying', 'annotating', 'copying', 'contentAccessibility', 'fillingForms', 'documentAssembly',
];

export function isEncrypted(options: EncryptionOptions | undefined): options is EncryptionOptions {
  if (options === undefined) return false;
  if (nonEmpty(options.userPassword) || nonEmpty(options.ownerPassword)) return true;
  const permissions = options.permissions ?? {};
  return PERMISSION_KEYS.some((key) => permissions[key] === false);
}

/** PDF header version for the document (1.7 without encryption). */
export function headerVersion(options: EncryptionOptions | undefined): PdfVersion {
  return isEncrypted(options) ? ALGORITHMS[options.algorithm ?? DEFAULT_ALGORITHM].header : '1.7';
}

/** PDFKit's permission object: absent = allowed, false = restricted. */
export function pdfKitPermissions(permissions: Permissions = {}): PdfKitPermissions {
  const allowed = (key: keyof Permissions): boolean => permissions[key] !== false;
  const result: PdfKitPermissions = {
    modifying: allowed('modifying'),
    copying: allowed('copying'),
    annotating: allowed('annotating'),
    fillingForms: allowed('fillingForms'),
    contentAccessibility: allowed('contentAccessibility'),
    documentAssembly: allowed('documentAssembly'),
  };
  if (allowed('printing')) result.printing = 'highResolution';
  return result;
}

/**
 * The owner password: the given one, else 128 random bits as hex (from `seed` when deterministic,
 * so the same input gives the same file but nobody can guess it without the content and user password).
 */
export function ownerPassword(options: EncryptionOptions, seed: Uint8Array | undefined): string {
  const given = nonEmpty(options.ownerPassword);
  if (given !== undefined) return given;
  const user = options.userPassword ?? '';
  for (let round = 0; ; round++) {
    const candidate = seed === undefined
      ? randomBytes(16).toString('hex')
      : createHash('sha256').update('octavo owner password').update(seed).update(user).update(String(round)).digest('hex').slice(0, 32);
    if (candidate !== user) return candidate;
  }
}

/**
 * Installs PDFKit's security handler on a document whose `_id` is already final. With a seed,
 * every random value the handler asks for (file key, salts, AES IVs) comes from the seed instead.
 */
export function applyEncryption(doc: PdfKitDocument, options: EncryptionOptions, seed: Uint8Array | undefined): void {
  const Security = pdfKitSecurityClass();
  const securityOptions = {
    userPassword: options.userPassword ?? '',
    ownerPassword: ownerPassword(options, seed),
    permissions: pdfKitPermissions(options.permissions),
    pdfVersion: ALGORITHMS[options.algorithm ?? DEFAULT_ALGORITHM].security,
  };
  const create = (): PdfKitSecurity | null => Security.create(doc, securityOptions);
  const security = seed === undefined ? create() : withRandomSource(Security, seededBytes(seed, 'handler'), create);
  if (security === null) throw new Error('pdfkit refused to create a security handler');
  if ((options.algorithm ?? DEFAULT_ALGORITHM) === 'aes-256') {
    const random = seed === undefined ? (n: number) => new Uint8Array(randomBytes(n)) : seededBytes(seed, 'r6 salts');
    const fileKey = securityFileKey(security);
    Object.assign(security.dictionary.data, r6Entries(securityOptions.userPassword, securityOptions.ownerPassword, fileKey, random));
  }
  if (seed !== undefined) {
    const original = security.getEncryptFn.bind(security);
    security.getEncryptFn = (id, generation) => withRandomSource(Security, seededBytes(seed, `object ${id} ${generation}`), () => original(id, generation));
  }
  setSecurity(doc, security);
}

/** A deterministic byte source: SHA-256(seed, label, counter) blocks. */
function seededBytes(seed: Uint8Array, label: string): (length: number) => Uint8Array {
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const block = createHash('sha256').update(seed).update(label).update(String(counter++)).digest();
      const take = Math.min(block.length, length - filled);
      out.set(block.subarray(0, take), filled);
      filled += take;
    }
    return out;
  };
}

/**
 * Runs `fn` (synchronous, so no other document can interleave) with PDFKit's static random
 * source replaced, then restores it.
 */
function withRandomSource<T>(Security: PdfKitSecurityClass, source: (length: number) => Uint8Array, fn: () => T): T {
  const original = Security.generateRandomWordArray;
  Security.generateRandomWordArray = source;
  try {
    return fn();
  } finally {
    Security.generateRandomWordArray = original;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
