// Golden verify of given cases on several patched copies of the package, in this one process (test/support/
// external-mutants.ts judgeKillersInBatches): each copy's compiled modules are imported from its own folder, so each
// is a module graph of its own, and V8 compiles the files they share once. Input: a JSON file of [{ dir, ids }].
// Output: one JSON line per copy, { dir, failed: [case ids] } or { dir, error }, as `arbiter golden verify <ids>`
// judges them (a fail, an error or an unexpected pass fails it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const { dir, ids } of jobs) {
  try {
    const url = (f) => pathToFileURL(join(dir, 'dist', f)).href;
    const { loadCardPool } = await import(url('engine/cards/pool.js'));
    const { verifyAll } = await import(url('golden/suite.js'));
    const failed = verifyAll(loadCardPool(), { ids }).filter((r) => r.status === 'fail' || r.status === 'error' || r.status === 'unexpected-pass').map((r) => r.id);
    process.stdout.write(JSON.stringify({ dir, failed }) + '\n');
  } catch (e) {
    process.stdout.write(JSON.stringify({ dir, error: String(e?.message ?? e) }) + '\n');
  }
}
