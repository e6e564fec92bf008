/**
 * Host WCG: what happens at once (seed 002, 40.4.1 'and' clauses, 25.4.2.3 combat damage, 35.4 game actions) and a
 * long chain that ends in a loss (42.1.1.1). The scenarios need cards the built-in Host pool lacks (damage to each
 * Entity, to two targets, to both Hosts; both players drawing; a draw-and-gain trigger): they are fixtures here.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { loadHostCards, loadHostScenario } from '../engine/host/load.js';
import { judgeHostScenario } from '../engine/host/judge.js';
import { checkTrace } from '../properties/invariants/index.js';

const DIR = join(ROOT, 'test', 'fixtures', 'host-simultaneous');
const cards = loadHostCards([join(DIR, 'cards')]);
const files = readdirSync(join(DIR, 'cases')).filter((f) => f.endsWith('.json')).sort();

describe('Host: things that happen at once, and a chain that ends in a loss', () => {
  it('has its five cases', () => expect(files).toHaveLength(5));
  for (const f of files) {
    it(f.replace(/\.json$/, ''), () => {
      const file = join(DIR, 'cases', f);
      const j = judgeHostScenario(loadHostScenario(file, cards), file, cards, { invariants: (t) => checkTrace(t) });
      expect(j.failures).toEqual([]);
    });
  }
});
