/** What `npm pack` ships: the CLI, the compiled library with its types, the data it reads; no tests or fixtures. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { run } from './run-cli.js';

describe('the npm package', () => {
  it('ships bin, dist (library entry and types), cards, schemas, golden cases, the demo baseline; no tests or fixtures', async () => {
    // --ignore-scripts: dist/ is already built by the test set-up (prepack would rebuild it under running tests)
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = await run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    expect(r.code, r.err).toBe(0);
    const files = (JSON.parse(r.out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const f of ['bin/arbiter.mjs', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/cli/main.js', 'spec/cards/cult-master.json', 'spec/cards/cases/CS2_226.json', 'spec/schema/scenario.schema.json', 'spec/rules.json', 'golden/cases/cult-master-simultaneous-death.json', 'adapters/demo/expectations.json', 'adapters/python/arbiter_adapter.py', 'adapters/python/arbiter_build.py', 'adapters/python/pyproject.toml', 'adapters/python/examples/toy_adapter.py', 'README.md']) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => /\.test\.|(^|\/)fixtures\/|^test\/|^\.ci\/|^bench\/|(^|\/)node_modules\//.test(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['.'].import).toBe('./dist/lib/index.js');
    expect(files).toContain(pkg.exports['.'].types.replace('./', ''));
  }, 60_000);
});
