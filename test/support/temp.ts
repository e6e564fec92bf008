/**
 * Temporary folders for a test file: each under the OS temp folder, all removed when the file's tests are done
 * (afterAll of the file that calls `tempDirs`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A maker of fresh folders named `<prefix>XXXXXX`; every folder it made is removed after the file's tests. */
export function tempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });
  return (prefix) => { const d = mkdtempSync(join(tmpdir(), prefix)); made.push(d); return d; };
}
