/** A stand-in for the engine: tiny valid PDFs (qpdf --check clean), failures on request. */
import type { RenderJob, RenderOutput, RenderPdf } from '../../../src/service/renderer.js';
import { ServiceError } from '../../../src/service/api/errors.js';

/** A minimal PDF 1.7 with `pages` pages, each a red rectangle; `title` goes into the Info dictionary. */
export function tinyPdf(pages = 1, title = 'octavo test'): Uint8Array {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push(`<< /Title (${title.replace(/[\\()]/g, (c) => `\\${c}`)}) /Producer (fake renderer) >>`);
  for (let i = 0; i < pages; i++) {
    const content = '1 0 0 rg 10 10 80 40 re f';
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents ${5 + i * 2} 0 R /Resources << >> >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

export interface FakeRenderer {
  readonly renderPdf: RenderPdf;
  readonly jobs: RenderJob[];
}

/**
 * Payload `{ "fail": "template" | "render" }` makes the render fail with that error;
 * `{ "pages": n }` makes n pages; `delayMs` simulates render time.
 */
export function fakeRenderer(delayMs = 0): FakeRenderer {
  const jobs: RenderJob[] = [];
  const renderPdf: RenderPdf = async (job): Promise<RenderOutput> => {
    jobs.push(job);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const data = (job.data ?? {}) as { fail?: string; pages?: number; title?: string };
    if (data.fail === 'template') throw new ServiceError('template_error', 'Parse error on line 1 (template:1:5)');
    if (data.fail === 'render') throw new ServiceError('render_error', 'resource not found: logo.png');
    if (data.fail === 'crash') throw new Error('internal detail that must not leak');
    const pages = data.pages ?? 1;
    return { pdf: tinyPdf(pages, data.title ?? job.templateName ?? 'doc'), pages };
  };
  return { renderPdf, jobs };
}
