import lockfile from 'proper-lockfile';

/**
 * PGlite is a single-process database: a second process opening the same directory (`npm start` twice,
 * or the CLI beside a running server) would write over the first one's files. The directory is locked
 * for as long as it is open: `<dir>.lock`, a directory whose time the holder refreshes every few seconds
 * (proper-lockfile). A lock not refreshed within `staleMs` was left by a process that died, and is taken
 * over — but only then: that also covers a holder on another machine or container sharing the volume,
 * where its process id would mean nothing. The window is generous because PGlite runs on the event loop,
 * and a long statement holds up the refresh.
 */
export interface PgliteLockOptions {
  staleMs?: number;
  /** Told once when the lock is held and the open waits to see whether its holder is gone. */
  onWait?: (message: string) => void;
}

const DEFAULT_STALE_MS = 30_000;

export async function lockPgliteDir(
  dataDir: string,
  { staleMs = DEFAULT_STALE_MS, onWait }: PgliteLockOptions = {},
): Promise<() => Promise<void>> {
  const options = {
    realpath: false,
    stale: staleMs,
    update: Math.max(1_000, Math.floor(staleMs / 6)),
    // Another process took the lock over (this one stalled past the window, or the lock was deleted):
    // going on could corrupt the database, so the process stops, saying why.
    onCompromised: (error: Error) => {
      throw new Error(
        `Lost the lock on the embedded database in ${dataDir} (${error.message}): another process may have opened it. Stopping so as not to corrupt it.`,
      );
    },
  };
  try {
    return await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
  }
  const seconds = Math.ceil(staleMs / 1000);
  onWait?.(
    `The embedded database in ${dataDir} is locked by another process; waiting up to ${seconds} s in case it was left by one that stopped without closing…`,
  );
  try {
    return await lockfile.lock(dataDir, {
      ...options,
      retries: { retries: seconds + 1, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new Error(
      `The embedded database in ${dataDir} is open in another process (an Openshelf server or CLI command). ` +
        'Stop that process first; to run several processes on one store, use PostgreSQL (DATABASE_URL).',
    );
  }
}
