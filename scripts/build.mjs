#!/usr/bin/env node
// Compile the sources into dist/ (what bin/arbiter.mjs runs). The build goes to a fresh folder that then replaces
// dist/ whole: no file of a removed source stays behind, and a process starting meanwhile finds a complete tree.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fresh = join(root, `dist.build-${process.pid}`);
const old = join(root, `dist.old-${process.pid}`);
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
rmSync(fresh, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', fresh], { cwd: root, stdio: 'inherit' });
} catch {
  rmSync(fresh, { recursive: true, force: true });
  process.exit(1);
}
// The built-in cards in one file (engine/cards/pool.ts CARD_BUNDLE), read through the compiled loader.
try {
  const { writeCardBundle } = await import(pathToFileURL(join(fresh, 'engine', 'cards', 'pool.js')).href);
  writeCardBundle(join(fresh, 'cards.bundle.json'));
} catch (e) {
  process.stderr.write(`build: ${e.message}\n`);
  rmSync(fresh, { recursive: true, force: true });
  process.exit(1);
}
const dist = join(root, 'dist');
if (existsSync(dist)) renameSync(dist, old);
renameSync(fresh, dist);
rmSync(old, { recursive: true, force: true });
