/**
 * Signed links (docs/design.md §1.4): a download link works without the API key until it expires;
 * a preview link does not expire. The signature is HMAC-SHA256 over the path's purpose, the
 * id and the expiry, keyed by the storage's signing secret, so every process sharing the
 * storage accepts the links of the others.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkSigner {
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
}

export function createLinkSigner(secret: Uint8Array): LinkSigner {
  const sign = (message: string) => createHmac('sha256', secret).update(message, 'utf8').digest('base64url');
  return {
    sign,
    verify: (message, signature) => {
      const expected = Buffer.from(sign(message), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** `/v1/pdfs/{id}?expires={unix seconds}&signature=...` */
export function downloadPath(signer: LinkSigner, documentId: string, expires: Date): string {
  const seconds = Math.floor(expires.getTime() / 1000);
  const signature = signer.sign(`pdf:${documentId}:${seconds}`);
  return `/v1/pdfs/${documentId}?expires=${seconds}&signature=${signature}`;
}

export type DownloadCheck =
  | { readonly kind: 'valid'; readonly expires: Date }
  | { readonly kind: 'expired' }
  | { readonly kind: 'invalid' };

/** Checks a download link's query: signature first (a forged link is not found), then expiry. */
export function checkDownload(signer: LinkSigner, documentId: string, query: URLSearchParams, now: Date): DownloadCheck {
  const expires = query.get('expires');
  const signature = query.get('signature');
  if (expires === null || signature === null || !/^\d{1,12}$/.test(expires)) return { kind: 'invalid' };
  if (!signer.verify(`pdf:${documentId}:${expires}`, signature)) return { kind: 'invalid' };
  const at = new Date(Number(expires) * 1000);
  return at.getTime() <= now.getTime() ? { kind: 'expired' } : { kind: 'valid', expires: at };
}

/** `/v1/document-templates/{id}/preview.{pdf|png}?signature=...` */
export function previewPath(signer: LinkSigner, templateId: string, kind: 'pdf' | 'png'): string {
  return `/v1/document-templates/${templateId}/preview.${kind}?signature=${signer.sign(`preview:${templateId}:${kind}`)}`;
}

export function checkPreview(signer: LinkSigner, templateId: string, kind: 'pdf' | 'png', query: URLSearchParams): boolean {
  const signature = query.get('signature');
  return signature !== null && signer.verify(`preview:${templateId}:${kind}`, signature);
}
