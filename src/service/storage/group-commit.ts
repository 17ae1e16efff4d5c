/**
 * Read-modify-write updates of one record, written in groups (a group commit): the changes that
 * arrive while one write is under way wait, then are applied together — each to the result of
 * the one before, in arrival order — and written once. Each caller's promise settles when its
 * change is on disk (or fails with the write). The fs storage's workspace file takes one unit of
 * quota per document: eight documents in flight took eight lock files, eight synced writes and
 * eight folder syncs in a row, on the server's thread, for one counter.
 */
import type { KeyedMutex } from './fs-atomic.js';

interface Waiting<S> {
  readonly change: (state: S) => S | undefined;
  readonly resolve: (state: S | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Reads the record of `key`, hands it to `apply` (undefined when there is none) and writes what
 * `apply` returns unless that is undefined (nothing changed).
 */
export type RecordUpdate<S> = (key: string, apply: (current: S | undefined) => S | undefined) => Promise<void>;

export class GroupCommit<S> {
  private readonly waiting = new Map<string, Waiting<S>[]>();

  constructor(private readonly mutex: KeyedMutex, private readonly update: RecordUpdate<S>) {}

  /**
   * Applies `change` to the record of `key` (undefined from `change`: left as it is); the record
   * after it, or undefined when there is no record.
   */
  run(key: string, change: (state: S) => S | undefined): Promise<S | undefined> {
    return new Promise((resolve, reject) => {
      const group = this.waiting.get(key);
      if (group !== undefined) {
        group.push({ change, resolve, reject });
        return;
      }
      const changes = [{ change, resolve, reject }];
      this.waiting.set(key, changes);
      void this.mutex.run(key, () => {
        this.waiting.delete(key); // from here on, new changes wait for the next write
        return this.write(key, changes);
      });
    });
  }

  private async write(key: string, changes: readonly Waiting<S>[]): Promise<void> {
    const outcomes: ({ readonly ok: true; readonly state: S | undefined } | { readonly ok: false; readonly error: unknown })[] = [];
    try {
      await this.update(key, (current) => {
        outcomes.length = 0;
        if (current === undefined) {
          for (let i = 0; i < changes.length; i++) outcomes.push({ ok: true, state: undefined });
          return undefined;
        }
        let state = current;
        let changed = false;
        for (const { change } of changes) {
          try {
            const next = change(state);
            if (next !== undefined) {
              state = next;
              changed = true;
            }
            outcomes.push({ ok: true, state });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
        return changed ? state : undefined;
      });
    } catch (error) {
      for (const { reject } of changes) reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) changes[i]!.resolve(outcome.state);
      else changes[i]!.reject(outcome.error);
    });
  }
}
