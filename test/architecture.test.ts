/**
 * The layering rules on the TypeScript sources, type-only imports included (dependency-cruiser checks the runtime
 * imports and cycles on dist/ in `npm run deps`): the engine imports nothing from the tools around it, the kernel
 * nothing from the effects layer, properties nothing from golden; one zone mover.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import { ROOT } from '../engine/validation.js';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every relative import of a file, as a path from the repository root. */
function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)]
    .map((m) => relative(ROOT, resolve(ROOT, dirname(file), m[1] ?? m[2]!)));
}

function breaches(dirs: string[], forbidden: RegExp): string[] {
  return dirs.flatMap(sources).flatMap((f) => imports(f).filter((i) => forbidden.test(i)).map((i) => `${f} imports ${i}`));
}

describe('layers', () => {
  it('engine/ imports nothing from properties, golden, differential, reports, powerlog, cli, repro, adapters', () => {
    expect(breaches(['engine'], /^(properties|golden|differential|reports|powerlog|cli|repro|adapters)\//)).toEqual([]);
  });
  it('engine/kernel/ imports nothing from engine/effects/', () => {
    expect(breaches(['engine/kernel'], /^engine\/effects\//)).toEqual([]);
  });
  it('properties/ imports nothing from golden/', () => {
    expect(breaches(['properties'], /^golden\//)).toEqual([]);
  });
  it('only the zone mover writes an entity\'s zone (one per kernel: Hearthstone and Host)', () => {
    const movers = [join('engine', 'kernel', 'zones.ts'), join('engine', 'host', 'zones.ts')];
    const writes = sources('engine').filter((f) => !movers.includes(f) && /\.zone = /.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(writes).toEqual([]);
  });
  it('the import scanner sees imports (it would catch a breach)', () => {
    expect(imports(join('engine', 'kernel', 'queue.ts'))).toContain(join('engine', 'kernel', 'zones.js'));
  });
});
