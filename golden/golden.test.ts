/** The golden suite in `npm test`: the linter, every case on the reference engine, and a broken engine caught. */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../engine/cards/pool.js';
import { verifyAll, summarize, runCase } from './suite.js';
import type { Scenario } from '../engine/scenario/format.js';
import { lintGolden } from './lint.js';
import { formatGolden } from './format.js';

const cards = loadCardPool();

describe('golden suite', () => {
  it('every golden file is well formed: schema, rule ids, source, unique ids, known cards, locked trace', () => {
    expect(lintGolden(cards)).toEqual([]);
  });

  it('the reference engine gives every stated outcome and the locked trace (at least 40 cases, at most 3 expected-fail)', () => {
    const results = verifyAll(cards);
    const c = summarize(results);
    expect(results.length).toBeGreaterThanOrEqual(40);
    expect(c['expected-fail']).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r.status === 'expected-fail').every((r) => (r.reason ?? '').length > 20)).toBe(true);
    expect(results.filter((r) => !['pass', 'expected-fail'].includes(r.status)).map((r) => `${r.id}: ${r.failures.join('; ')}`)).toEqual([]);
  });

  it('an engine where minions die the moment they reach 0 health fails the examples that depend on Rule 3, with readable diffs', () => {
    const results = verifyAll(cards, { mutants: ['die-at-zero-health'] });
    const failed = new Map(results.filter((r) => r.status === 'fail').map((r) => [r.id, r]));
    // Examples whose stated outcome depends on deaths waiting for the end of the Phase:
    for (const id of ['cult-master-novice-engineer-mad-bomber-reversed', 'dark-cultist-buffs-mortally-wounded-yeti', 'baron-geddon-healing-totem-survives', 'unstable-ghouls-acolyte-draws-three']) {
      const r = failed.get(id);
      expect(r, `${id} should fail on the broken engine`).toBeDefined();
      // a stated-outcome failure in plain words, plus a unified diff of the trace
      expect(r!.failures.some((f) => /expected/.test(f))).toBe(true);
      expect(r!.diff).toMatch(/^@@ .* @@$/m);
      expect(r!.diff).toMatch(/^\+.*"rule":"mutant:die-at-zero-health"/m);
    }
    const text = formatGolden(results);
    expect(text).toMatch(/FAIL  cult-master-novice-engineer-mad-bomber-reversed/);
    // the rule of the first divergence from the locked trace, not only the rules the case cites
    expect(failed.get('dark-cultist-buffs-mortally-wounded-yeti')!.failures).toContainEqual(expect.stringMatching(/^first divergence from the locked trace: rule 3 at events\[\d+\]: /));
    expect(text).toMatch(/golden: \d+ scenarios: \d+ pass, \d+ expected-fail, 0 unexpected pass, \d+ fail, 0 error/);
  });

  it('an outcome stated without forcing the random choices it depends on fails on the branches where it is false', () => {
    const s: Scenario = {
      format: 'arbiter-scenario/1', id: 'bomber-open', title: 'Mad Bomber hits the Yeti three times?', rules: ['5'], source: { seed: 'test', quote: 'test' },
      setup: { active: 'A', A: { hand: [{ card: 'Mad Bomber', label: 'mb' }] }, B: { board: [{ card: 'Chillwind Yeti', label: 'y' }] } },
      actions: [{ play: 'mb' }], expect: { entities: { y: { health: 2 } } },
    };
    const { failures } = runCase(s, '<test>', cards);
    expect(failures.some((f) => /^\[random outcome \d+\/27: picks [\d,]+\] entity "y" \(Chillwind Yeti\): expected health 2, got [345]$/.test(f))).toBe(true);
    const forced = runCase({ ...s, random: ['y', 'y', 'y'] }, '<test>', cards);
    expect(forced.failures).toEqual([]);
  });
});
