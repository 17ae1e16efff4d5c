/** Tiny images for pdf tests: PNGs encoded here from pixel rows, and a 543-byte JPEG (CPython's test/imghdrdata/python.jpg). */
import { encodePng } from '../helpers/png.js';
import type { Rgba } from '../helpers/png.js';
import type { LoadedImage } from '../../src/resources/types.js';

export { encodePng };

export function pngImage(id: string, rows: readonly (readonly Rgba[])[]): LoadedImage {
  return { id, format: 'png', bytes: encodePng(rows), width: rows[0]!.length, height: rows.length };
}

const JPEG_BASE64 = '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z';

export function jpegImage(): LoadedImage {
  const bytes = new Uint8Array(Buffer.from(JPEG_BASE64, 'base64'));
  // SOF0 height/width
  let i = 2;
  while (i < bytes.length && !(bytes[i] === 0xff && bytes[i + 1]! >= 0xc0 && bytes[i + 1]! <= 0xc2)) i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
  const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
  const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
  return { id: 'python.jpg', format: 'jpeg', bytes, width, height };
}
