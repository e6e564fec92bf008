/**
 * The golden linter (runs in `npm test`): every golden file is schema-valid, cites rule ids that exist in
 * spec/rules.json, gives its source text, has a unique id equal to its file name, names only known cards, explains
 * every expected-fail, and has a locked trace.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { CASES_DIR, caseFiles, tracePath } from './suite.js';
import { lintHostCase } from './host.js';
import { loadScenario } from '../engine/scenario/load.js';
import { InputError } from '../engine/validation.js';
import type { CardPool } from '../engine/state.js';

export function lintGolden(cards: CardPool, files = caseFiles(), hostFiles = caseFiles(CASES_DIR, 'host')): string[] {
  const problems: string[] = [];
  for (const f of hostFiles) problems.push(...lintHostCase(f, basename(f), (id) => tracePath(id)));
  const ids = new Map<string, string>();
  for (const f of files) {
    const name = basename(f);
    try {
      const s = loadScenario(f, cards);
      if (`${s.id}.json` !== name) problems.push(`${name}: $.id: "${s.id}" does not match the file name`);
      if (ids.has(s.id)) problems.push(`${name}: $.id: "${s.id}" is also the id of ${ids.get(s.id)}`);
      ids.set(s.id, name);
      if (!s.source.quote.trim()) problems.push(`${name}: $.source.quote: empty (quote the rulebook text)`);
      if (s.status === 'expected-fail' && !s.reason) problems.push(`${name}: $.reason: an expected-fail case must say why`);
      if (!existsSync(tracePath(s.id))) problems.push(`${name}: no locked trace golden/traces/${s.id}.jsonl (run: arbiter golden update ${s.id})`);
      const expect = s.expect;
      if (!expect.entities && !expect.players && !expect.result && !expect.events && !expect.count) problems.push(`${name}: $.expect: states no outcome`);
    } catch (e) {
      if (e instanceof InputError) problems.push(`${name}: ${e.message.slice(e.file.length + 2)}`);
      else throw e;
    }
  }
  return problems;
}
