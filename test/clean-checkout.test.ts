/**
 * `npm test` leaves the checkout as it found it: vitest's global teardown (test/support/build-dist.ts) compares
 * `git status --porcelain --ignored` before and after the run and fails it on any new file, ignored by git or not.
 * Here the comparison itself, on a throwaway git repository.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { leftovers, newLeftovers } from './support/build-dist.js';
import { tempDirs } from './support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const hasGit = spawnSync('git', ['--version']).status === 0;

describe.skipIf(!hasGit)('the clean-checkout check', () => {
  it('names every file a run added (untracked or ignored), but not what was there before nor node_modules/dist', () => {
    const repo = tempDir('arbiter-clean-');
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, stdio: 'ignore' });
    git('init', '-q');
    writeFileSync(join(repo, '.gitignore'), 'arbiter-report/\ndist/\n');
    writeFileSync(join(repo, 'kept.txt'), 'x');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'start');
    writeFileSync(join(repo, 'before.tmp'), 'there before the run');
    const before = leftovers(repo);
    expect(before).toEqual(new Set(['before.tmp']));
    mkdirSync(join(repo, 'arbiter-report', 't-1'), { recursive: true });
    writeFileSync(join(repo, 'arbiter-report', 't-1', 'results.jsonl'), '');
    writeFileSync(join(repo, 'stray.png'), '');
    mkdirSync(join(repo, 'dist'));
    writeFileSync(join(repo, 'dist', 'x.js'), '');
    writeFileSync(join(repo, 'kept.txt'), 'changed'); // a tracked file changed: not a leftover file
    expect(newLeftovers(before, leftovers(repo))).toEqual(['arbiter-report/t-1/results.jsonl', 'stray.png']);
    expect(newLeftovers(before, null)).toEqual([]);
  });

  it('outside a git checkout (an installed package) there is nothing to compare', () => {
    expect(leftovers(tempDir('arbiter-nogit-'))).toBeNull();
  });
});
