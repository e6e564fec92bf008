#!/usr/bin/env node
// The checks `npm test` makes before vitest, side by side (each mostly waits on one core): the type check of every
// source and test (`tsc --noEmit -p .`) and the layer check (`npm run deps`, which builds dist/ first). Each one's
// output is printed once it ends, whole; the exit code is the first failure's, 0 when both pass.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const npm = process.env.npm_execpath;
const checks = [
  { name: 'tsc --noEmit -p .', command: process.execPath, args: [tsc, '--noEmit', '-p', root] },
  // Through npm, as a user runs it (npm_execpath is npm's own script when npm runs this one).
  npm ? { name: 'npm run deps', command: process.execPath, args: [npm, 'run', '--silent', 'deps'] } : { name: 'npm run deps', command: 'npm', args: ['run', '--silent', 'deps'] },
];

// Neither check makes a TLS connection: their Node processes start without NODE_EXTRA_CA_CERTS, which makes each
// Node start read and parse that certificate file where a machine sets it (test/support/build-dist.ts does the same).
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (e) => resolve({ name, code: 1, text: `${e.message}\n` }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, text: Buffer.concat(out).toString() }));
  });
}

const results = await Promise.all(checks.map(run));
let code = 0;
for (const r of results) {
  process.stdout.write(`> ${r.name}${r.code ? ` (exit ${r.code})` : ''}\n${r.text}`);
  if (r.code && !code) code = r.code;
}
process.exit(code);
