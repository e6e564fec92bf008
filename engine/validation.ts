/**
 * Validation at the edges (card files, scenarios, adapter messages): once, with JSON Schema (jsonschema), and
 * errors that name the file, the JSON path and what was expected. The engine's inner loop never sees raw JSON.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import type { Schema, Validator as JsonSchemaValidator } from 'jsonschema';
import { schemaCheck } from './schema-check.js';

/** The package root (the folder of package.json): the same from the TypeScript sources and from the compiled dist/. */
export const ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return join(from, '..');
  }
}

/** A user-facing input error: `file: $.path: message`. The CLI prints it on one line and exits non-zero. */
/** A file as results and reports name it: relative to the project for the project's own files (no machine's path in a
 * result), as given otherwise. */
export function projectPath(file: string): string {
  const rel = isAbsolute(file) ? relative(ROOT, file) : file;
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split('\\').join('/');
}

export class InputError extends Error {
  constructor(readonly file: string, readonly path: string, readonly detail: string) {
    // A command-line option's value has no JSON path: "--runs: expected ...", not "--runs: $: expected ...".
    super(file.startsWith('--') && path === '$' ? `${file}: ${detail}` : `${file}: ${path}: ${detail}`);
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

type SchemaError = { name: string; path: (string | number)[]; argument: unknown; instance: unknown; schema: unknown };

const samePath = (a: SchemaError, b: SchemaError) => a.path.length === b.path.length && a.path.every((p, i) => p === b.path[i]);

/** ` (expected: <the schema's description>)`, or nothing for a schema without one. */
function expected(schema: unknown): string {
  return schema && typeof schema === 'object' && 'description' in schema ? ` (expected: ${String(schema.description)})` : '';
}

function typeName(t: string): string {
  return `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`;
}

function valueType(v: unknown): string {
  return v === null ? 'null' : typeName(Array.isArray(v) ? 'array' : typeof v);
}

/**
 * A value whose JSON type fits no branch of a oneOf/anyOf (a number where a card name or a card object goes): say what
 * it is and every type the branches take, with the description of the alternative as a whole, instead of the first
 * branch's type error alone ("is not of a type(s) string"). Null when the value fails the branches otherwise.
 */
function typeOfNoBranch(all: readonly SchemaError[], pool: readonly SchemaError[], first: SchemaError): string | null {
  const here = pool.filter((e) => samePath(e, first));
  if (here.length === 0 || here.some((e) => e.name !== 'type')) return null;
  const alternative = all.find((e) => (e.name === 'oneOf' || e.name === 'anyOf') && samePath(e, first));
  if (!alternative) return null;
  const types = [...new Set(here.flatMap((e) => (Array.isArray(e.argument) ? e.argument.map(String) : [String(e.argument)])))];
  const desc = expected(alternative.schema);
  return `is ${valueType(first.instance)}, not ${types.map(typeName).join(' or ')}${desc}`;
}

/** Validate `data` against a schema; throw an InputError naming the deepest, most specific failure. */
export function validate(file: string, data: unknown, schemaName: string): void {
  const schema = loadSchema(schemaName);
  // The compiled check says quickly that valid data is valid; jsonschema finds and words what is wrong.
  if (schemaCheck(schema as object)?.(data)) return;
  // jsonschema is loaded only here, for invalid data (a command that reads only valid input never loads it).
  const { Validator } = createRequire(import.meta.url)('jsonschema') as { Validator: typeof JsonSchemaValidator };
  const v = new Validator();
  const res = v.validate(data, schema, { nestedErrors: true });
  if (res.valid) return;
  // Prefer the deepest errors; among the branches of a oneOf, the branch whose required keys the data has
  // (the branch that was meant), and say everything that branch found wrong.
  const depth = Math.max(...res.errors.map((e) => e.path.length));
  const deepest = res.errors.filter((e) => e.path.length === depth && e.name !== 'oneOf');
  const pool = deepest.length ? deepest : res.errors;
  const groups = new Map<unknown, typeof pool>();
  for (const e of pool) groups.set(e.schema, [...(groups.get(e.schema) ?? []), e]);
  const score = (schema: unknown, inst: unknown) => {
    const req = (schema && typeof schema === 'object' && 'required' in schema ? (schema as { required: string[] }).required : []) ?? [];
    return inst && typeof inst === 'object' ? req.filter((k) => k in (inst as object)).length : 0;
  };
  const best = [...groups.entries()].sort((a, b) => score(b[0], b[1][0]!.instance) - score(a[0], a[1][0]!.instance))[0]![1];
  const first = best[0]!;
  const noBranch = typeOfNoBranch(res.errors, pool, first);
  if (noBranch) throw new InputError(file, jsonPath(first.path), noBranch);
  const say = (e: (typeof best)[number]) => (e.name === 'additionalProperties' ? `unexpected property "${String(e.argument)}"` : e.message);
  const described = expected(first.schema);
  const detail = [...new Set(best.map(say))].join('; ') + described;
  throw new InputError(file, jsonPath(first.path), detail);
}

/** The largest input JSON file Arbiter reads (scenarios, cards, baselines, run files): 16 MiB. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The JSON path of the first object key that could reach an object's prototype, or null. */
function prototypeKey(v: unknown, path: string): string | null {
  const at = prototypeKeyPath(v, 0);
  return at === null ? null : path + at.reverse().join('');
}

/**
 * How deep the arrays and objects of an input file may nest. Arbiter's own formats nest a dozen levels at most; a
 * document nested thousands deep would overflow the stack of the checks that walk it.
 */
export const MAX_INPUT_DEPTH = 100;

/** Thrown by prototypeKeyPath past MAX_INPUT_DEPTH (readJson words it). */
class TooDeep extends Error {}

/** The steps (innermost first) to the first such key, or null: a path is written only for a key found. */
function prototypeKeyPath(v: unknown, depth: number): string[] | null {
  if (!v || typeof v !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) throw new TooDeep();
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = prototypeKeyPath(v[i], depth + 1);
      if (p) { p.push(`[${i}]`); return p; }
    }
  } else {
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) return [`.${k}`];
      const p = prototypeKeyPath((v as Record<string, unknown>)[k], depth + 1);
      if (p) { p.push(`.${k}`); return p; }
    }
  }
  return null;
}

/**
 * A file's size, or an InputError when it is not a regular file: a FIFO or a device would block a read (or never end),
 * a folder is no file.
 */
export function regularFileSize(file: string): number {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(file);
  } catch (e) {
    throw new InputError(file, '$', `cannot read file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (st.isDirectory()) throw new InputError(file, '$', 'is a folder, not a file');
  if (!st.isFile()) throw new InputError(file, '$', 'not a regular file (a FIFO, socket or device): expected a file');
  return st.size;
}

/** A regular file's text (regularFileSize refuses anything else, so no read blocks). */
export function readRegularFile(file: string): string {
  regularFileSize(file);
  return readFileSync(file, 'utf8');
}

/** Strict UTF-8; a leading byte order mark is dropped (the decoder's default). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The names of a folder's JSON files (`*.json`), sorted: the card, case and scenario folders read in one order. */
export function jsonFilesIn(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
}

/** A file's bytes as text, or an InputError when they are not UTF-8 (a binary file), without echoing them. */
function jsonText(file: string, bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new InputError(file, '$', 'the file is not UTF-8 JSON text (it holds bytes that are not UTF-8: a binary file?)');
  }
}

/**
 * Why a text that JSON.parse refused is no JSON document at all (empty, or holding control characters: a binary
 * file?), or nothing. Looked for only once parsing failed: JSON.parse refuses both, and a good file is not scanned.
 */
function notJsonText(file: string, text: string, bytes: number): InputError | null {
  if (text.trim() === '') return new InputError(file, '$', `the file is empty${text.length ? ' (only white space)' : bytes ? ' (only a byte order mark)' : ''}: expected a JSON document`);
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.exec(text);
  if (!control) return null;
  const line = text.slice(0, control.index).split('\n').length;
  return new InputError(file, '$', `the file is not JSON text (line ${line} holds control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}: a binary file?)`);
}

/**
 * Read and parse a JSON file, with a clear error for unreadable, oversized and invalid files. A UTF-8 byte order
 * mark is allowed; keys that name an object's prototype (`__proto__`, `constructor`, `prototype`) are not.
 */
export function readJson(file: string, maxBytes = MAX_INPUT_BYTES): unknown {
  let text: string;
  let size: number;
  try {
    size = regularFileSize(file);
    if (size > maxBytes) throw new InputError(file, '$', `the file has ${size} bytes, more than the ${maxBytes} an input file may have`);
    text = jsonText(file, readFileSync(file));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(file, '$', `cannot read file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const why = notJsonText(file, text, size);
    if (why) throw why;
    const m = /position (\d+)/.exec(String((e as Error).message));
    const pos = m ? Number(m[1]) : -1;
    const line = pos >= 0 ? text.slice(0, pos).split('\n').length : 0;
    throw new InputError(file, '$', `not valid JSON${line ? ` (line ${line})` : ''}: ${(e as Error).message}`);
  }
  let bad: string | null;
  try {
    bad = prototypeKey(data, '$');
  } catch (e) {
    if (e instanceof TooDeep) throw new InputError(file, '$', `arrays and objects nest more than ${MAX_INPUT_DEPTH} levels deep: not a file Arbiter writes or reads`);
    throw e;
  }
  if (bad) throw new InputError(file, bad, 'this key is not allowed (it names an object prototype)');
  return data;
}

/** File-system errors that the machine causes, not Arbiter (a full disk, a read-only folder): said in words, with the file (exit 2). */
export const MACHINE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on the device', EDQUOT: 'the disk quota is used up', EROFS: 'the file system is read-only',
  EACCES: 'no permission', EPERM: 'no permission', EIO: 'an input/output error of the device',
};
