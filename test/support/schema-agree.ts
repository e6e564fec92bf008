/**
 * Shared by the schema-check agreement tests: `agree` (the compiled check and jsonschema give the same verdict),
 * `fastValid` (the compiled check alone), `coveringSample` (the documents that show every shape the others show) and
 * `broken` (a document broken at one place, every way).
 */
import { expect } from 'vitest';
import { Validator } from 'jsonschema';
import { schemaCheck } from '../../engine/schema-check.js';
import { loadSchema } from '../../engine/validation.js';

/** One jsonschema validator per schema (a validator keeps the schemas it has seen: one per schema keeps them apart). */
const validators = new Map<string, Validator>();

export const agree = (schemaName: string, data: unknown) => {
  const schema = loadSchema(schemaName);
  const fast = schemaCheck(schema as object);
  expect(fast).not.toBeNull();
  if (!validators.has(schemaName)) validators.set(schemaName, new Validator());
  const slow = validators.get(schemaName)!.validate(data, schema).valid;
  if (fast!(data) !== slow) throw new Error(`${schemaName}: compiled check says ${!slow}, jsonschema ${slow}, for ${JSON.stringify(data).slice(0, 400)}`);
  return slow;
};

/** The compiled check's verdict alone (for documents whose jsonschema verdict a covering sample stands for). */
export const fastValid = (schemaName: string, data: unknown): boolean => {
  const fast = schemaCheck(loadSchema(schemaName) as object);
  expect(fast).not.toBeNull();
  return fast!(data);
};

/**
 * What a document's shape shows: at each place (its path, array positions left out) the JSON type, an object's set of
 * keys, and a short name-like string value (a branch key such as `do`, `t`, `e`, a keyword, a zone).
 */
function shapeFeatures(doc: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) { out.add(`${at}:array`); for (const x of v) walk(x, `${at}[]`); } else if (v && typeof v === 'object') {
      out.add(`${at}:{${Object.keys(v).sort().join(',')}}`);
      for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
    } else {
      out.add(`${at}:${v === null ? 'null' : typeof v}`);
      if (typeof v === 'string' && v.length < 40 && /^[a-z][a-zA-Z_-]*$/.test(v)) out.add(`${at.slice(at.lastIndexOf('.') + 1)}=${v}`);
    }
  };
  walk(doc, '');
  return out;
}

/**
 * The documents, in their order, that each show a shape feature no earlier one showed: together they show every
 * branch, key set and branch value the whole list shows (jsonschema, the slow reference, is run on these; the compiled
 * check on all).
 */
export function coveringSample<T>(docs: readonly T[]): T[] {
  const seen = new Set<string>();
  return docs.filter((d) => {
    let adds = false;
    for (const f of shapeFeatures(d)) if (!seen.has(f)) { seen.add(f); adds = true; }
    return adds;
  });
}

const REPLACEMENTS: unknown[] = [null, -1, 1.5, 0, 99, '', 'x', true, {}, [], ['x'], [{}]];

/** Every way of breaking `doc` at one place (path by path), as new documents; `limit` caps how many. */
export function broken(doc: unknown, limit: number): unknown[] {
  const out: unknown[] = [];
  const paths: (string | number)[][] = [];
  const collect = (v: unknown, p: (string | number)[]) => {
    paths.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => collect(x, [...p, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, [...p, k]);
  };
  collect(doc, []);
  const step = Math.max(1, Math.floor((paths.length * (REPLACEMENTS.length + 2)) / limit));
  let n = 0;
  for (const p of paths) {
    for (let r = -2; r < REPLACEMENTS.length; r++) {
      if (n++ % step !== 0) continue;
      const copy = structuredClone(doc) as Record<string | number, unknown>;
      if (p.length === 0) { out.push(r >= 0 ? REPLACEMENTS[r] : copy); continue; }
      let parent: Record<string | number, unknown> = copy;
      for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
      const last = p[p.length - 1]!;
      if (r === -2) { if (Array.isArray(parent)) parent.splice(Number(last), 1); else delete parent[last]; }
      else if (r === -1) { const v = parent[last]; if (v && typeof v === 'object' && !Array.isArray(v)) (v as Record<string, unknown>).unexpected = 1; else continue; }
      else parent[last] = REPLACEMENTS[r];
      out.push(copy);
    }
  }
  return out;
}

