/**
 * A trace record's line (recordToLine) is written directly with its keys in sorted order: it must be the same text as
 * JSON.stringify of a copy whose keys were added in sorted order (what the locked golden traces were written with),
 * for any record: nested objects and arrays, array-index keys, values JSON leaves out.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonlHolds, recordToLine, sameJson, traceToJsonl, type TraceRecord } from './format.js';

/** The plain way: a copy with sorted keys, then JSON.stringify. */
function sortedCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedCopy);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortedCopy(x);
    }
    return out;
  }
  return v;
}
const plain = (r: unknown) => JSON.stringify(sortedCopy(r));

describe('trace lines', () => {
  it('are the text of a copy with sorted keys, for any record', () => {
    // `__proto__` is left out: a copy made by assignment loses it (it sets the prototype), the line keeps it.
    const key = fc.string().filter((k) => k !== '__proto__');
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.constant(undefined), fc.constant(null), fc.boolean(), fc.double(), fc.integer(), fc.string(), tie('list'), tie('obj')),
      list: fc.array(tie('any'), { maxLength: 4 }),
      obj: fc.dictionary(fc.oneof(key, fc.nat({ max: 30 }).map(String)), tie('any'), { maxKeys: 5 }),
    }));
    fc.assert(fc.property(value.obj, (r) => { expect(recordToLine(r as TraceRecord)).toBe(plain(r)); }), { numRuns: 3000 });
  });

  it('put array-index keys first in numeric order, sort the rest, and leave out undefined values', () => {
    const r = { t: 'event', e: 'x', b: { 10: 'ten', 2: 'two', a: 1, '': 0 }, list: [undefined, { z: 1, y: undefined }], gone: undefined } as unknown as TraceRecord;
    expect(recordToLine(r)).toBe('{"b":{"2":"two","10":"ten","":0,"a":1},"e":"x","list":[null,{"z":1}],"t":"event"}');
    expect(recordToLine(r)).toBe(plain(r));
    expect(traceToJsonl([r, r])).toBe(`${plain(r)}\n${plain(r)}\n`);
  });
});

describe('jsonlHolds (a locked trace compared with records, no text written)', () => {
  // A small domain, so that two generated traces are often the same and often differ in one place.
  const small = fc.letrec((tie) => ({
    any: fc.oneof({ depthSize: 'small' }, fc.constantFrom(undefined, null, true, 0, 1, -0, 'a', ''), tie('list'), tie('obj')),
    list: fc.array(tie('any'), { maxLength: 2 }),
    obj: fc.dictionary(fc.constantFrom('a', 'b', '1', 't'), tie('any'), { maxKeys: 3 }),
  }));
  const trace = fc.array(small.obj, { maxLength: 3 }) as fc.Arbitrary<TraceRecord[]>;

  it('holds exactly when the records written out are the locked text', () => {
    fc.assert(fc.property(trace, trace, (a, b) => {
      expect(jsonlHolds(traceToJsonl(a), b)).toBe(traceToJsonl(a) === traceToJsonl(b));
    }), { numRuns: 5000 });
  });

  it('sameJson says two values are the same exactly when their lines are', () => {
    fc.assert(fc.property(small.obj, small.obj, (a, b) => {
      expect(sameJson(a, b)).toBe(recordToLine(a as TraceRecord) === recordToLine(b as TraceRecord));
    }), { numRuns: 5000 });
  });

  it('leaves the meta records out on both sides when asked, and nothing else', () => {
    const meta = (m: string) => ({ t: 'meta', mutants: [m] }) as unknown as TraceRecord;
    const ev = (n: number) => ({ t: 'event', e: 'x', n }) as unknown as TraceRecord;
    const locked = traceToJsonl([meta('none'), ev(1), ev(2)]);
    expect(jsonlHolds(locked, [meta('other'), ev(1), ev(2)], true)).toBe(true);
    expect(jsonlHolds(locked, [meta('other'), ev(1), ev(2)])).toBe(false);
    expect(jsonlHolds(locked, [meta('other'), ev(1)], true)).toBe(false);
    expect(jsonlHolds(locked, [meta('other'), ev(1), ev(3)], true)).toBe(false);
    expect(jsonlHolds(locked, [ev(1), ev(2)], true)).toBe(true);
    expect(jsonlHolds('not json\n', [ev(1)])).toBe(false);
  });

  it('holds only for the text traceToJsonl writes, byte for byte', () => {
    const r = { t: 'event', e: 'x', n: 3, list: [{ b: 1, a: 2 }] } as unknown as TraceRecord;
    const line = recordToLine(r);
    expect(jsonlHolds(`${line}\n`, [r])).toBe(true);
    expect(jsonlHolds(`${line}\n${line}\n`, [r, r])).toBe(true);
    expect(jsonlHolds('\n', [])).toBe(true);
    // the same values, written otherwise
    expect(jsonlHolds(`${line}`, [r])).toBe(false); // no final newline
    expect(jsonlHolds(`${line}\r\n`, [r])).toBe(false);
    expect(jsonlHolds(`${line}\n\n${line}\n`, [r, r])).toBe(false); // a blank line
    expect(jsonlHolds(`${line.replace('"n":3', '"n":3.0')}\n`, [r])).toBe(false);
    expect(jsonlHolds(`${line.replace('{"a":2,"b":1}', '{"b":1,"a":2}')}\n`, [r])).toBe(false); // keys out of order
    expect(jsonlHolds(`${line.replace('"n":3', '"n":3,"n":3')}\n`, [r])).toBe(false); // a key twice
    expect(jsonlHolds(`${JSON.stringify(JSON.parse(line), null, 1).replace(/\n/g, '')}\n`, [r])).toBe(false); // spaces
  });
});
