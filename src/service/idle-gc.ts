/**
 * Collecting a render process's young generation while it has nothing to do. A render allocates
 * 3-8 MB that dies with it. V8 scavenges when the young generation is full, or in a task of its own
 * once it is 80 % full (`--minor-gc-task-trigger`) — a task that runs at the next turn of the event
 * loop, which may be one of a render's awaits. Either way the scavenge then copies everything the
 * render still holds (its document, boxes and pages): 7-20 ms on this project's invoice, whose
 * render takes 11-20 ms. Between renders it copies only what the caches kept. So a process that
 * has gone quiet scavenges once its young generation is at least half full — at the end of its
 * warm-up above all, whose renders left it so for the first request (bench/README.md, issue 32
 * stop 79). Only a minor collection: after a full one (`gc()`) the next ten renders ran 1.5-2x
 * slower in a trial. `gc` exists in render processes only, started with `--expose-gc` (workers.ts
 * `RENDER_PROCESS_NODE_FLAGS`); elsewhere this does nothing.
 */
import { getHeapSpaceStatistics } from 'node:v8';

/** Share of the young generation's room in use from which a quiet process collects it. */
const FULL_SHARE = 0.5;

type MinorGc = (options: { type: 'minor' }) => void;

/** Scavenges the young generation if it is `FULL_SHARE` full and `gc` is exposed; says whether it did. */
export function collectYoungGenerationIfFull(): boolean {
  const gc = (globalThis as { gc?: MinorGc }).gc;
  if (typeof gc !== 'function') return false;
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  // its room is one semi-space: what is used and what is left of it (`space_size` counts both semi-spaces)
  if (young === undefined || young.space_used_size < FULL_SHARE * (young.space_used_size + young.space_available_size)) return false;
  gc({ type: 'minor' });
  return true;
}
