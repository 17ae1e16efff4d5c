/**
 * Revision 6 of the standard security handler (ISO 32000-2 §7.6.4.3.3-4, AES-256), replacing the
 * deprecated revision 5 (Adobe Extension Level 3) that PDFKit writes. Both share the random file
 * key, the AESV3 crypt filter and /Perms; revision 6 only hashes passwords differently
 * (Algorithm 2.B: SHA-256/384/512 rounds over AES-128 output), so the handler PDFKit made is
 * kept and its /U, /UE, /O, /OE and /R entries are rewritten.
 */
import { createCipheriv, createHash } from 'node:crypto';

/** The /Encrypt dictionary entries this file rewrites, as PDFKit holds them. */
export interface R6Entries {
  R: number;
  U: Uint8Array;
  UE: Uint8Array;
  O: Uint8Array;
  OE: Uint8Array;
}

/** SASLprep-ish (NFKC) UTF-8 of the password, at most 127 bytes (§7.6.4.3.3 step a). */
export function passwordBytes(password: string): Uint8Array {
  return new Uint8Array(Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127));
}

/** Algorithm 2.B (§7.6.4.3.4): the hash of a password with an 8-byte salt and, for the owner, the 48-byte /U. */
export function hashR6(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array = new Uint8Array(0)): Uint8Array {
  let k: Uint8Array = createHash('sha256').update(password).update(salt).update(userKey).digest();
  let e: Uint8Array = new Uint8Array(0);
  for (let round = 0; round < 64 || (e[e.length - 1] ?? 0) > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] ?? 0;
    const algorithm = ['sha256', 'sha384', 'sha512'][sum % 3]!;
    k = createHash(algorithm).update(e).digest();
  }
  return k.subarray(0, 32);
}

function wrapKey(key: Uint8Array, fileKey: Uint8Array): Uint8Array {
  const cipher = createCipheriv('aes-256-cbc', key, new Uint8Array(16));
  cipher.setAutoPadding(false);
  return new Uint8Array(Buffer.concat([cipher.update(fileKey), cipher.final()]));
}

/**
 * /U, /UE, /O, /OE of revision 6 (Algorithms 8 and 9) for the 32-byte file key; `random(n)`
 * gives the four 8-byte salts.
 */
export function r6Entries(userPassword: string, ownerPassword: string, fileKey: Uint8Array, random: (length: number) => Uint8Array): R6Entries {
  const user = passwordBytes(userPassword);
  const owner = passwordBytes(ownerPassword);
  const [userValidation, userKeySalt, ownerValidation, ownerKeySalt] = [random(8), random(8), random(8), random(8)];
  const U = new Uint8Array(Buffer.concat([hashR6(user, userValidation), userValidation, userKeySalt]));
  const UE = wrapKey(hashR6(user, userKeySalt), fileKey);
  const O = new Uint8Array(Buffer.concat([hashR6(owner, ownerValidation, U), ownerValidation, ownerKeySalt]));
  const OE = wrapKey(hashR6(owner, ownerKeySalt, U), fileKey);
  return { R: 6, U, UE, O, OE };
}
