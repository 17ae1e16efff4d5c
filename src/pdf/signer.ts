/**
 * The signer of a digital signature: a private key and its certificate chain read from PKCS#12
 * (node-forge), and the detached CMS/PKCS#7 SignedData (RFC 5652 §5, ISO 32000-1 §12.8.3.3
 * adbe.pkcs7.detached) over the signed byte ranges: SHA-256 digest, signed attributes
 * contentType, signingTime and messageDigest, RSA PKCS#1 v1.5 signature (node:crypto).
 * Identical input and signing time give identical bytes.
 */
import { createHash, createPrivateKey, sign as cryptoSign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { BoundedCache } from '../cache/bounded.js';

export interface Signer {
  readonly key: KeyObject;
  /** The signing certificate first, then the rest of the chain found in the file. */
  readonly certificates: readonly Forge.pki.Certificate[];
  /** The signing certificate's common name (or organisation). */
  readonly commonName: string;
  /** Upper bound of the DER SignedData length, bytes. */
  readonly maxSignatureLength: number;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
} as const;

/** Signers read per PKCS#12 file (as long as its bytes live), by passphrase: a few at most. */
const cache = new WeakMap<Uint8Array, BoundedCache<string, Signer>>();

/** Reads the key and certificates of a PKCS#12 file; throws a readable Error when it cannot. */
export function loadSigner(p12: Uint8Array, passphrase: string | undefined): Signer {
  loadForge();
  const byPassphrase = cache.get(p12) ?? new BoundedCache<string, Signer>('pdf.signers', 4);
  cache.set(p12, byPassphrase);
  const known = byPassphrase.get(passphrase ?? '');
  if (known !== undefined) return known;
  const signer = readPkcs12(p12, passphrase ?? '');
  byPassphrase.set(passphrase ?? '', signer);
  return signer;
}

function readPkcs12(p12: Uint8Array, passphrase: string): Signer {
  let pfx: Forge.pkcs12.Pkcs12Pfx;
  try {
    const der = forge.util.createBuffer(Buffer.from(p12).toString('binary'));
    pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, passphrase);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot read the PKCS#12 file (wrong passphrase or not a .p12/.pfx file): ${reason}`);
  }
  const keyBags = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key !== undefined)?.key;
  if (key === undefined) throw new Error('the PKCS#12 file holds no RSA private key (only RSA keys are supported)');
  const certificates = (pfx.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is Forge.pki.Certificate => cert !== undefined);
  const own = certificates.find((cert) => (cert.publicKey as Forge.pki.rsa.PublicKey).n?.equals(key.n) === true);
  if (own === undefined) throw new Error('the PKCS#12 file holds no certificate for its private key');
  const chain = [own, ...certificates.filter((cert) => cert !== own)];
  const signer: Omit<Signer, 'maxSignatureLength'> = {
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificates: chain,
    commonName: nameOf(own),
  };
  // the SignedData length does not depend on the signed bytes; 32 bytes spare for the time encoding
  const probe = signDetached({ ...signer, maxSignatureLength: 0 }, [new Uint8Array(0)], new Date(0));
  return { ...signer, maxSignatureLength: probe.length + 32 };
}

function nameOf(cert: Forge.pki.Certificate): string {
  const field = cert.subject.getField('CN') ?? cert.subject.getField('O');
  const value = (field as { value?: unknown } | null)?.value;
  return typeof value === 'string' ? forge.util.decodeUtf8(value) : 'unknown signer';
}

// node-forge is loaded by the first signature only: it is a tenth of octavo's start-up, and most
// documents are not signed. The two entry points (loadSigner, signDetached) load it first.
let forge: typeof Forge;
let asn1: typeof Forge.asn1;
function loadForge(): void {
  if (forge !== undefined) return;
  forge = createRequire(import.meta.url)('node-forge') as typeof Forge;
  asn1 = forge.asn1;
}
const seq = (items: Forge.asn1.Asn1[]): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: Forge.asn1.Asn1[]): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (id: string): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const nul = (): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const octets = (bytes: string): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const integer = (value: number): Forge.asn1.Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const der = (node: Forge.asn1.Asn1): string => asn1.toDer(node).getBytes();

/** RFC 5652 §11.3: UTCTime for 1950-2049, GeneralizedTime otherwise. */
function time(date: Date): Forge.asn1.Asn1 {
  const year = date.getUTCFullYear();
  return year >= 1950 && year < 2050
    ? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : asn1.create(asn1.Class.UNIVERSAL, asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

const attribute = (type: string, value: Forge.asn1.Asn1): Forge.asn1.Asn1 => seq([oid(type), set([value])]);

/** DER SET OF: elements sorted by their encodings (X.690 §11.6). */
function derSetOf(items: Forge.asn1.Asn1[], tag: { tagClass: Forge.asn1.Class; type: number }): Forge.asn1.Asn1 {
  const sorted = [...items].sort((a, b) => Buffer.compare(Buffer.from(der(a), 'binary'), Buffer.from(der(b), 'binary')));
  return asn1.create(tag.tagClass, tag.type, true, sorted);
}

/** The DER SignedData of a detached signature over the concatenation of `ranges`. */
export function signDetached(signer: Signer, ranges: readonly Uint8Array[], signingTime: Date): Uint8Array {
  loadForge();
  const hash = createHash('sha256');
  for (const range of ranges) hash.update(range);
  const digest = hash.digest();
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.signingTime, time(signingTime)),
    attribute(OID.messageDigest, octets(digest.toString('binary'))),
  ];
  // signed over as a SET (tag 0x31), stored as [0] IMPLICIT (RFC 5652 §5.4)
  const signedSet = derSetOf(attributes, { tagClass: asn1.Class.UNIVERSAL, type: asn1.Type.SET });
  const signature = cryptoSign('sha256', Buffer.from(der(signedSet), 'binary'), signer.key);
  const certificate = signer.certificates[0]!;
  const certificateAsn1 = forge.pki.certificateToAsn1(certificate);
  const tbs = certificateAsn1.value[0] as Forge.asn1.Asn1;
  const tbsFields = tbs.value as Forge.asn1.Asn1[];
  // tbsCertificate: [0] version?, serialNumber, signature, issuer, ...
  const offset = tbsFields[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = tbsFields[offset]!;
  const issuer = tbsFields[offset + 2]!;
  const signerInfo = seq([
    integer(1),
    seq([issuer, serial]),
    seq([oid(OID.sha256), nul()]),
    derSetOf(attributes, { tagClass: asn1.Class.CONTEXT_SPECIFIC, type: 0 }),
    seq([oid(OID.rsaEncryption), nul()]),
    octets(signature.toString('binary')),
  ]);
  const signedData = seq([
    integer(1),
    set([seq([oid(OID.sha256), nul()])]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signer.certificates.map((cert) => forge.pki.certificateToAsn1(cert))),
    set([signerInfo]),
  ]);
  const contentInfo = seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
  return new Uint8Array(Buffer.from(der(contentInfo), 'binary'));
}
