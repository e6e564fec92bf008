/**
 * The compiled schema check (engine/schema-check.ts) must say "valid" exactly when jsonschema does: on every card
 * file, golden scenario, reference trace and adapter answer, and on each of them broken at every place (a key
 * removed, a value of another type, an unknown key, a number out of range).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from 'jsonschema';
import { schemaCheck } from './schema-check.js';
import { loadSchema, readJson, ROOT } from './validation.js';
import { readCardPool } from './cards/pool.js';
import { runScenario } from './scenario/run.js';
import { loadScenario } from './scenario/load.js';
import { comparableFromGame } from '../differential/compare.js';

const agree = (schemaName: string, data: unknown) => {
  const schema = loadSchema(schemaName);
  const fast = schemaCheck(schema as object);
  expect(fast).not.toBeNull();
  const slow = new Validator().validate(data, schema).valid;
  if (fast!(data) !== slow) throw new Error(`${schemaName}: compiled check says ${!slow}, jsonschema ${slow}, for ${JSON.stringify(data).slice(0, 400)}`);
  return slow;
};

const REPLACEMENTS: unknown[] = [null, -1, 1.5, 0, 99, '', 'x', true, {}, [], ['x'], [{}]];

/** Every way of breaking `doc` at one place (path by path), as new documents; `limit` caps how many. */
function broken(doc: unknown, limit: number): unknown[] {
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

describe('the compiled schema check agrees with jsonschema', () => {
  const cards = readCardPool();
  const caseFiles = readdirSync(join(ROOT, 'golden', 'cases')).filter((f) => f.endsWith('.json')).sort().map((f) => join(ROOT, 'golden', 'cases', f));

  it('on the card files, whole and broken', () => {
    const files = readdirSync(join(ROOT, 'spec', 'cards')).filter((f) => f.endsWith('.json')).sort();
    let invalid = 0;
    for (const [i, f] of files.entries()) {
      const doc = readJson(join(ROOT, 'spec', 'cards', f));
      expect(agree('card.schema.json', doc)).toBe(true);
      if (i % 12 === 0) for (const b of broken(doc, 25)) if (!agree('card.schema.json', b)) invalid++;
    }
    expect(invalid).toBeGreaterThan(100);
  });

  it('on the golden scenarios, their traces and the adapter answers, whole and broken', () => {
    let invalid = 0;
    for (const [i, f] of caseFiles.entries()) {
      const doc = readJson(f);
      // Host scenarios have their own schema and kernel (engine/host); checked below.
      if ((doc as { profile?: string }).profile === 'host') { expect(agree('host-scenario.schema.json', doc)).toBe(true); continue; }
      expect(agree('scenario.schema.json', doc)).toBe(true);
      const r = runScenario(loadScenario(f, cards), f, { cards });
      expect(agree('trace.schema.json', r.trace)).toBe(true);
      const answer = { type: 'result', case: 'c', final: comparableFromGame(r.g), trace: r.trace };
      expect(agree('adapter-response.schema.json', answer)).toBe(true);
      if (i % 11 !== 0) continue;
      for (const b of broken(doc, 25)) if (!agree('scenario.schema.json', b)) invalid++;
      for (const b of broken(r.trace.slice(0, 25), 25)) if (!agree('trace.schema.json', b)) invalid++;
      for (const b of broken({ ...answer, trace: r.trace.slice(0, 8) }, 15)) if (!agree('adapter-response.schema.json', b)) invalid++;
    }
    expect(invalid).toBeGreaterThan(150);
  });

  it('follows an if/then/else chain keyed on one value as jsonschema does (absent key, other types, no match)', () => {
    const chain = {
      type: ['object', 'string'],
      if: { properties: { k: { const: 'a' } }, required: ['k'] }, then: { required: ['a'] },
      else: {
        if: { properties: { k: { const: 1 } } }, then: { required: ['one'] },
        else: { if: { properties: { k: { const: 'a' } } }, then: { required: ['never'] }, else: { properties: { k: { enum: ['z'] } } } },
      },
    };
    const data = [{}, { k: 'a' }, { k: 'a', a: 1 }, { k: 1 }, { k: 1, one: 0 }, { k: 'z' }, { k: 'y' }, { k: null }, { k: {} }, { one: 1 }, 'text', { k: true }];
    const slow = new Validator();
    for (const d of data) expect([d, schemaCheck(chain)!(d)]).toEqual([d, slow.validate(d, chain).valid]);
  });

  it('leaves a schema with a keyword it does not know to jsonschema', () => {
    expect(schemaCheck({ type: 'string', format: 'email' })).toBeNull();
    expect(schemaCheck({ $ref: 'other.json#/definitions/x' })).toBeNull();
    expect(schemaCheck({ type: 'object', properties: { a: { type: 'integer', minimum: 2 } }, required: ['a'] })!({ a: 1 })).toBe(false);
  });
});
