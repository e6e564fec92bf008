/**
 * The compiled schema check agrees with jsonschema on every golden scenario, its reference trace and the adapter
 * answer built from it, whole and broken at every place (engine/schema-check.test.ts: the card files).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJson, ROOT } from './validation.js';
import { readCardPool } from './cards/pool.js';
import { runScenario } from './scenario/run.js';
import { loadScenario } from './scenario/load.js';
import { comparableFromGame } from '../differential/compare.js';
import { agree, broken } from '../test/support/schema-agree.js';

describe('the compiled schema check agrees with jsonschema', () => {
  const cards = readCardPool();
  const caseFiles = readdirSync(join(ROOT, 'golden', 'cases')).filter((f) => f.endsWith('.json')).sort().map((f) => join(ROOT, 'golden', 'cases', f));

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

});
