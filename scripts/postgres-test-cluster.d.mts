export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication). */
  readonly url: string;
  /** Stops the server and deletes its folder. */
  stop(): void;
}
export function findPostgresBinDir(): string | undefined;
export function startPostgresCluster(): Promise<PostgresCluster>;
