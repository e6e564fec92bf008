/**
 * Report folder safety: every report file is written under a temporary name and renamed into place (a kill leaves
 * the old file or the new one, never a torn one), and a lock file keeps two runs from writing one folder at once.
 */
import { closeSync, existsSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { InputError, MACHINE_ERRORS } from '../engine/validation.js';
import { makeOutDir } from '../properties/out-dir.js';

/** Wall time of each case's run, `{"case":..., "ms":...}` per line: kept apart from results.jsonl, which stays the
 * same bytes for the same run, and read by junit.xml's `time` attributes. */
export const TIMINGS_FILE = 'timings.jsonl';

/** The files and folders a run writes in its report folder. */
const REPORT_FILES = ['results.jsonl', TIMINGS_FILE, 'run.json', 'summary.md', 'summary-short.md', 'junit.xml', 'report.html', 'traces'];

/** The timings of a report folder (case -> milliseconds; the last line of a case wins; torn or bad lines skipped). */
export function readTimings(dir: string): Map<string, number> {
  const m = new Map<string, number>();
  const f = join(dir, TIMINGS_FILE);
  if (!existsSync(f)) return m;
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    try {
      const t = JSON.parse(line) as { case?: unknown; ms?: unknown };
      if (typeof t.case === 'string' && typeof t.ms === 'number' && Number.isFinite(t.ms) && t.ms >= 0) m.set(t.case, t.ms);
    } catch { /* a line cut by a kill */ }
  }
  return m;
}

export function writeFileAtomic(file: string, data: string): void {
  const tmp = join(dirname(file), `.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (e) {
    // A disk that is full or read-only: no half-written temporary file is left, and the message names the file.
    try { rmSync(tmp, { force: true }); } catch { /* nothing to remove */ }
    const code = (e as NodeJS.ErrnoException).code;
    if (code && MACHINE_ERRORS[code]) throw new InputError(file, '$', `cannot write it: ${MACHINE_ERRORS[code]} (${code})`);
    throw e;
  }
}

export const LOCK_FILE = '.arbiter.lock';

interface LockInfo { pid: number; host: string; started: string }

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the folder's lock (the pid and host of the holder, in LOCK_FILE), or fail with a usage error naming the
 * holder. A lock left by a process of this host that is gone is taken over, with a notice on stderr.
 * Returns the function that releases it (also run when the process exits).
 */
export function lockOutDir(dir: string, flag = '--out'): () => void {
  // The folder is checked (a system folder, a link into one, a file) and made one level at a time (properties/out-dir.ts).
  makeOutDir(dir, flag);
  // The files Arbiter writes there are its own: a symbolic link in their place would have them written elsewhere.
  for (const name of REPORT_FILES) {
    const at = join(dir, name);
    let link = false;
    try { link = lstatSync(at).isSymbolicLink(); } catch { /* not there */ }
    if (link) throw new InputError(flag, '$', `${at} is a symbolic link: the report files in ${dir} are written by arbiter itself (remove the link, or use another ${flag})`);
  }
  const file = join(dir, LOCK_FILE);
  const me: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me) + '\n');
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          const held = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
          if (held.pid === me.pid && held.host === me.host) rmSync(file, { force: true });
        } catch { /* gone already */ }
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError(flag, '$', `cannot lock ${dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    let held: LockInfo | null = null;
    try { held = JSON.parse(readFileSync(file, 'utf8')) as LockInfo; } catch { held = null; }
    const stale = !held || typeof held.pid !== 'number' || (held.host === me.host && !alive(held.pid));
    if (!stale) throw new InputError(flag, '$', `${dir} is in use by another arbiter run (pid ${held!.pid} on ${held!.host}, since ${held!.started}; lock file ${file}). Wait for it, or use another --out`);
    process.stderr.write(`arbiter: notice: taking over the lock of ${dir} left by ${held ? `pid ${held.pid} on ${held.host}, which is no longer running` : 'an unreadable lock file'}\n`);
    rmSync(file, { force: true });
  }
  throw new InputError(flag, '$', `cannot lock ${dir}: another run took it at the same moment`);
}

/**
 * A trace file a result names (`traces/<case>.reference.jsonl`), read only when the path stays inside the report
 * folder under traces/; anything else (an absolute path, `../`) is ignored, as is a file that does not parse.
 */
export function readReportTrace<T>(dir: string, rel: string | undefined): T[] | null {
  if (!rel || typeof rel !== 'string') return null;
  const base = resolve(dir, 'traces');
  const file = resolve(dir, rel);
  if (!file.startsWith(base + sep) || !existsSync(file)) return null;
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);
  } catch {
    return null;
  }
}
