import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDirectoryInto, copyDirectoryIntoOffThread } from './copy-tree.js';

function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'copy-tree-'));
  mkdirSync(path.join(root, 'base', '5'), { recursive: true });
  writeFileSync(path.join(root, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(root, 'base', '5', '1259'), Buffer.alloc(64 * 1024, 7));
  return root;
}

// The built module, whose worker script sits beside it (the sources have none, and copy on the main thread).
const built = path.resolve(import.meta.dirname, '../../dist/db/copy-tree.js');

describe('copying a data directory', () => {
  it('copies the whole tree into a place that did not exist, its parents made', () => {
    const from = tree();
    const to = path.join(mkdtempSync(path.join(tmpdir(), 'copy-to-')), 'store', 'pglite');
    expect(copyDirectoryInto(from, to)).toBe(true);
    expect(readFileSync(path.join(to, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(to, 'base', '5', '1259')).equals(Buffer.alloc(64 * 1024, 7))).toBe(true);
    expect(readdirSync(path.dirname(to))).toEqual(['pglite']);
  });

  it('leaves nothing behind when the copy fails', () => {
    const to = path.join(mkdtempSync(path.join(tmpdir(), 'copy-to-')), 'pglite');
    expect(copyDirectoryInto(path.join(tmpdir(), 'no-such-template-dir'), to)).toBe(false);
    expect(readdirSync(path.dirname(to))).toEqual([]);
  });

  it.runIf(existsSync(built))('copies on a worker thread in the build, with the same result', async () => {
    const { copyDirectoryIntoOffThread: offThread } = (await import(built)) as {
      copyDirectoryIntoOffThread: typeof copyDirectoryIntoOffThread;
    };
    const from = tree();
    const to = path.join(mkdtempSync(path.join(tmpdir(), 'copy-to-')), 'pglite');
    expect(await offThread(from, to)).toBe(true);
    expect(readFileSync(path.join(to, 'base', '5', '1259')).equals(Buffer.alloc(64 * 1024, 7))).toBe(true);
    const missing = path.join(mkdtempSync(path.join(tmpdir(), 'copy-to-')), 'pglite');
    expect(await offThread(path.join(tmpdir(), 'no-such-template-dir'), missing)).toBe(false);
    expect(readdirSync(path.dirname(missing))).toEqual([]);
  });

  it('copies on the main thread where there is no built worker (the sources)', async () => {
    const from = tree();
    const to = path.join(mkdtempSync(path.join(tmpdir(), 'copy-to-')), 'pglite');
    expect(await copyDirectoryIntoOffThread(from, to)).toBe(true);
    expect(readFileSync(path.join(to, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
