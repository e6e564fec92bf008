/**
 * Scenario file arguments: files, or folders searched recursively for *.json, in a stable order. A path that does not
 * exist is kept as a file, so the loader reports it like any unreadable file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/validation.js';

export function scenarioFiles(args: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  for (const a of args) {
    if (existsSync(a) && statSync(a).isDirectory()) {
      const before = out.length;
      walk(a);
      if (out.length === before) throw new InputError(a, '$', 'the folder holds no scenario files (*.json)');
    } else out.push(a);
  }
  return out;
}
