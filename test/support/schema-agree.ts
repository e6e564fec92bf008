/**
 * Shared by the schema-check agreement tests: `agree` (the compiled check and jsonschema give the same verdict) and
 * `broken` (a document broken at one place, every way).
 */
import { expect } from 'vitest';
import { Validator } from 'jsonschema';
import { schemaCheck } from '../../engine/schema-check.js';
import { loadSchema } from '../../engine/validation.js';

export const agree = (schemaName: string, data: unknown) => {
  const schema = loadSchema(schemaName);
  const fast = schemaCheck(schema as object);
  expect(fast).not.toBeNull();
  const slow = new Validator().validate(data, schema).valid;
  if (fast!(data) !== slow) throw new Error(`${schemaName}: compiled check says ${!slow}, jsonschema ${slow}, for ${JSON.stringify(data).slice(0, 400)}`);
  return slow;
};

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

