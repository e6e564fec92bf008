/**
 * Trace patterns of a scenario's `expect.events` and `expect.count`: partial trace records whose fields are checked
 * against the trace format (spec/schema/trace.schema.json) when the scenario loads, so a misspelt event kind, field,
 * label or player is bad input, not an expectation that silently never matches.
 *
 * A field's kind comes from the trace schema: an integer field that holds a player (0 or 1) takes "A" or "B"; any
 * other integer field holds an entity and takes a label (of the set-up, or one of `expect.created`); other fields
 * take their own values (an enum is checked).
 */
import { InputError, loadSchema } from '../validation.js';
import type { Pattern } from './format.js';

interface PropSchema { type?: string | string[]; enum?: unknown[]; const?: unknown; minimum?: number; maximum?: number }
interface RecordSchema { properties: Record<string, PropSchema> }

let defs: Record<string, RecordSchema> | null = null;
function definitions(): Record<string, RecordSchema> {
  defs ??= (loadSchema('trace.schema.json') as unknown as { definitions: Record<string, RecordSchema> }).definitions;
  return defs;
}

/** The event kinds of the trace format (the `e` of event records). */
export function eventKinds(): string[] {
  return Object.keys(definitions()).filter((k) => k.startsWith('event_')).map((k) => k.slice('event_'.length));
}

const RECORD_TYPES = ['event', 'open', 'close', 'queue', 'entity', 'meta'];

/** The fields a pattern may name, each with its schema: one event kind's, one record type's, or every event's. */
function fieldsOf(p: Pattern): { what: string; props: Record<string, PropSchema> } | string {
  const t = p.t ?? 'event';
  if (typeof t !== 'string' || !RECORD_TYPES.includes(t)) return `"t" must be one of ${RECORD_TYPES.join(', ')}`;
  if (t !== 'event') return { what: `${t} records`, props: definitions()[t]!.properties };
  if (p.e !== undefined) {
    const d = definitions()[`event_${String(p.e)}`];
    if (!d) return `unknown event kind ${JSON.stringify(p.e)} (expected one of: ${eventKinds().join(', ')})`;
    return { what: `"${String(p.e)}" events`, props: d.properties };
  }
  const props: Record<string, PropSchema> = {};
  for (const k of eventKinds()) Object.assign(props, definitions()[`event_${k}`]!.properties);
  return { what: 'events', props };
}

const isInteger = (s: PropSchema) => s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));
const isPlayerField = (s: PropSchema) => isInteger(s) && s.minimum === 0 && s.maximum === 1;
const isEntityField = (s: PropSchema) => isInteger(s) && !isPlayerField(s);

/** Check one pattern at load: its kind, its fields, its labels and player names. */
export function validatePattern(file: string, path: string, p: Pattern, labels: ReadonlySet<string>): void {
  const f = fieldsOf(p);
  if (typeof f === 'string') throw new InputError(file, `${path}.${p.t !== undefined && !RECORD_TYPES.includes(String(p.t)) ? 't' : 'e'}`, f);
  for (const [k, v] of Object.entries(p)) {
    const s = f.props[k];
    if (!s) throw new InputError(file, `${path}.${k}`, `${f.what} have no field "${k}" (fields: ${Object.keys(f.props).join(', ')})`);
    if (typeof v === 'string' && isPlayerField(s) && v !== 'A' && v !== 'B') throw new InputError(file, `${path}.${k}`, `expected a player, "A" or "B", got ${JSON.stringify(v)}`);
    if (typeof v === 'string' && isEntityField(s) && !labels.has(v)) throw new InputError(file, `${path}.${k}`, `unknown label ${JSON.stringify(v)} (labels: ${[...labels].join(', ')})`);
    const allowed = s.enum ?? (s.const !== undefined ? [s.const] : undefined); // a const is an enum of one value
    if (allowed && !allowed.includes(v)) throw new InputError(file, `${path}.${k}`, `expected one of ${allowed.map((x) => JSON.stringify(x)).join(', ')}, got ${JSON.stringify(v)}`);
  }
}

/** A pattern with its labels and player names turned into the ids and player numbers of a run. */
export function resolvePattern(p: Pattern, labels: ReadonlyMap<string, number>): Pattern {
  const f = fieldsOf(p);
  const props = typeof f === 'string' ? {} : f.props;
  const out: Pattern = {};
  for (const [k, v] of Object.entries(p)) {
    const s = props[k];
    if (typeof v === 'string' && s && isPlayerField(s) && (v === 'A' || v === 'B')) out[k] = v === 'A' ? 0 : 1;
    else if (typeof v === 'string' && s && isEntityField(s) && labels.has(v)) out[k] = labels.get(v);
    else out[k] = v;
  }
  return out;
}
