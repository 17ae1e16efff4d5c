/**
 * A local webhook receiver on 127.0.0.1 that verifies each request as the Standard Webhooks
 * specification says, written from the specification (not with the service's signing code):
 * HMAC-SHA256 over "id.timestamp.body" keyed with the base64 part of `whsec_…`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly id: string;
  readonly timestamp: number;
  readonly body: string;
  readonly json: { type: string; timestamp: string; data: Record<string, unknown> & { id: string; status: string } };
  /** Whether a `v1,` signature matched the secret known when it arrived. */
  readonly verified: boolean;
}

export interface WebhookReceiver {
  readonly origin: string;
  readonly received: ReceivedWebhook[];
  secret: string | undefined;
  /** Answers this status to the next `n` requests (then 204). */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

export function verifyStandardWebhook(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return header.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let failures = 0;
  let failStatus = 500;
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    origin: '', received, secret: undefined,
    failNext: (n, status = 500) => { failures = n; failStatus = status; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        res.writeHead(failStatus).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const timestamp = String(req.headers['webhook-timestamp'] ?? '');
      const verified = receiver.secret !== undefined
        && verifyStandardWebhook(receiver.secret, id, timestamp, body, String(req.headers['webhook-signature'] ?? ''));
      received.push({ id, timestamp: Number(timestamp), body, json: JSON.parse(body) as ReceivedWebhook['json'], verified });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (receiver as { origin: string }).origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
