/**
 * Validation at the edges (card files, scenarios, adapter messages): once, with JSON Schema (jsonschema), and
 * errors that name the file, the JSON path and what was expected. The engine's inner loop never sees raw JSON.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Validator, type Schema } from 'jsonschema';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A user-facing input error: `file: $.path: message`. The CLI prints it on one line and exits non-zero. */
export class InputError extends Error {
  constructor(readonly file: string, readonly path: string, readonly detail: string) {
    super(`${file}: ${path}: ${detail}`);
  }
}

const schemas = new Map<string, Schema>();

export function loadSchema(name: string): Schema {
  let s = schemas.get(name);
  if (!s) {
    s = JSON.parse(readFileSync(join(ROOT, 'spec', 'schema', name), 'utf8')) as Schema;
    schemas.set(name, s);
  }
  return s;
}

function jsonPath(path: (string | number)[]): string {
  return '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join('');
}

/** Validate `data` against a schema; throw an InputError naming the deepest, most specific failure. */
export function validate(file: string, data: unknown, schemaName: string): void {
  const v = new Validator();
  const res = v.validate(data, loadSchema(schemaName), { nestedErrors: true });
  if (res.valid) return;
  // Prefer the deepest error: with oneOf, the branch that got furthest says most about what was meant.
  const errs = [...res.errors].sort((a, b) => b.path.length - a.path.length || (a.name === 'oneOf' ? 1 : 0) - (b.name === 'oneOf' ? 1 : 0));
  const e = errs[0]!;
  const detail = e.name === 'additionalProperties' ? `unexpected property "${String(e.argument)}"` : `${e.message}${e.schema && typeof e.schema === 'object' && 'description' in e.schema && e.schema.description ? ` (expected: ${String(e.schema.description)})` : ''}`;
  throw new InputError(file, jsonPath(e.path), detail);
}

/** Read and parse a JSON file, with a clear error for unreadable files and syntax errors. */
export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(file, '$', `cannot read file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec(String((e as Error).message));
    const pos = m ? Number(m[1]) : -1;
    const line = pos >= 0 ? text.slice(0, pos).split('\n').length : 0;
    throw new InputError(file, '$', `not valid JSON${line ? ` (line ${line})` : ''}: ${(e as Error).message}`);
  }
}
