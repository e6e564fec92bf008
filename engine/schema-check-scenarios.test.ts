/**
 * The compiled schema check agrees with jsonschema on every golden scenario, its reference trace (jsonschema on the
 * records that show every record shape) and the adapter answer built from it, whole and broken at every place
 * (engine/schema-check.test.ts: the card files).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchema, readJson, ROOT } from './validation.js';
import { readCardPool } from './cards/pool.js';
import { runScenario } from './scenario/run.js';
import { loadScenario } from './scenario/load.js';
import { comparableFromGame } from '../differential/compare.js';
import { agree, broken, coveringSample, fastValid } from '../test/support/schema-agree.js';

describe('the compiled schema check agrees with jsonschema', () => {
  const cards = readCardPool();
  const caseFiles = readdirSync(join(ROOT, 'golden', 'cases')).filter((f) => f.endsWith('.json')).sort().map((f) => join(ROOT, 'golden', 'cases', f));

  it('on the golden scenarios, their traces and the adapter answers, whole and broken', () => {
    // A trace is a list of records and nothing more (its schema: an array, each item a record), so a trace is valid
    // exactly when each of its records is: jsonschema judges the records that show every record shape the traces
    // show, and a broken trace by the records the break changed; the compiled check judges every trace whole.
    const traceSchema = loadSchema('trace.schema.json') as Record<string, unknown>;
    expect(Object.keys(traceSchema).filter((k) => !['$schema', 'title', 'description', 'definitions'].includes(k)).sort()).toEqual(['items', 'type']);
    expect(traceSchema.type).toBe('array');
    const records: unknown[] = [];
    let invalid = 0;
    for (const [i, f] of caseFiles.entries()) {
      const doc = readJson(f);
      // Host scenarios have their own schema and kernel (engine/host); checked below.
      if ((doc as { profile?: string }).profile === 'host') { expect(agree('host-scenario.schema.json', doc)).toBe(true); continue; }
      expect(agree('scenario.schema.json', doc)).toBe(true);
      const r = runScenario(loadScenario(f, cards), f, { cards });
      expect(fastValid('trace.schema.json', r.trace), f).toBe(true);
      records.push(...r.trace);
      const answer = { type: 'result', case: 'c', final: comparableFromGame(r.g), trace: r.trace };
      expect(agree('adapter-response.schema.json', answer)).toBe(true);
      if (i % 11 !== 0) continue;
      for (const b of broken(doc, 25)) if (!agree('scenario.schema.json', b)) invalid++;
      const head = r.trace.slice(0, 25);
      for (const b of broken(head, 25)) {
        const changed = Array.isArray(b) && b.length === head.length ? b.filter((x, k) => JSON.stringify(x) !== JSON.stringify(head[k])) : b;
        // the whole broken trace and the records it changed get the same verdict from the compiled check
        expect(fastValid('trace.schema.json', b)).toBe(fastValid('trace.schema.json', changed));
        if (!agree('trace.schema.json', changed)) invalid++;
      }
      for (const b of broken({ ...answer, trace: r.trace.slice(0, 8) }, 15)) if (!agree('adapter-response.schema.json', b)) invalid++;
    }
    const sample = coveringSample(records);
    expect(sample.length).toBeGreaterThan(100);
    expect(agree('trace.schema.json', sample)).toBe(true);
    expect(invalid).toBeGreaterThan(150);
  });

});
