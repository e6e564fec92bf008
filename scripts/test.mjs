#!/usr/bin/env node
// `npm test`: build dist/ (the CLI tests run it, and the layer check reads it), then vitest, with the two checks
// running beside it: the type check of every source and test (`tsc --noEmit -p .`) and the layer check
// (`npm run deps:check`: dependency-cruiser on dist/). The suite is bound by CPU but leaves a few percent of the two
// cores idle (files waiting on child processes): the checks fit there instead of running before the first test.
// Vitest's output streams as it runs; each check's output is printed whole once everything has ended. The exit code is
// the first failure's (the build, vitest, then the checks in order), 0 when all pass. Arguments go to vitest
// (`npm test -- engine/` runs only the files under engine/; the checks still run whole).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A file of an installed package (some packages, dependency-cruiser among them, export no package.json to resolve). */
const bin = (pkg, path) => join(root, 'node_modules', pkg, path);

// None of these processes makes a TLS connection: they start without NODE_EXTRA_CA_CERTS, which makes each Node start
// read and parse that certificate file where a machine sets it (test/support/build-dist.ts does the same for the
// processes the tests start).
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
// dist/ is built here, before vitest: its global set-up (test/support/build-dist.ts) must not build it again, which
// would replace dist/ under the layer check reading it.
env.ARBITER_DIST_FRESH = '1';

/**
 * The children running now, each the leader of its own process group: a signal that stops this script (a CI timeout,
 * Ctrl-C) is passed on to each group whole, so vitest's workers and the processes the tests started stop too.
 */
const running = new Set();
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    for (const c of running) {
      try { process.kill(-c.pid, sig); } catch { /* the group has ended already */ }
    }
    process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
  });
}

/** Run a Node script; its output is kept (printed later) unless `show`, when it streams. */
function node(name, args, show = false) {
  return run(name, process.execPath, args, show);
}

/** Run npm itself (this script started without npm). */
function npmCommand(name, args) {
  return run(name, 'npm', args, false);
}

function run(name, command, args, show) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', show ? 'inherit' : 'pipe', show ? 'inherit' : 'pipe'], env, detached: true });
    running.add(child);
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('error', (e) => resolve({ name, code: 1, text: `${e.message}\n` }));
    child.on('close', (code, signal) => { running.delete(child); resolve({ name, code: code ?? (signal ? 1 : 0), text: Buffer.concat(out).toString() }); });
  });
}

const build = await node('build', [join(root, 'scripts', 'build.mjs')], true);
if (build.code) process.exit(build.code);

const checks = [
  node('tsc --noEmit -p .', [bin('typescript', join('bin', 'tsc')), '--noEmit', '-p', root]),
  // Through npm, as a user runs it (npm_execpath is npm's own script when npm runs this one): the command is the
  // package's `deps:check` script, written once.
  process.env.npm_execpath
    ? node('npm run deps:check', [process.env.npm_execpath, 'run', '--silent', 'deps:check'])
    : npmCommand('npm run deps:check', ['run', '--silent', 'deps:check']),
];
const tests = await node('vitest', [bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], true);
let code = tests.code;
for (const r of await Promise.all(checks)) {
  process.stdout.write(`> ${r.name}${r.code ? ` (exit ${r.code})` : ''}\n${r.text}`);
  if (r.code && !code) code = r.code;
}
process.exit(code);
