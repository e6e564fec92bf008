/**
 * The folder written files go to (`arbiter run`'s report folder, `fuzz --out`, `repro --out`): checked before any
 * work, with one usage error for each wrong kind of path (a system folder, a file, a path under a file), and made one
 * level at a time. Node's `mkdirSync(dir, { recursive: true })` is not used: where the kernel answers ENOENT for a
 * child of a folder that exists (procfs, e.g. /proc/x), its walk makes the parent (EEXIST), tries the child again
 * (ENOENT) and never ends. Here each missing level is one `mkdir`, so a failing write is one error, never a loop.
 */
import { accessSync, constants, lstatSync, mkdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '../engine/validation.js';

/** Folders of the system (procfs, sysfs, devices) and the root itself: never a place for written files. */
const SYSTEM = /^\/(proc|sys|dev)(\/|$)|^\/$/;

const code = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

function statOf(p: string): Stats | null {
  try {
    return statSync(p);
  } catch (e) {
    // Not there (ENOTDIR: a part of the path is a file, which the walk up then finds).
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

/**
 * Can `dir` be made (or used) as the folder for written files? A usage error (exit 2) when it is a system folder, a
 * file, under a file, a link to nothing, or under a folder this process cannot write in. Makes nothing.
 */
export function checkOutDir(dir: string, flag = '--out'): void {
  const abs = resolve(dir);
  if (SYSTEM.test(abs)) throw new InputError(flag, '$', `${dir} is a system folder, not a place for written files`);
  // The nearest part of the path that exists: the folder itself, or the folder it would be made in.
  let at = abs;
  for (;;) {
    let s: Stats | null;
    try {
      s = statOf(at);
    } catch (e) {
      throw new InputError(flag, '$', `cannot use ${dir} as a folder (${code(e)} at ${at})`);
    }
    if (s) {
      if (!s.isDirectory()) throw new InputError(flag, '$', at === abs ? `${dir} is a file, not a folder (give a folder for the written files)` : `${dir} cannot be made: ${at} is a file, not a folder`);
      break;
    }
    let link = false;
    try { link = lstatSync(at).isSymbolicLink(); } catch { /* not there at all */ }
    if (link) throw new InputError(flag, '$', `${dir} cannot be made: ${at} is a link to a folder that does not exist`);
    const up = dirname(at);
    if (up === at) throw new InputError(flag, '$', `${dir} cannot be made: no part of the path exists`);
    at = up;
  }
  // A link into a system folder is one too.
  let real = at;
  try { real = realpathSync(at); } catch { /* what cannot be resolved is judged as named */ }
  if (SYSTEM.test(real)) throw new InputError(flag, '$', `${dir} is in a system folder (${at} is ${real}), not a place for written files`);
  try {
    accessSync(at, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new InputError(flag, '$', `${dir} cannot be written: ${at} is not writable (${code(e)})`);
  }
}

/** Make `dir` (checked first), one missing level at a time; a usage error naming the level that could not be made. */
export function makeOutDir(dir: string, flag = '--out'): void {
  checkOutDir(dir, flag);
  const missing: string[] = [];
  try {
    for (let at = resolve(dir); !statOf(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  } catch (e) {
    throw new InputError(flag, '$', `cannot use ${dir} as a folder (${code(e)})`);
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statOf(level)?.isDirectory()) continue; // made meanwhile
      throw new InputError(flag, '$', `cannot make the folder ${level} (${code(e)})`);
    }
  }
}

/**
 * Files that could not be written once the work was done (the folder was checked before it: it changed meanwhile, or
 * the disk is full): each is printed through `out` as it would have been written (a JSON file each), so nothing found
 * is lost, and the error to throw says so.
 */
export function unwritten(out: (text: string) => void, dir: string, e: unknown, files: readonly { name: string; data: unknown }[], flag = '--out'): InputError {
  out(files.map((f) => `not written, ${f.name}:\n${JSON.stringify(f.data, null, 2)}\n`).join(''));
  const why = e instanceof InputError ? e.detail : code(e);
  return new InputError(flag, '$', `the finding could not be written to ${dir} (${why}); it is printed above`);
}
