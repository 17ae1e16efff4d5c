/**
 * Budgets on what HTML and CSS can expand into (issue 26): each hostile document ends, within
 * seconds, in a PDF with a located warning or in a typed `limit_exceeded` naming its limit.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, OctavoError } from '../../src/api.js';
import { HOSTILE_COSTS, HOSTILE_DOCUMENTS, HOSTILE_LAYOUTS } from '../helpers/hostile.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { qpdfCheck } from '../helpers/qpdf.js';

/** Generous: each input takes a few seconds of CPU at most; the bound only catches a hang. */
const HANG = 120_000;

describe('expansion budgets: hostile documents', () => {
  for (const hostile of [...HOSTILE_DOCUMENTS, ...HOSTILE_LAYOUTS, ...HOSTILE_COSTS]) {
    it(`${hostile.limit === undefined ? 'renders' : 'refuses'} ${hostile.name}`, async () => {
      const engine = createEngine();
      const { result: outcome, ms } = await cpuTime(() => engine.renderDetailed({ template: hostile.template, data: hostile.data ?? {}, templateName: 'hostile.html' }).then((result) => result, (error: unknown) => error));
      // issue 26: within 5 s — of CPU time, the work the input costs (wall time grows with the machine's load)
      expect(ms, 'render CPU time').toBeLessThan(5_000);
      if (hostile.limit !== undefined) {
        expect(outcome).toBeInstanceOf(OctavoError);
        expect((outcome as OctavoError).code).toBe('limit_exceeded');
        expect((outcome as OctavoError).message).toContain(`(limits.${hostile.limit} = `);
        return;
      }
      if (outcome instanceof Error) throw outcome;
      const { pdf, diagnostics } = outcome as Awaited<ReturnType<ReturnType<typeof createEngine>['renderDetailed']>>;
      await qpdfCheck(pdf);
      const expected = hostile.warning;
      if (expected === undefined) {
        expect(diagnostics).toEqual([]);
        return;
      }
      expect(diagnostics.map((d) => d.code)).toContain(expected.code);
      const warning = diagnostics.find((d) => d.message.includes(expected.contains));
      expect(warning, JSON.stringify(diagnostics.map((d) => [d.code, d.message.slice(0, 150), d.file, d.line]))).toBeDefined();
      expect(warning!.file).toBe('hostile.html');
      if (expected.line !== undefined) expect(warning!.line).toBe(expected.line);
    }, HANG);
  }
});
