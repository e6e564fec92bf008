/**
 * What ts-json-schema-generator's output needs to become a spec/schema file, in general terms (no schema is named
 * here):
 * - A JSON number of the contract is an integer (counts, ids, stats), unless its type says `@fractional`.
 * - A `const` or `enum` says its type itself: the generator's `type` beside it goes (one error, not two).
 * - A union of object types keyed on one property (`anyOf` of branches that each require the property, with a
 *   distinct `const`, or a distinct JSON type) becomes an if/then/else chain on that property, so a validation error
 *   names what the branch that was meant found wrong, not every branch's complaints.
 * - A union tagged `@dispatch` whose object branches each require a key no other branch has (`{exists} | {not} | ...`)
 *   becomes a chain on
 *   which key is present; with none of them, the keys every branch requires, then the first branch's key, are
 *   said to be missing.
 *   A `@keyDescription` on the union describes the key's enum of values.
 *   With one branch of another JSON type (`number | {count} | ...`) the chain tests for an object and ends with that
 *   branch; tagged `@dispatchEnd propertyNames`, it ends by allowing only the branches' keys, in a non-empty object.
 * - `@dispatchSteps` on a dispatched union: every step of its chain after the first is a definition of its own,
 *   `<Definition>_dispatch_<n>`; `@dispatchNames <template>` names the branches (%s: the key's value, or the key).
 * - `@asEnum` on a one-value type writes it as an enum of one, not a const.
 * - `@describesBranch <text>` on a property is the description of the object it is in (the generator does not read
 *   the JSDoc of an inline branch of a union).
 * - A `$ref` with keywords of its own (a description) is replaced by what it refers to, with those keywords: jsonschema
 *   reads nothing beside a `$ref`.
 * - `additionalProperties: true` (from an `@additionalProperties true` tag) is the default and is left out.
 * - A definition of one value (a bounded number, an enum) is written in place of its references.
 * - The root carries `$schema`, `$id` and a title; every schema's keywords come out in one fixed order, properties
 *   and definitions in the order of the source. Same types, same bytes.
 */

export interface SchemaEntry {
  /** The file in spec/schema. */
  file: string;
  /** The TypeScript file of the root type, from the package root. */
  source: string;
  /** The root type. */
  type: string;
  title: string;
  /** Objects accept unknown fields unless their type says `@additionalProperties false`. */
  open?: boolean;
  /** The $id, when the schema has one. */
  id?: string;
  /**
   * `required` and `properties` before `additionalProperties` in every object (jsonschema reports in keyword order:
   * a missing key before an unexpected one), instead of the default order.
   */
  requiredFirst?: boolean;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The order of a schema's keywords; any other key follows, sorted. */
const ORDER = [
  '$schema', '$id', 'title', 'description', '$ref', 'type', 'const', 'enum', 'pattern', 'minLength', 'minimum', 'maximum',
  'items', 'minItems', 'maxItems', 'additionalProperties', 'required', 'properties', 'propertyNames', 'minProperties',
  'oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'definitions',
];
const ORDER_REQUIRED_FIRST = ORDER.filter((k) => k !== 'additionalProperties').flatMap((k) => (k === 'propertyNames' ? ['additionalProperties', k] : [k]));
const rankIn = (order: string[]) => (k: string) => { const i = order.indexOf(k); return i < 0 ? order.length : i; };

/** The post-processed schema of one root type. */
export function postProcess(raw: Json, entry: SchemaEntry, members: Record<string, Json> = {}): Json {
  const defs = (isObject(raw.definitions) ? raw.definitions : {}) as Record<string, Json>;
  const names: Names = { hoisted: {}, renames: new Map(), members, current: [] };
  // definitions are processed once, on first use, so a union sees its branches as they will be written
  const done = new Map<string, unknown>();
  const definition = (name: string): unknown => {
    if (!done.has(name)) {
      done.set(name, defs[name]);
      names.current.push(name);
      done.set(name, walk(defs[name]));
      names.current.pop();
    }
    return done.get(name);
  };
  const resolve = (s: unknown): unknown => {
    const m = isObject(s) && typeof s.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(s.$ref) : null;
    return m && m[1]! in defs ? resolve(definition(m[1]!)) : s;
  };
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (!isObject(s)) return s;
    if (s === raw.definitions) return Object.fromEntries(Object.keys(defs).map((d) => [d, definition(d)]));
    // `@describesBranch <text>` on a property (the key of a union's inline branch, whose own JSDoc the generator
    // does not read) is the description of the object it is in
    const lender = isObject(s.properties) ? Object.entries(s.properties).find(([, p]) => isObject(p) && typeof p.describesBranch === 'string') : undefined;
    if (lender) {
      const { describesBranch, ...key } = lender[1] as Json;
      return walk({ description: describesBranch, ...s, properties: { ...(s.properties as Json), [lender[0]]: key } });
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) out[k] = k === 'properties' ? mapValues(v as Json, walk) : k === 'const' || k === 'enum' ? v : walk(v);
    // `@asEnum`: a one-value type written as an enum of one (an error lists the values allowed, like any enum's)
    if (out.asEnum !== undefined) {
      delete out.asEnum;
      if (out.const !== undefined) { out.enum = [out.const]; delete out.const; }
    }
    if (out.fractional !== undefined) delete out.fractional;
    else if (out.type === 'number') out.type = 'integer';
    else if (Array.isArray(out.type)) out.type = out.type.map((t) => (t === 'number' ? 'integer' : t));
    if ((out.const !== undefined || out.enum !== undefined) && typeof out.type === 'string') delete out.type;
    // required keys in the order the properties are declared (the order a validation error lists them in)
    if (Array.isArray(out.required) && isObject(out.properties)) {
      const at = Object.keys(out.properties);
      const pos = (k: unknown) => { const i = at.indexOf(String(k)); return i < 0 ? at.length : i; };
      out.required = [...out.required].sort((a, b) => pos(a) - pos(b));
    }
    if (out.additionalProperties === true || (isObject(out.additionalProperties) && !Object.keys(out.additionalProperties).length)) delete out.additionalProperties;
    if (Array.isArray(out.anyOf)) return union(out, resolve, names);
    // jsonschema reads nothing beside a $ref: a reference with its own keywords (a description) takes the
    // referenced schema in its place
    if (typeof out.$ref === 'string' && Object.keys(out).length > 1 && isObject(defs[out.$ref.replace(/^#\/definitions\//, '')])) {
      const { $ref, ...own } = out;
      const target = definition($ref.replace(/^#\/definitions\//, '')) as Json;
      return { ...target, ...own };
    }
    return out;
  };
  const body = renamed(walk(raw) as Json, names);
  delete body.$schema;
  const root: Json = { $schema: 'http://json-schema.org/draft-07/schema#' };
  if (entry.id) root.$id = entry.id;
  root.title = entry.title;
  return ordered({ ...root, ...body }, rankIn(entry.requiredFirst ? ORDER_REQUIRED_FIRST : ORDER)) as Json;
}

/** Definitions a dispatch names (its inline branches, hoisted) and renames (`@definitionName`, named branches). */
interface Names {
  hoisted: Record<string, unknown>;
  renames: Map<string, string>;
  /** The member types of the unions a `@branchesFrom` tag names, as the generator gave them (with their JSDoc). */
  members: Record<string, Json>;
  /** The definitions being processed, innermost last (a `@dispatchSteps` chain names its steps after the last). */
  current: string[];
}

/** The type names a schema's unions take their branches' descriptions from (`@branchesFrom`), anywhere in it. */
export function branchSources(raw: unknown): string[] {
  const out = new Set<string>();
  const visit = (s: unknown) => {
    if (Array.isArray(s)) s.forEach(visit);
    else if (isObject(s)) for (const [k, v] of Object.entries(s)) { if (k === 'branchesFrom' && typeof v === 'string') out.add(v); else visit(v); }
  };
  visit(raw);
  return [...out];
}

/** The schema with the hoisted branches among its definitions and every renamed definition under its new name. */
function renamed(body: Json, names: Names): Json {
  const defs = { ...(body.definitions as Json | undefined), ...names.hoisted };
  for (const [name, d] of Object.entries(defs)) if (isObject(d) && typeof d.definitionName === 'string') names.renames.set(name, d.definitionName);
  // a definition of one value (a bounded number, a pattern, an enum) is written where it is used, as a reader (and
  // engine/scenario/patterns.ts, which reads a player field's bounds) expects it
  const leaf = (d: unknown) => isObject(d) && !['properties', 'items', 'oneOf', 'anyOf', 'allOf', 'if', '$ref', 'additionalProperties'].some((k) => k in d);
  const leaves = new Map(Object.entries(defs).filter(([, d]) => leaf(d)).map(([n, d]) => [`#/definitions/${n}`, d as Json]));
  for (const ref of leaves.keys()) delete defs[ref.slice('#/definitions/'.length)];
  const fix = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(fix);
    if (!isObject(s)) return s;
    if (typeof s.$ref === 'string' && leaves.has(s.$ref)) { const { $ref, ...own } = s; return fix({ ...leaves.get($ref), ...own }); }
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === 'definitionName') continue;
      if (k === '$ref' && typeof v === 'string') { const n = names.renames.get(v.replace(/^#\/definitions\//, '')); out[k] = n ? `#/definitions/${n}` : v; }
      else out[k] = k === 'const' || k === 'enum' ? v : fix(v);
    }
    return out;
  };
  const out = fix({ ...body, definitions: undefined }) as Json;
  delete out.definitions;
  if (Object.keys(defs).length) out.definitions = Object.fromEntries(Object.entries(defs).map(([n, d]) => [names.renames.get(n) ?? n, fix(d)]));
  return out;
}

function mapValues(o: Json, f: (v: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/** The constants a schema allows, when it allows only constants (a `const`, an `enum`, or a reference to one). */
function constantsOf(s: unknown): unknown[] | undefined {
  if (!isObject(s)) return undefined;
  // the generator's output still has the `type` beside a const or enum
  const keys = Object.keys(s).filter((k) => k !== 'description' && k !== 'type');
  if (keys.length !== 1) return undefined;
  if (keys[0] === 'const') return [s.const];
  if (keys[0] === 'enum' && Array.isArray(s.enum)) return s.enum;
  return undefined;
}

/** The JSON type a branch takes, when it takes one. */
function jsonType(s: unknown): string | undefined {
  if (!isObject(s)) return undefined;
  if (typeof s.type === 'string') return s.type;
  const c = constantsOf(s);
  if (c) { const ts = new Set(c.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'integer' : typeof v))); return ts.size === 1 ? [...ts][0] : undefined; }
  return undefined;
}

/**
 * A union: constants merged into one enum, then a keyed dispatch when the branches are objects keyed on one
 * property, else `oneOf` when no value can match two branches (one branch per JSON type, objects told apart by a
 * required key of their own), else `anyOf` as the generator wrote it.
 */
function union(node: Json, resolve: (s: unknown) => unknown, names: Names): Json {
  const rest = Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'anyOf' && k !== 'dispatch'));
  const branches: unknown[] = [];
  let constants: unknown[] | null = null;
  for (const b of node.anyOf as unknown[]) {
    const c = constantsOf(resolve(b));
    if (!c) { branches.push(b); continue; }
    if (!constants) { constants = []; branches.push(constants); }
    for (const v of c) if (!constants.includes(v)) constants.push(v);
  }
  const list = branches.map((b) => (b === constants ? (constants!.length === 1 ? { const: constants![0] } : { enum: constants }) : b));
  if (list.length === 1) return { ...rest, ...(list[0] as Json) };
  const keyed = dispatch({ ...node, anyOf: list }, resolve, names);
  if (keyed) return keyed;
  const types = list.map((b) => jsonType(resolve(b)));
  const objects = list.map(resolve).filter((b, i) => types[i] === 'object') as Json[];
  const typesApart = types.every((t) => t !== undefined) && types.filter((t) => t !== 'object').length === new Set(types.filter((t) => t !== 'object')).size;
  const objectsApart = objects.length < 2 || objects.every((b, i) => Array.isArray(b.required) && (b.required as string[]).some((k) => objects.every((o, j) => j === i || !isObject(o.properties) || !(k in o.properties))));
  return typesApart && objectsApart ? { ...rest, oneOf: list } : { ...rest, anyOf: list };
}

/** The constant a branch's property schema holds, if it holds one. */
function constOf(s: unknown): string | number | boolean | undefined {
  if (!isObject(s)) return undefined;
  if (s.const !== undefined) return s.const as string | number | boolean;
  if (Array.isArray(s.enum) && s.enum.length === 1) return s.enum[0] as string | number | boolean;
  return undefined;
}

/** A union of object branches keyed on one property, as an if/then/else chain; null when it is not one. */
function dispatch(node: Json, resolve: (s: unknown) => unknown, names: Names): Json | null {
  const union = node;
  let branches = union.anyOf as unknown[];
  const resolved = branches.map(resolve);
  const isBranch = (o: unknown) => isObject(o) && isObject(o.properties) && Array.isArray(o.required);
  // a `@dispatch` union may have one branch of another JSON type (`number | {count} | ...`): the end of its chain
  const others = resolved.map((o, i) => (isBranch(o) ? -1 : i)).filter((i) => i >= 0);
  const other = others.length === 1 && union.dispatch !== undefined && jsonType(resolved[others[0]!]) !== undefined && jsonType(resolved[others[0]!]) !== 'object' ? others[0]! : -1;
  if (others.length && other < 0) return null;
  const otherBranch = other < 0 ? undefined : branches[other];
  if (other >= 0) branches = branches.filter((_, i) => i !== other);
  const objects = resolved.filter((_, i) => i !== other);
  if (objects.length < 2) return null;
  const bs = objects as { properties: Json; required: string[] }[];
  const rest = Object.fromEntries(Object.entries(union).filter(([k]) => !['anyOf', 'dispatch', 'dispatchNames', 'dispatchSteps', 'dispatchEnd', 'keyEnumLast', 'branchDescription', 'branchesFrom', 'keyDescription'].includes(k)));
  // `@dispatchSteps`: every step after the first is a definition of its own, `<Definition>_dispatch_<n>`
  const stepsOf = union.dispatchSteps !== undefined ? names.current[names.current.length - 1] : undefined;
  // an inline branch says what the union expects (an error inside it is worded with it)
  const described = (b: unknown): unknown => (isObject(b) && b.$ref === undefined && b.description === undefined && typeof union.description === 'string' ? { description: union.description, ...b } : b);
  const link = (cond: Json, then: unknown, otherwise: unknown): Json => (otherwise === undefined ? { if: cond, then: described(then) } : { if: cond, then: described(then), else: otherwise });
  const chain = (conds: Json[], last: unknown): Json => {
    let tail: unknown = last;
    for (let i = conds.length - 1; i >= 0; i--) {
      tail = link(conds[i]!, branches[i], tail);
      if (stepsOf && i > 0) {
        const step = `${stepsOf}_dispatch_${i + 1}`;
        names.hoisted[step] = { description: `${stepsOf} dispatch step ${i + 1} (internal: see ${stepsOf}).`, ...(tail as Json) };
        tail = { $ref: `#/definitions/${step}` };
      }
    }
    return tail as Json;
  };
  // a property every branch requires, with a distinct constant in each
  const keys = otherBranch !== undefined ? [] : bs[0]!.required.filter((k) => bs.every((b) => b.required.includes(k)));
  for (const key of keys) {
    const values = bs.map((b) => constOf(b.properties[key]));
    if (values.some((v) => v === undefined) || new Set(values).size !== values.length) continue;
    const said = typeof union.keyDescription === 'string' ? { description: union.keyDescription } : {};
    // the constants every branch has (`t: "event"` beside the key) are said once, before the key
    const shared = keys.filter((k) => k !== key && bs.every((b) => constOf(b.properties[k]) !== undefined && constOf(b.properties[k]) === constOf(bs[0]!.properties[k])));
    // `@keyEnumLast`: the head checks the key's JSON type, and the list of values ends the chain
    const last = union.keyEnumLast !== undefined;
    const keyType = { ...said, ...(last ? { type: jsonType({ enum: values }) } : { enum: values }) };
    const head = { properties: { ...Object.fromEntries(shared.map((k) => [k, { const: constOf(bs[0]!.properties[k]) }])), [key]: keyType } };
    const cond = (v: unknown): Json => ({ properties: { [key]: { const: v } }, required: [key] });
    // in an inline branch the keys that choose it come first
    const first = [...shared, key];
    branches = branches.map((b) => {
      if (!isObject(b) || !isObject(b.properties)) return b;
      const props = b.properties;
      const reordered = Object.fromEntries([...first.filter((k) => k in props), ...Object.keys(props).filter((k) => !first.includes(k))].map((k) => [k, props[k]]));
      const at = Object.keys(reordered);
      return { ...b, properties: reordered, ...(Array.isArray(b.required) ? { required: [...b.required].sort((x, y) => at.indexOf(String(x)) - at.indexOf(String(y))) } : {}) };
    });
    if (typeof union.dispatchNames === 'string') branches = branches.map((b, i) => nameBranch(b, key, values[i]!, union, names));
    return { ...rest, type: 'object', required: [...shared, key], ...head, ...chain(values.map(cond), last ? { properties: { [key]: { enum: values } } } : undefined) };
  }
  // a property every branch requires, of a distinct JSON type in each: the last branch is the rest
  for (const key of keys) {
    const types = bs.map((b) => { const p = b.properties[key]; return isObject(p) && typeof p.type === 'string' ? p.type : undefined; });
    if (types.some((t) => t === undefined) || new Set(types).size !== types.length) continue;
    return { ...rest, ...chain(types.slice(0, -1).map((t) => ({ type: 'object', properties: { [key]: { type: t } }, required: [key] })), described(branches[branches.length - 1])) };
  }
  // each branch requires a key no other branch names (a union tagged `@dispatch`; untagged, it is a oneOf)
  const own = bs.map((b, i) => b.required.find((k) => bs.every((o, j) => j === i || !(k in o.properties))));
  if (union.dispatch !== undefined && own.every((k) => k !== undefined)) {
    // with none of the keys: the branch of another JSON type; or (`@dispatchEnd propertyNames`) an object of none
    // but the branches' keys, and not empty; else first the keys every branch needs (worded with the union), then
    // the first branch's key
    const common = bs[0]!.required.filter((k) => bs.every((b) => b.required.includes(k)));
    const end = otherBranch !== undefined ? otherBranch
      : union.dispatchEnd === 'propertyNames' ? { propertyNames: { enum: own }, minProperties: 1 }
      : common.length ? described({ required: common, if: { required: common }, then: { required: [own[0]] } }) : { required: [own[0]] };
    const when = (k: string): Json => (otherBranch !== undefined ? { type: 'object', required: [k] } : { required: [k] });
    if (typeof union.dispatchNames === 'string') branches = branches.map((b, i) => nameBranch(b, own[i]!, own[i]!, union, names));
    const type = otherBranch !== undefined ? resolved.map((o, i) => (i === other ? jsonType(o) : 'object')).filter((t, i, a) => a.indexOf(t) === i) : 'object';
    return { ...rest, type, ...chain(own.map((k) => when(k!)), end) };
  }
  return null;
}

/**
 * A branch of a union tagged `@dispatchNames <template>` as a definition of that name (%s is the key's value): a
 * named type is renamed, an inline one hoisted, with the `@branchDescription` template when it has no description.
 */
function nameBranch(branch: unknown, key: string, value: string | number | boolean, union: Json, names: Names): unknown {
  const name = String(union.dispatchNames).replace('%s', String(value));
  const ref = isObject(branch) && typeof branch.$ref === 'string' ? branch.$ref.replace(/^#\/definitions\//, '') : null;
  if (ref) { names.renames.set(ref, name); return branch; }
  const b = branch as Json;
  // a branch made by an intersection (`{t: "event"} & GameEvent`) lost its type's JSDoc: the member type keeps it
  const member = Object.values(names.members).find((m) => isObject(m.properties) && constOf(m.properties[key]) === value);
  const description = b.description ?? member?.description ?? (typeof union.branchDescription === 'string' ? union.branchDescription.replace('%s', String(value)) : undefined);
  names.hoisted[name] = description === undefined ? b : { ...b, description };
  return { $ref: `#/definitions/${name}` };
}

/**
 * The schema with its keys in the fixed order; properties as declared, definitions in the order the generator met
 * them (a union's named branches in the union's order), both fixed by the source.
 */
function ordered(s: unknown, rank: (k: string) => number): unknown {
  if (Array.isArray(s)) return s.map((x) => ordered(x, rank));
  if (!isObject(s)) return s;
  const out: Json = {};
  for (const k of Object.keys(s).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))) {
    const v = s[k];
    if (k === 'properties' && isObject(v)) out[k] = mapValues(v, (x) => ordered(x, rank));
    else if (k === 'definitions' && isObject(v)) out[k] = mapValues(v, (x) => ordered(x, rank));
    else if (k === 'const' || k === 'enum' || k === 'examples' || k === 'default') out[k] = v;
    else out[k] = ordered(v, rank);
  }
  return out;
}

/** The schema's file text: two-space JSON and a final newline. */
export function serialize(schema: Json): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
