/**
 * The growing buffer pdfkit-document.ts's collectOutput copies PDFKit's chunks into, as each object
 * is written; resolves with the bytes at the end of the stream (a null chunk).
 */
export class OutputCollector {
  private buffer = new Uint8Array(64 * 1024);
  private length = 0;

  constructor(private readonly resolve: (bytes: Uint8Array) => void) {}

  push(chunk: Uint8Array | null): boolean {
    if (chunk === null) {
      this.resolve(this.buffer.slice(0, this.length));
      return false;
    }
    if (this.length + chunk.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + chunk.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
    return true;
  }
}
