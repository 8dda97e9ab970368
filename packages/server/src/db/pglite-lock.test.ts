import { mkdirSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../testing/index.js';
import { lockPgliteDir } from './pglite-lock.js';

const STALE_MS = 2_000;

function dataDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'openshelf-lock-')), 'pglite');
}

// Files and timers only, no database: once is enough (in the PGlite project).
describe.runIf(testDatabaseKind() === 'pglite')('the embedded database directory lock', () => {
  it('keeps a second opener out while the first holds it, saying what to do; free again once released', async () => {
    const dir = dataDir();
    const release = await lockPgliteDir(dir, { staleMs: STALE_MS });
    const waits: string[] = [];
    const started = performance.now();
    await expect(lockPgliteDir(dir, { staleMs: STALE_MS, onWait: (m) => waits.push(m) })).rejects.toThrow(
      /is open in another process .*Stop that process first; to run several processes on one store, use PostgreSQL/,
    );
    // It waited out the whole window (the holder kept refreshing the lock), and said so once.
    expect(performance.now() - started).toBeGreaterThanOrEqual(STALE_MS);
    expect(waits).toEqual([
      expect.stringContaining(`${dir} is locked by another process; waiting up to 2 s`),
    ]);
    await release();
    const again = await lockPgliteDir(dir, { staleMs: STALE_MS });
    await again();
  }, 15_000);

  it('takes over a lock its holder left when it died (not refreshed within the window), without waiting', async () => {
    const dir = dataDir();
    // What a killed process leaves: the lock directory, last refreshed long ago.
    mkdirSync(`${dir}.lock`, { recursive: true });
    const longAgo = new Date(Date.now() - 10 * STALE_MS);
    utimesSync(`${dir}.lock`, longAgo, longAgo);
    const waits: string[] = [];
    const release = await lockPgliteDir(dir, { staleMs: STALE_MS, onWait: (m) => waits.push(m) });
    expect(waits).toEqual([]);
    await release();
  });

  it('waits for a holder that dies while it waits, then takes over', async () => {
    const dir = dataDir();
    mkdirSync(`${dir}.lock`, { recursive: true });
    const waits: string[] = [];
    // Freshly refreshed, then never again: the holder died just now.
    const release = await lockPgliteDir(dir, { staleMs: STALE_MS, onWait: (m) => waits.push(m) });
    expect(waits).toHaveLength(1);
    await release();
  }, 15_000);
});
