/**
 * No tracked file names an absolute path of some machine (a home folder, a workspace, a temporary file of one run):
 * the repository must work from any clone. Paths every machine has (/usr/bin, /dev/null, /proc) are fine.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';

/** Absolute paths that only exist on one machine: home folders, workspaces, mounted and per-run temporary folders. */
const MACHINE_PATH = /(?<![\w.$}-])(?:\/(?:home|Users)\/[A-Za-z0-9._-]+|\/root\/|\/(?:work|mnt|opt|srv|workspace|workspaces)\/[A-Za-z0-9._-]|\/var\/folders\/|\/private\/var\/|\/tmp\/(?:tmp\.|arbiter-|vitest|pytest|[A-Za-z0-9_-]+\.[A-Za-z0-9]+\b)|[A-Za-z]:\\{1,2}(?:Users|Documents and Settings)\\)/;

/** Each line of `text` that names a machine path, as "line N: the path". */
export function machinePaths(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((l, i) => {
    const m = MACHINE_PATH.exec(l);
    if (m) out.push(`line ${i + 1}: ${l.slice(m.index, m.index + 60).trim()}`);
  });
  return out;
}

function tracked(): string[] | null {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }).split('\0').filter(Boolean);
  } catch {
    return null; // not a git checkout (an installed package)
  }
}

describe('machine paths', () => {
  it('the detector finds home, workspace and per-run temporary paths, and leaves paths every machine has', () => {
    // The examples are put together from their parts, so this file names no machine path itself.
    const at = (...parts: string[]) => parts.join('/');
    const win = (...parts: string[]) => parts.join('\\');
    for (const bad of [`see ${at('', 'home', 'alice', 'src', 'arbiter')}`, `cd ${at('', 'Users', 'Bob', 'arbiter')}`, `at ${at('', 'work', 'main', 'node_modules', 'x.js')}:1`,
      `file://${at('', 'root', '.cache', 'x')}`, win('C:', 'Users', 'carol', 'arbiter'), win('C:', '', 'Users', '', 'carol'), `in ${at('', 'tmp', 'tmp.siYoY7rr4j', 'r', '')}`,
      `report: ${at('', 'tmp', 'arbiter-html-x1', 'report.html')}`, at('', 'var', 'folders', 'xy', 'T', 'arbiter'), at('', 'mnt', 'data', 'logs'), at('', 'tmp', 'report.png')]) {
      expect(machinePaths(bad), bad).toHaveLength(1);
    }
    for (const good of [at('', 'usr', 'bin', 'chromium'), `2>${at('', 'dev', 'null')}`, at('', 'proc', 'self'), `a ${at('', 'tmp', '')} line of .gitignore`,
      `"\${TMPDIR:-${at('', 'tmp')}}${at('', 'arbiter-x.log')}"`, at('src', 'home', 'x'), at('https:', '', 'github.com', 'HearthSim', 'python-hsreplay'),
      'join(tmpdir(), "arbiter-")', '../shared/data/power-logs', 'node_modules/cardgame-arbiter/adapters/python']) {
      expect(machinePaths(good), good).toEqual([]);
    }
  });

  it.skipIf(tracked() === null)('no tracked file names one', () => {
    const found: string[] = [];
    for (const f of tracked()!) {
      let text: string;
      try {
        const buf = readFileSync(join(ROOT, f));
        if (buf.includes(0)) continue; // binary
        text = buf.toString('utf8');
      } catch {
        continue; // deleted in the work tree
      }
      for (const hit of machinePaths(text)) found.push(`${f} ${hit}`);
    }
    expect(found).toEqual([]);
  });
});
