/**
 * The Host kernel, rule by rule where the golden cases do not reach: the card data, the stat calculation as a
 * property (18.6, 26.1.4.2, 26.2.2), a loop that ends the game is not an infinite loop (42.1.1.1), user card files,
 * and what the loader refuses.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOST_CARDS_DIR, checkCard, loadHostCards, parseHostScenario } from './load.js';
import { computeStats, modsOf, stats, type StatMod } from './stats.js';
import { loadHostScenario } from './load.js';
import { isEntityInPlay } from './state.js';
import { caseFiles } from '../../golden/suite.js';
import { runHostScenario } from './run.js';
import type { HostScenario } from './format.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const cards = loadHostCards();

describe('Host cards (spec/host/cards)', () => {
  it('every card is valid and the cards the seed names exist', () => {
    for (const c of cards.list) expect(() => checkCard(HOST_CARDS_DIR, c)).not.toThrow();
    for (const n of ['Vampire Aristocrat', 'Grace, Aligner of Stars', 'Xin, Master of Pain', 'Deep Sea Mermaid', 'Creeping Corrosion', 'Mystic Sphinx of Old']) expect(cards.has(n), n).toBe(true);
    // each choice the seed leaves open about a seed-named card is written down
    for (const n of ['Vampire Aristocrat', 'Grace, Aligner of Stars', 'Xin, Master of Pain', 'Creeping Corrosion', 'Mystic Sphinx of Old']) expect(cards.get(n).assumptions?.length, n).toBeGreaterThan(0);
  });
});

describe('stat calculation (host/18.6, host/26.1.4.2, host/26.2.3.2, host/26.2.2)', () => {
  const mod = fc.record({ kind: fc.constant('add' as const), power: fc.integer({ min: -5, max: 5 }), health: fc.integer({ min: -5, max: 5 }), seq: fc.nat() });
  it('the order in which increases and decreases were given does not matter, and power is never below 0', () => {
    fc.assert(fc.property(fc.array(mod, { maxLength: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 6 }), (mods, p, h) => {
      const a = computeStats({ power: p, health: h }, mods);
      const b = computeStats({ power: p, health: h }, [...mods].reverse());
      expect(a).toEqual(b);
      expect(a.power).toBeGreaterThanOrEqual(0);
      expect(a.health).toBe(h + mods.reduce((s, m) => s + m.health, 0));
    }), { seed: 7, numRuns: 300 });
  });
  it('the kernel\'s stats (folded without building the changes) are computeStats over modsOf, in every Host golden game', () => {
    const setMod = fc.record({ kind: fc.constant('set' as const), power: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), health: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }), seq: fc.nat({ max: 3 }) });
    let checked = 0;
    for (const f of caseFiles(undefined, 'host')) {
      const { g } = runHostScenario(loadHostScenario(f, cards), f, { cards });
      for (const e of g.s.entities) {
        const base = { power: e.card.type === 'host' ? e.card.soul ?? 0 : e.card.power ?? 0, health: e.card.health ?? 0 };
        expect(stats(g, e), `${f} #${e.id}`).toEqual(computeStats(base, modsOf(g, e)));
        checked++;
      }
      // and with own changes of every kind added, sets of equal time among them (the last given wins)
      const e = g.s.entities.find(isEntityInPlay) ?? g.s.entities[0]!;
      const own = e.mods;
      fc.assert(fc.property(fc.array(fc.oneof(mod, setMod), { maxLength: 5 }), (extra) => {
        e.mods = [...own, ...extra];
        const base = { power: e.card.type === 'host' ? e.card.soul ?? 0 : e.card.power ?? 0, health: e.card.health ?? 0 };
        expect(stats(g, e)).toEqual(computeStats(base, modsOf(g, e)));
      }), { seed: 11, numRuns: 30 });
      e.mods = own;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('effects that set a value apply after all changes, in the order given (18.6.3)', () => {
    const mods: StatMod[] = [{ kind: 'set', power: 2, health: 4, seq: 1 }, { kind: 'add', power: 1, health: 1, seq: 2 }, { kind: 'set', health: 7, seq: 3 }];
    expect(computeStats({ power: 2, health: 2 }, mods)).toEqual({ power: 2, health: 7 });
  });
});

function scenario(over: Partial<HostScenario['setup']['A']>, overB: Partial<HostScenario['setup']['B']>, actions: HostScenario['actions']): HostScenario {
  const p = (o: object) => ({ host: 'Morrow, Host of Dusk', deck: [{ card: 'Stone Sentinel', copies: 5 }], hand: [{ card: 'Stone Sentinel', copies: 2 }], ...o });
  return { format: 'arbiter-scenario/1', profile: 'host', id: 't', title: 't', rules: ['host/42.1.1.1'], source: { seed: '002', quote: 'test' }, setup: { active: 'A', A: p(over), B: p(overB) }, actions, expect: {} } as HostScenario;
}

describe('infinite loops (host/42.1)', () => {
  it('a loop that ends with a player losing is not an infinite loop: it resolves until the game ends (42.1.1.1)', () => {
    const dir = tempDir('arbiter-host-cards-');
    writeFileSync(join(dir, 'spite.json'), JSON.stringify({
      id: 'spite-sphinx', name: 'Spite Sphinx', type: 'entity', resource: 'strife', cost: { strife: 1 }, power: 1, health: 1, text: 'Whenever your opponent gains a resource, deal 1 damage to their Host, then gain 1 Strife.',
      abilities: [{ kind: 'trigger', when: { on: 'resource_gained', whose: 'opponent' }, effect: { parts: [{ do: 'damage_host', player: 'opponent', amount: 1 }, { do: 'gain_resource', player: 'you', type: 'strife', amount: 1, join: 'then' }] } }],
    }));
    const pool = loadHostCards([dir]);
    const passes = Array.from({ length: 20 }, () => [{ by: 'A' as const, pass: true as const }, { by: 'B' as const, pass: true as const }]).flat();
    const s = scenario({ frontrow: [{ card: 'Spite Sphinx', slot: 0 }] }, { frontrow: [{ card: 'Spite Sphinx', slot: 0 }] }, [{ by: 'A', ap: 'resource' }, ...passes]);
    const r = runHostScenario(parseHostScenario('t.json', s, pool), 't.json', { cards: pool });
    expect(r.final.result).not.toBe('ongoing');
    expect(r.trace.some((x) => x.t === 'event' && x.e === 'stack_resolve' && x.result === 'loop')).toBe(false);
    // the same with the Mystic Sphinx of Old, whose loop never ends: its effect does not resolve (42.1.2)
    const m = scenario({ frontrow: [{ card: 'Mystic Sphinx of Old', slot: 0 }] }, { frontrow: [{ card: 'Mystic Sphinx of Old', slot: 0 }] }, [{ by: 'A', ap: 'resource' }, ...passes]);
    const rm = runHostScenario(parseHostScenario('m.json', m, cards), 'm.json', { cards });
    expect(rm.final.result).toBe('ongoing');
    expect(rm.trace.filter((x) => x.t === 'event' && x.e === 'stack_resolve' && x.result === 'loop').length).toBe(1);
  });
});

describe('the loader refuses what the rules or the format forbid', () => {
  const bad = (f: (s: HostScenario) => void) => { const s = scenario({}, {}, []); f(s); return () => parseHostScenario('x.json', s, cards); };
  it('names the JSON path', () => {
    expect(bad((s) => { s.setup.A.frontrow = [{ card: 'Stone Sentinel', slot: 1 }, { card: 'Stone Sentinel', slot: 1 }]; })).toThrow(/x\.json: \$\.setup\.A\.frontrow\[1\]\.slot: slot 1 holds another card already/);
    expect(bad((s) => { s.setup.A.frontrow = [{ card: 'Creeping Corrosion', slot: 1 }]; })).toThrow(/\$\.setup\.A\.frontrow\[0\]: "Creeping Corrosion" is a ambush card; this place takes entity/);
    expect(bad((s) => { s.rules = ['host/99.9']; })).toThrow(/\$\.rules\[0\]: unknown rule id "host\/99\.9"/);
    expect(bad((s) => { s.setup.B.markers = [{ card: 'Iron Gauntlet', attachedTo: 'nobody' }]; })).toThrow(/\$\.setup\.B\.markers\[0\]\.attachedTo/);
    expect(bad((s) => { (s.setup.A as { hand: unknown[] }).hand = [{ card: 'Stone Sentinel', label: 'x', copies: 2 }]; })).toThrow(/\$\.setup\.A\.hand\[0\]\.label: a labelled card has one copy/);
  });
});
