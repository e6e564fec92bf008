/**
 * spec/schema/*.json is generated from the TypeScript types of the contract (scripts/gen-schemas.ts): each committed
 * schema must be what the types give today, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../engine/validation.js';
import { generateSchemas, SCHEMAS } from '../scripts/gen-schemas.js';
import { postProcess, serialize } from '../scripts/schema-post.js';

describe('generated JSON Schemas', () => {
  const generated = generateSchemas();

  it.each(generated.map((g) => [g.file, g.text]))('%s is up to date with its TypeScript types', (file, text) => {
    const committed = readFileSync(join(ROOT, 'spec', 'schema', file), 'utf8');
    if (committed !== text) expect.fail(`spec/schema/${file} is stale: it is not what its TypeScript types give; run \`npm run schemas\``);
  });

  it('generates the same bytes twice', () => {
    expect(generateSchemas(SCHEMAS.slice(0, 1))[0]!.text).toBe(generated[0]!.text);
  });
});

describe('post-processing of generated schemas', () => {
  const entry = { file: 'x.schema.json', source: 'x.ts', type: 'X', title: 'X' };
  const post = (raw: Record<string, unknown>) => JSON.parse(serialize(postProcess(raw, entry)));
  const branch = (kind: string, extra: Record<string, unknown> = {}) => ({
    type: 'object', properties: { kind: { type: 'string', const: kind }, ...extra }, required: ['kind', ...Object.keys(extra)], additionalProperties: false,
  });

  it('a union keyed on a constant becomes an if/then chain on that key, with the values as an enum', () => {
    const s = post({ anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }], definitions: { A: branch('a', { n: { type: 'number' } }), B: branch('b') } });
    expect(s.properties.kind).toEqual({ enum: ['a', 'b'] });
    expect(s.if).toEqual({ required: ['kind'], properties: { kind: { const: 'a' } } });
    expect(s.then).toEqual({ $ref: '#/definitions/A' });
    expect(s.else.then).toEqual({ $ref: '#/definitions/B' });
    expect(s.anyOf).toBeUndefined();
    // numbers are integers; a const says its own type
    expect(s.definitions.A.properties).toEqual({ kind: { const: 'a' }, n: { type: 'integer' } });
  });

  it('a union told apart by which key is present becomes a chain on the key when tagged @dispatch, else a oneOf', () => {
    const branches = [{ type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] }, { type: 'object', properties: { y: { type: 'boolean' } }, required: ['y'] }];
    expect(post({ anyOf: branches }).oneOf).toEqual(branches);
    const s = post({ dispatch: true, anyOf: [{ type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] }, { type: 'object', properties: { y: { type: 'boolean' } }, required: ['y'] }] });
    expect(s.if).toEqual({ required: ['x'] });
    expect(s.else).toEqual({ if: { required: ['y'] }, then: { type: 'object', required: ['y'], properties: { y: { type: 'boolean' } } }, else: { required: ['x'] } });
  });

  it('@dispatchSteps names every step after the first `<Definition>_dispatch_<n>`; @dispatchNames names key-presence branches', () => {
    const obj = (k: string) => ({ type: 'object', properties: { [k]: { type: 'boolean' } }, required: [k], additionalProperties: false });
    const s = post({ $ref: '#/definitions/U', definitions: { U: { dispatch: true, dispatchSteps: true, dispatchNames: 'U_%s', anyOf: [obj('x'), obj('y'), obj('z')] } } });
    const d = s.definitions;
    expect(d.U).toEqual({ type: 'object', if: { required: ['x'] }, then: { $ref: '#/definitions/U_x' }, else: { $ref: '#/definitions/U_dispatch_2' } });
    expect(d.U_dispatch_2).toEqual({ description: 'U dispatch step 2 (internal: see U).', if: { required: ['y'] }, then: { $ref: '#/definitions/U_y' }, else: { $ref: '#/definitions/U_dispatch_3' } });
    expect(d.U_dispatch_3.then).toEqual({ $ref: '#/definitions/U_z' });
    expect(d.U_x).toEqual(obj('x'));
  });

  it('a @dispatch union with one branch of another JSON type ends its chain with it; @dispatchEnd propertyNames ends it with the keys', () => {
    const obj = (k: string) => ({ type: 'object', properties: { [k]: { type: 'boolean' } }, required: [k] });
    const mixed = post({ dispatch: true, anyOf: [{ type: 'number' }, obj('x'), obj('y')] });
    expect(mixed.type).toEqual(['integer', 'object']);
    expect(mixed.if).toEqual({ type: 'object', required: ['x'] });
    expect(mixed.else.if).toEqual({ type: 'object', required: ['y'] });
    expect(mixed.else.else).toEqual({ type: 'integer' });
    // two branches of other types cannot end one chain: no key-presence dispatch
    expect(post({ dispatch: true, anyOf: [{ type: 'number' }, { type: 'string' }, obj('x'), obj('y')] }).if).toBeUndefined();
    const closed = post({ dispatch: true, dispatchEnd: 'propertyNames', anyOf: [obj('x'), obj('y')] });
    expect(closed.else.else).toEqual({ propertyNames: { enum: ['x', 'y'] }, minProperties: 1 });
  });

  it('@describesBranch on a property describes the object it is in', () => {
    const s = post({ type: 'object', properties: { k: { type: 'string', const: 'a', describesBranch: 'The a branch.' }, n: { type: 'number', description: 'n' } }, required: ['k'] });
    expect(s.description).toBe('The a branch.');
    expect(s.properties).toEqual({ k: { const: 'a' }, n: { type: 'integer', description: 'n' } });
  });

  it('@asEnum writes a one-value type as an enum of one', () => {
    const s = post({ type: 'object', properties: { z: { type: 'string', const: 'hand', asEnum: true }, c: { type: 'string', const: 'x' } } });
    expect(s.properties).toEqual({ z: { enum: ['hand'] }, c: { const: 'x' } });
  });

  it('a union of disjoint branches becomes oneOf, constants merged into one enum; a @fractional number stays a number', () => {
    const s = post({ anyOf: [{ type: 'string', const: 'a' }, { type: 'number', fractional: true }, { type: 'string', enum: ['b', 'a'] }] });
    expect(s).toMatchObject({ oneOf: [{ enum: ['a', 'b'] }, { type: 'number' }] });
    expect(s.anyOf).toBeUndefined();
  });

  it('a union whose branches may overlap stays anyOf', () => {
    const open = (k: string) => ({ type: 'object', properties: { [k]: { type: 'string' } } });
    const s = post({ anyOf: [open('x'), open('y')] });
    expect(s.anyOf).toEqual([open('x'), open('y')]);
    expect(s.oneOf).toBeUndefined();
  });

  it('puts keywords in one order whatever order they came in; a one-value definition is written in place', () => {
    const defs = { Z: { type: 'object', properties: { z: { $ref: '#/definitions/Small' } } }, Small: { type: 'number', minimum: 0 } };
    const a = serialize(postProcess({ required: ['b'], type: 'object', properties: { b: { $ref: '#/definitions/Z' } }, definitions: defs }, entry));
    const b = serialize(postProcess({ definitions: defs, properties: { b: { $ref: '#/definitions/Z' } }, type: 'object', required: ['b'] }, entry));
    expect(a).toBe(b);
    expect(Object.keys(JSON.parse(a))).toEqual(['$schema', 'title', 'type', 'required', 'properties', 'definitions']);
    expect(JSON.parse(a).definitions).toEqual({ Z: { type: 'object', properties: { z: { type: 'integer', minimum: 0 } } } });
  });
});
