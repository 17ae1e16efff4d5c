/** `octavo render` bounds V8's old-generation growth, unless the node command line chose a factor. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
const building = { now: false };
vi.mock('node:v8', () => ({ default: { setFlagsFromString, startupSnapshot: { isBuildingSnapshot: () => building.now } } }));
const { boundHeapGrowth, HEAP_GROWING_PERCENT } = await import('../../src/cli/shared/heap-growth.js');

describe('boundHeapGrowth', () => {
  const saved = process.env['NODE_OPTIONS'];
  afterEach(() => {
    setFlagsFromString.mockClear();
    if (saved === undefined) delete process.env['NODE_OPTIONS'];
    else process.env['NODE_OPTIONS'] = saved;
  });

  it('sets the growth factor for the process', () => {
    delete process.env['NODE_OPTIONS'];
    boundHeapGrowth();
    expect(setFlagsFromString.mock.calls).toEqual([[`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]]);
  });

  it('sets nothing while the startup snapshot is built (the blob would carry the flag)', () => {
    delete process.env['NODE_OPTIONS'];
    building.now = true;
    try {
      boundHeapGrowth();
    } finally {
      building.now = false;
    }
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });

  it('leaves a factor chosen in NODE_OPTIONS alone', () => {
    process.env['NODE_OPTIONS'] = '--max-old-space-size=4096 --heap_growing_percent=20';
    boundHeapGrowth();
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });
});
