/**
 * A fault of octavo's own — a `TypeError` deep in a stage, found by a fuzzer — reaches a library
 * caller as the one error type the engine throws: an `OctavoError` `render_error` that keeps the
 * original as its `cause` and says it is a bug (src/errors.ts `asOctavoError`). The service tells
 * its caller no more than that the document could not be rendered. The fault is injected into the
 * page painter; a refusal of the input (a template error) stays as it was.
 */
import { describe, expect, it, vi } from 'vitest';
import { OctavoError, isUnexpectedError } from '../../src/errors.js';
import { failureFromEngine, renderMessage } from '../../src/service/renderer.js';

const fault = { on: false };

vi.mock('../../src/paint/paint-page.js', async (importOriginal) => (await import('../helpers/painter-hook.js')).withPainterHook(await importOriginal(), () => {
  if (fault.on) (undefined as unknown as { x: number }).x.toFixed();
}));

const { createInternalEngine } = await import('../../src/render.js');
const engine = createInternalEngine();
const template = '<p>Hello</p>';

async function failure(run: () => Promise<unknown>): Promise<OctavoError> {
  fault.on = true;
  try {
    await run();
  } catch (error) {
    return error as OctavoError;
  } finally {
    fault.on = false;
  }
  throw new Error('the render did not fail');
}

describe('a fault inside the engine', () => {
  it('reaches render() as an OctavoError render_error with the original as its cause', async () => {
    const error = await failure(() => engine.render({ template }));
    expect(error).toBeInstanceOf(OctavoError);
    expect(error.code).toBe('render_error');
    expect(error.message).toMatch(/^could not render the document: Cannot read properties of undefined/);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.hint).toMatch(/bug in octavo/);
    expect(isUnexpectedError(error)).toBe(true);
  });

  it('reaches renderDetailed() and display() the same way', async () => {
    expect(isUnexpectedError(await failure(() => engine.renderDetailed({ template })))).toBe(true);
    expect(isUnexpectedError(await failure(() => engine.display({ template })))).toBe(true);
  });

  it('leaves the engine serving the next render', async () => {
    await failure(() => engine.render({ template }));
    const pdf = await engine.render({ template });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('is not how a refusal of the input is reported', async () => {
    const error = await engine.render({ template: '{{#if a}}' }).then(() => undefined, (e: unknown) => e as OctavoError);
    expect(error?.code).toBe('template_syntax');
    expect(isUnexpectedError(error)).toBe(false);
  });

  it('reaches the service caller without its internals', async () => {
    const wrapped = await failure(() => engine.render({ template }));
    expect(failureFromEngine(wrapped)).toEqual({ ok: false, code: 'render_error', message: 'the document could not be rendered' });
    fault.on = true;
    try {
      expect(await renderMessage(engine, { template, data: {} })).toEqual({ ok: false, code: 'render_error', message: 'the document could not be rendered' });
    } finally {
      fault.on = false;
    }
  });
});
