/**
 * SHA-256 fed through a byte buffer. A display list (pdf/fingerprint.ts) or a PDF as PDFKit
 * writes it (identifyByContent) comes in hundreds of small updates, each a native call on its
 * own. Buffered, they cost one call per 64 KiB, and the digest is that of exactly the same bytes.
 */
import { createHash } from 'node:crypto';

const CAPACITY = 64 * 1024;

export class BufferedHash {
  private readonly hash = createHash('sha256');
  private readonly buffer = Buffer.allocUnsafe(CAPACITY);
  private length = 0;

  /** Strings are hashed as UTF-8, as `Hash.update(string)` does. */
  update(data: string | Uint8Array): this {
    // a UTF-16 code unit is at most 3 bytes of UTF-8
    const most = typeof data === 'string' ? data.length * 3 : data.length;
    if (this.length + most > CAPACITY) this.flush();
    if (most > CAPACITY) {
      this.hash.update(data);
    } else if (typeof data === 'string') {
      this.length += this.buffer.write(data, this.length, 'utf8');
    } else {
      this.buffer.set(data, this.length);
      this.length += data.length;
    }
    return this;
  }

  digest(): Buffer {
    this.flush();
    return this.hash.digest();
  }

  private flush(): void {
    if (this.length > 0) this.hash.update(this.buffer.subarray(0, this.length));
    this.length = 0;
  }
}
