/**
 * Test-only signing identities: an RSA key (node:crypto, fast) and a self-signed certificate
 * (node-forge), packed as PKCS#12 the way users export them from their key stores.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface SigningIdentity {
  readonly p12: Uint8Array;
  readonly passphrase: string;
}

const cache = new Map<string, SigningIdentity>();

/** A PKCS#12 file with a fresh 2048-bit RSA key and a self-signed certificate for `commonName`. */
export function selfSignedP12(commonName = 'Octavo Test Signer', passphrase = 'test-pass'): SigningIdentity {
  const key = `${commonName}|${passphrase}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2040-01-01T00:00:00Z');
  const attrs = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Octavo Tests' }, { name: 'countryName', value: 'CH' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, { algorithm: '3des' });
  const identity = { p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')), passphrase };
  cache.set(key, identity);
  return identity;
}
