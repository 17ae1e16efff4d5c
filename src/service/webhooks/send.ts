/**
 * One webhook attempt with Node's own HTTP client, connected to the address ssrf.ts checked
 * (the `lookup` answers it, so TLS still verifies the certificate against the URL's host name).
 * Redirects are not followed: a receiver answers 2xx or the attempt failed.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup } from '../../net/address.js';
import type { WebhookTarget } from './ssrf.js';

export interface AttemptResult {
  readonly statusCode: number | null;
  readonly error: string | null;
}

export function postWebhook(target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const lookup = pinnedLookup(target);
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(target.url, {
      method: 'POST', lookup, timeout: timeoutMs, agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'octavo-webhooks' },
    }, (res) => {
      res.resume(); // the body is not needed; reading it frees the socket
      res.on('end', () => resolve({ statusCode: res.statusCode ?? null, error: null }));
      res.on('error', (error) => resolve({ statusCode: res.statusCode ?? null, error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    req.end(body);
  });
}
