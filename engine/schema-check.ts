/**
 * A fast yes/no check of data against one of the project's JSON Schemas, compiled once per schema into plain
 * functions. It answers only "valid": `validate` (validation.ts) asks it first and, when the data is not valid, lets
 * jsonschema find and word the error as before. It knows the keywords spec/schema uses, with jsonschema's meaning;
 * a schema with any other keyword, or a `$ref` outside its own definitions, gets no compiled check (null) and is
 * always validated by jsonschema. Validating every trace record and scenario with jsonschema built two URLs per
 * value it visited, and dominated an adapter's round trip.
 */
type Check = (v: unknown) => boolean;

const IGNORED = new Set(['$schema', '$id', 'id', 'title', 'description', 'definitions', '$comment', 'examples', 'default']);

class Unsupported extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const TYPES: Record<string, Check> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => typeof v === 'number' && v % 1 === 0,
  boolean: (v) => typeof v === 'boolean',
  object: isObject,
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

/** jsonschema's deepCompareStrict for const and enum (JSON values). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

/** String length as jsonschema counts it (a surrogate pair is one character). */
function length(s: string): number {
  const low = s.match(/[\uDC00-\uDFFF]/g);
  return low ? s.length - low.length : s.length;
}

function compileIn(root: Record<string, unknown>): (schema: unknown) => Check {
  const refs = new Map<string, Check>();
  const compile = (schema: unknown): Check => {
    if (schema === true) return () => true;
    if (schema === false) return () => false;
    if (!isObject(schema)) throw new Unsupported('schema');
    const checks: Check[] = [];
    for (const [k, x] of Object.entries(schema)) {
      if (IGNORED.has(k) || k === 'then' || k === 'else') continue;
      switch (k) {
        case '$ref': {
          const ref = String(x);
          const m = /^#\/definitions\/([^/]+)$/.exec(ref);
          const defs = root.definitions as Record<string, unknown> | undefined;
          if (!m || !defs || !(m[1]! in defs)) throw new Unsupported(ref);
          if (!refs.has(ref)) {
            let compiled: Check | null = null;
            refs.set(ref, (v) => compiled!(v));
            compiled = compile(defs[m[1]!]);
          }
          // jsonschema validates against the referenced schema only: the siblings of a $ref are not read
          return refs.get(ref)!;
        }
        case 'type': {
          const list = (Array.isArray(x) ? x : [x]).map((t) => { const c = TYPES[String(t)]; if (!c) throw new Unsupported(`type ${String(t)}`); return c; });
          checks.push(list.length === 1 ? list[0]! : (v) => list.some((c) => c(v)));
          break;
        }
        case 'const': checks.push((v) => same(v, x)); break;
        case 'enum': { const list = x as unknown[]; checks.push((v) => list.some((e) => same(v, e))); break; }
        case 'properties': {
          const props = Object.entries(x as Record<string, unknown>).map(([p, s]) => [p, compile(s)] as const);
          checks.push((v) => {
            if (!isObject(v)) return true;
            for (const [p, c] of props) {
              const y = Object.prototype.hasOwnProperty.call(v, p) ? v[p] : undefined;
              if (y !== undefined && !c(y)) return false;
            }
            return true;
          });
          break;
        }
        case 'required': { const req = x as string[]; checks.push((v) => !isObject(v) || req.every((p) => v[p] !== undefined)); break; }
        case 'additionalProperties': {
          const known = new Set(Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {}));
          if (schema.patternProperties !== undefined) throw new Unsupported('patternProperties');
          const c = compile(x);
          checks.push((v) => {
            if (!isObject(v)) return true;
            for (const p of Object.keys(v)) if (!known.has(p) && !c(v[p])) return false;
            return true;
          });
          break;
        }
        case 'propertyNames': { const c = compile(x); checks.push((v) => !isObject(v) || Object.keys(v).every((p) => c(p))); break; }
        case 'minProperties': { const n = Number(x); checks.push((v) => !isObject(v) || Object.keys(v).length >= n); break; }
        case 'items': {
          if (Array.isArray(x)) throw new Unsupported('tuple items');
          const c = compile(x);
          checks.push((v) => !Array.isArray(v) || v.every((y) => y === undefined || c(y)));
          break;
        }
        case 'minItems': { const n = Number(x); checks.push((v) => !Array.isArray(v) || v.length >= n); break; }
        case 'maxItems': { const n = Number(x); checks.push((v) => !Array.isArray(v) || v.length <= n); break; }
        case 'minimum': { const n = Number(x); checks.push((v) => typeof v !== 'number' || v >= n); break; }
        case 'maximum': { const n = Number(x); checks.push((v) => typeof v !== 'number' || v <= n); break; }
        case 'minLength': { const n = Number(x); checks.push((v) => typeof v !== 'string' || length(v) >= n); break; }
        // a string of more UTF-16 units than the bound has more characters than it too when it holds no pair
        case 'maxLength': { const n = Number(x); checks.push((v) => typeof v !== 'string' || v.length <= n || length(v) <= n); break; }
        case 'pattern': {
          let re: RegExp;
          try { re = new RegExp(String(x), 'u'); } catch { re = new RegExp(String(x)); }
          checks.push((v) => typeof v !== 'string' || re.test(v));
          break;
        }
        case 'oneOf': { const list = (x as unknown[]).map(compile); checks.push((v) => { let n = 0; for (const c of list) if (c(v) && ++n > 1) return false; return n === 1; }); break; }
        case 'anyOf': { const list = (x as unknown[]).map(compile); checks.push((v) => list.some((c) => c(v))); break; }
        case 'allOf': { const list = (x as unknown[]).map(compile); checks.push((v) => list.every((c) => c(v))); break; }
        case 'if': {
          const chain = keyedChain(schema);
          if (chain) { checks.push(dispatch(chain, compile)); break; }
          const cond = compile(x);
          const then = schema.then !== undefined ? compile(schema.then) : () => true;
          const otherwise = schema.else !== undefined ? compile(schema.else) : () => true;
          checks.push((v) => (cond(v) ? then(v) : otherwise(v)));
          break;
        }
        default:
          throw new Unsupported(k);
      }
    }
    // jsonschema's keywords all pass an absent value (`required` is the parent's to judge)
    if (checks.length === 1) { const c = checks[0]!; return (v) => v === undefined || c(v); }
    return (v) => {
      if (v === undefined) return true;
      for (const c of checks) if (!c(v)) return false;
      return true;
    };
  };
  return compile;
}

/** One link of an if/then/else chain keyed on one property's constant value. */
interface Link { key: string; value: string | number | boolean; required: boolean; then: unknown }

/** `{if: {properties: {K: {const: V}}, required?: [K]}, then, else: <the same, or the end>}`: its links and end. */
function keyedChain(schema: Record<string, unknown>): { links: Link[]; end: unknown } | null {
  const links: Link[] = [];
  let at: unknown = schema;
  while (isObject(at) && at.if !== undefined) {
    const top = at === schema;
    if (!top && Object.keys(at).some((k) => k !== 'if' && k !== 'then' && k !== 'else' && !IGNORED.has(k))) break;
    const link = linkOf(at);
    if (!link || (links.length && links[0]!.key !== link.key)) {
      if (top) return null;
      break; // the rest of the chain is the end, checked as it is
    }
    links.push(link);
    at = at.else ?? true;
  }
  return links.length > 1 ? { links, end: at } : null;
}

function linkOf(at: Record<string, unknown>): Link | null {
  const cond = at.if;
  if (!isObject(cond) || !isObject(cond.properties) || Object.keys(cond).some((k) => k !== 'properties' && k !== 'required')) return null;
  const keys = Object.keys(cond.properties);
  if (keys.length !== 1) return null;
  const key = keys[0]!;
  const c = cond.properties[key];
  if (!isObject(c) || Object.keys(c).length !== 1 || !('const' in c)) return null;
  const value = c.const;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const req = cond.required;
  if (req !== undefined && !(Array.isArray(req) && req.length === 1 && req[0] === key)) return null;
  return { key, value, required: req !== undefined, then: at.then ?? true };
}

/** The chain as a lookup: the same branch the chain of conditions would take (jsonschema's if/then/else). */
function dispatch(chain: { links: Link[]; end: unknown }, compile: (s: unknown) => Check): Check {
  const key = chain.links[0]!.key;
  const thens = chain.links.map((l) => compile(l.then));
  const end = compile(chain.end);
  const byValue = new Map<unknown, Check>();
  chain.links.forEach((l, i) => { if (!byValue.has(l.value)) byValue.set(l.value, thens[i]!); });
  // a condition holds for a value that is not an object, and for an absent key unless it is required
  const first = thens[0]!;
  const absent = chain.links.findIndex((l) => !l.required);
  const whenAbsent = absent >= 0 ? thens[absent]! : end;
  return (v) => {
    if (!isObject(v)) return first(v);
    const k = v[key];
    if (k === undefined) return whenAbsent(v);
    return (byValue.get(k) ?? end)(v);
  };
}

const compiled = new WeakMap<object, Check | null>();

/** The compiled check of a schema (made on first use), or null when the schema uses what it does not know. */
export function schemaCheck(schema: object): Check | null {
  let c = compiled.get(schema);
  if (c === undefined) {
    try {
      c = compileIn(schema as Record<string, unknown>)(schema);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      c = null;
    }
    compiled.set(schema, c);
  }
  return c;
}
