import type { createEngine } from '../src/api.js';

/** A face as fontkit parsed it (the members the torture reads). */
export interface TortureProgram {
  readonly postscriptName: string | null;
  readonly familyName: string | null;
  readonly characterSet: readonly number[];
  getName(key: string): string | null;
}

export interface TortureOutcome {
  readonly characters: number;
  readonly pages: number;
  readonly ms: number;
  /** Empty when the face printed, embedded and extracted every character. */
  readonly problems: readonly string[];
}

export function printableCharacters(program: TortureProgram, sample?: number): number[];
export function facesOf(file: string): TortureProgram[];
export function tortureFace(engine: typeof createEngine, file: string, program: TortureProgram, characters: readonly number[]): Promise<TortureOutcome>;
