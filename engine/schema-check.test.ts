/**
 * The compiled schema check (engine/schema-check.ts) must say "valid" exactly when jsonschema does: on the card files
 * (jsonschema on the files that show every shape the card files show, the compiled check on all), broken at every
 * place (a key removed, a value of another type, an unknown key, a number out of range), and on schema constructs it
 * must follow or leave to jsonschema. The golden scenarios, traces and adapter answers:
 * engine/schema-check-scenarios.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from 'jsonschema';
import { schemaCheck } from './schema-check.js';
import { readJson, ROOT } from './validation.js';
import { agree, broken, coveringSample, fastValid } from '../test/support/schema-agree.js';

describe('the compiled schema check agrees with jsonschema', () => {
  it('on the card files, whole and broken', () => {
    const files = readdirSync(join(ROOT, 'spec', 'cards')).filter((f) => f.endsWith('.json')).sort();
    const docs = files.map((f) => readJson(join(ROOT, 'spec', 'cards', f)));
    // The compiled check passes every card file; jsonschema agrees on the files that together show every shape they
    // show (each action, selector, condition and amount branch, each key set), whole and broken at 25 places each.
    for (const [i, doc] of docs.entries()) expect(fastValid('card.schema.json', doc), files[i]).toBe(true);
    const sample = coveringSample(docs);
    expect(sample.length).toBeGreaterThan(100);
    let invalid = 0;
    for (const [i, doc] of sample.entries()) {
      expect(agree('card.schema.json', doc)).toBe(true);
      if (i % 12 === 0) for (const b of broken(doc, 25)) if (!agree('card.schema.json', b)) invalid++;
    }
    expect(invalid).toBeGreaterThan(100);
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
