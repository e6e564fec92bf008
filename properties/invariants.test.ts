/**
 * The invariants on small hand-written traces: each one flags what it should, in plain words, and accepts the
 * same trace done right. Plus the registry's promises (rule ids, fidelity, purity).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceRecord } from '../engine/trace/format.js';
import type { CardDef } from '../engine/cards/format.js';
import { ruleCatalog } from '../engine/rules.js';
import { INVARIANTS, INVARIANT_IDS, checkDeterminism, invariantById, applicable } from './invariants/index.js';

const meta: TraceRecord = { t: 'meta', format: 'arbiter-trace/1', producer: 'test', profile: 'hearthstone', fidelity: 'phases' };
const ent = (id: number, name: string, type = 'minion', controller = 0, zone = 'play', order?: number): TraceRecord =>
  ({ t: 'entity', id, card: name.toLowerCase().replace(/\W+/g, '-'), name, type, controller, zone, ...(order !== undefined ? { order } : {}) });
const open = (id: number, block: 'sequence' | 'phase' | 'step' | 'trigger', kind: string, x: Record<string, unknown> = {}): TraceRecord => ({ t: 'open', id, block, kind, ...x } as TraceRecord);
const close = (id: number): TraceRecord => ({ t: 'close', id });
const ev = (e: Record<string, unknown>): TraceRecord => ({ t: 'event', ...e } as TraceRecord);
const steps = (a: number): TraceRecord[] => [open(a, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(a), open(a + 1, 'step', 'DEATH_CREATION'), close(a + 1), open(a + 2, 'step', 'AURA_UPDATE_OTHER'), close(a + 2)];
const check = (id: string, t: TraceRecord[], env?: Parameters<(typeof INVARIANTS)[number]['check']>[1]) => invariantById(id)!.check(t, env);

const board: TraceRecord[] = [meta, ent(1, 'Jaina', 'hero', 0, 'play', 1), ent(2, 'Jaina', 'hero', 1, 'play', 2), ent(3, 'Cult Master', 'minion', 0, 'play', 3), ent(4, 'Bloodfen Raptor', 'minion', 0, 'play', 4)];

describe('no-mid-phase-deaths (Rule 3)', () => {
  it('flags a death inside a phase, naming the minion and the phase', () => {
    const t = [...board, open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT', { outermost: true }), ev({ e: 'damage', source: 1, target: 3, amount: 4, health: -2 }), ev({ e: 'death', entity: 3 }), close(2), ...steps(3), close(1)];
    const v = check('no-mid-phase-deaths', t);
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toBe('minion #3 Cult Master died inside phase SPELL_TEXT#2, before that phase ended');
    expect(v[0]!.path).toBe('SEQUENCE CAST_SPELL#1 > PHASE SPELL_TEXT#2');
    expect(v[0]!.entities).toEqual([3]);
  });
  it('accepts deaths in the Death Creation Step and a Forced Death Phase', () => {
    const t = [...board, open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT', { outermost: true }),
      ev({ e: 'death', entity: 4 }), open(9, 'phase', 'FORCED_DEATH', { outermost: false }), { t: 'queue', id: 1, block: 9, events: [{ kind: 'died', subject: 4, order: 4 }], entries: [{ source: 4, what: 'death', order: 4, event: 0 }], rule: '7' } as TraceRecord, close(9),
      close(2), open(3, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(3), open(4, 'step', 'DEATH_CREATION'), ev({ e: 'death', entity: 3 }), close(4), close(1)];
    expect(check('no-mid-phase-deaths', t)).toEqual([]);
  });
  it('flags a wrong outermost flag', () => {
    const t = [...board, open(1, 'sequence', 'PLAY_MINION'), open(2, 'phase', 'ON_PLAY', { outermost: true }), open(3, 'phase', 'ON_SUMMON', { outermost: true }), close(3), close(2), close(1)];
    expect(check('no-mid-phase-deaths', t)[0]!.message).toContain('says it is outermost');
  });
});

describe('queue-order (Rule 2a/2b)', () => {
  const q = (entries: { source: number; order: number; event: number; priority?: 'first' | 'last' }[]): TraceRecord =>
    ({ t: 'queue', id: 1, block: 2, events: [{ kind: 'damaged', subject: 3, order: 3 }, { kind: 'damaged', subject: 4, order: 4 }], entries: entries.map((e) => ({ what: 'trigger:0', ...e })), rule: '2b' } as TraceRecord);
  it('accepts priority, then event, then order of play', () => {
    expect(check('queue-order', [...board, q([{ source: 3, order: 3, event: 0, priority: 'first' }, { source: 3, order: 3, event: 0 }, { source: 4, order: 4, event: 0 }, { source: 3, order: 3, event: 1 }, { source: 4, order: 4, event: 0, priority: 'last' }])])).toEqual([]);
  });
  it('flags entries out of order of play', () => {
    const v = check('queue-order', [...board, q([{ source: 4, order: 4, event: 0 }, { source: 3, order: 3, event: 0 }])]);
    expect(v[0]!.rule).toBe('2a');
    expect(v[0]!.message).toContain('puts minion #4 Bloodfen Raptor');
  });
  it('flags an order that is not the entity\'s order of play', () => {
    expect(check('queue-order', [...board, q([{ source: 3, order: 9, event: 0 }])])[0]!.message).toContain('its order of play is 3');
  });
});

describe('immutable-queues (Rule 2c)', () => {
  it('flags a trigger for an entry the queue never had', () => {
    const t = [...board, open(1, 'phase', 'ON_PLAY', { outermost: true }), { t: 'queue', id: 1, block: 1, events: [{ kind: 'played', subject: 3, order: 3 }], entries: [{ source: 3, what: 'trigger:0', order: 3, event: 0 }], rule: '2a' } as TraceRecord,
      open(2, 'trigger', 'played', { subject: 3, queue: 1, entry: 0 }), close(2), open(3, 'trigger', 'played', { subject: 4, queue: 1, entry: 1 }), close(3), close(1)];
    const v = check('immutable-queues', t);
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toContain('was recorded with 1 entry: an entry was added after the queue started resolving');
  });
});

describe('aura-timing (Rule 4a/4b)', () => {
  it('flags aura stats outside an Aura Update and a Health update after deaths', () => {
    const t = [...board, open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT', { outermost: true }), ev({ e: 'stats', entity: 3, attack: 5, health: 3, maxHealth: 3, why: 'aura' }), close(2),
      open(3, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(3), open(4, 'step', 'DEATH_CREATION'), close(4), open(5, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(5), open(6, 'step', 'AURA_UPDATE_OTHER'), close(6), close(1)];
    const v = check('aura-timing', t);
    expect(v.map((x) => x.rule)).toEqual(['4a', '4b']);
    expect(v[0]!.message).toContain('outside an Aura Update step');
  });
  it('accepts the set-up settle and the three steps after each outermost phase', () => {
    const t = [...board, open(1, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(1), open(2, 'step', 'AURA_UPDATE_OTHER'), close(2), open(3, 'sequence', 'END_TURN'), open(4, 'phase', 'END_OF_TURN', { outermost: true }), close(4), ...steps(5), close(3)];
    expect(check('aura-timing', t)).toEqual([]);
  });
});

describe('depth-first (Rule 1b)', () => {
  it('flags a damage answered only after its trigger closed', () => {
    const t = [...board, open(1, 'phase', 'SPELL_TEXT', { outermost: true }),
      { t: 'queue', id: 1, block: 1, events: [{ kind: 'damaged', subject: 3, order: 3 }], entries: [{ source: 3, what: 'trigger:0', order: 3, event: 0 }, { source: 4, what: 'trigger:0', order: 4, event: 0 }], rule: '2a' } as TraceRecord,
      ev({ e: 'damage', source: 1, target: 3, amount: 1, health: 1 }),
      open(2, 'trigger', 'damaged', { subject: 3, queue: 1, entry: 0 }), ev({ e: 'damage', source: 3, target: 4, amount: 1, health: 1 }), close(2),
      open(3, 'trigger', 'damaged', { subject: 4, queue: 1, entry: 1 }), close(3),
      { t: 'queue', id: 2, block: 1, events: [{ kind: 'damaged', subject: 4, order: 4 }], entries: [{ source: 4, what: 'trigger:0', order: 4, event: 0 }], rule: '2a' } as TraceRecord,
      close(1)];
    const v = check('depth-first', t);
    expect(v.length).toBeGreaterThan(0);
    expect(v.at(-1)!.message).toContain('minion #4 Bloodfen Raptor was damaged inside TRIGGER damaged#2 (queue 1 entry 0)');
  });
});

describe('death-phases (Rule 7/8)', () => {
  it('flags deaths with no Death Phase after them', () => {
    const t = [...board, open(1, 'sequence', 'ATTACK'), open(2, 'phase', 'COMBAT', { outermost: true }), close(2), open(3, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(3), open(4, 'step', 'DEATH_CREATION'), ev({ e: 'death', entity: 3 }), close(4), open(5, 'step', 'AURA_UPDATE_OTHER'), close(5), close(1)];
    const v = check('death-phases', t);
    expect(v[0]!.rule).toBe('8');
    expect(v[0]!.message).toBe('minion #3 Cult Master died in DEATH_CREATION#4, but no Death Phase followed to resolve its Death (SEQUENCE ATTACK#1 closed instead)');
  });
});

describe('death-creation-complete (Rule 4a)', () => {
  it('flags a mortally wounded minion left in play', () => {
    const t = [...board, open(1, 'phase', 'SPELL_TEXT', { outermost: true }), ev({ e: 'damage', source: 1, target: 3, amount: 2, health: 0 }), ev({ e: 'damage', source: 1, target: 4, amount: 2, health: 0 }), close(1),
      open(2, 'step', 'AURA_UPDATE_HEALTH_ATTACK'), close(2), open(3, 'step', 'DEATH_CREATION'), ev({ e: 'death', entity: 3 }), close(3)];
    const v = check('death-creation-complete', t);
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toContain('minion #4 Bloodfen Raptor is still in play after DEATH_CREATION#3 although it is at 0 Health');
  });
  it('does not guess: an enchantment makes the Health unknown', () => {
    const t = [...board, ent(9, 'Buff', 'enchantment'), open(1, 'phase', 'SPELL_TEXT', { outermost: true }), ev({ e: 'damage', source: 1, target: 4, amount: 2, health: 0 }), ev({ e: 'enchant', target: 4, enchantment: 9, card: 'buff' }), close(1), open(3, 'step', 'DEATH_CREATION'), close(3)];
    expect(check('death-creation-complete', t)).toEqual([]);
  });
});

describe('game-end (Rule 9)', () => {
  it('flags a decision inside a phase and anything after the end', () => {
    const t = [...board, open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT', { outermost: true }), ev({ e: 'death', entity: 2 }), open(3, 'step', 'GAME_END_CHECK'), ev({ e: 'game_check', result: 'win', winner: 0, rule: '9' }), close(3), ev({ e: 'damage', source: 1, target: 3, amount: 1, health: 1 }), close(2), close(1)];
    const v = check('game-end', t);
    expect(v.map((x) => x.message)).toEqual([
      'GAME_END_CHECK#3 ran inside PHASE SPELL_TEXT#2: the game is decided only when a Sequence ends',
      'the game ended (win) at record 9, but afterwards a damage event happened',
    ]);
  });
  it('flags a result that does not match the heroes', () => {
    const t = [...board, open(1, 'step', 'GAME_END_CHECK'), ev({ e: 'game_check', result: 'ongoing', rule: '9' }), close(1)];
    expect(check('game-end', t)).toEqual([]);
    const dead = [...board, ev({ e: 'death', entity: 1 }), open(1, 'step', 'GAME_END_CHECK'), ev({ e: 'game_check', result: 'ongoing', rule: '9' }), close(1)];
    expect(check('game-end', dead)[0]!.message).toContain("but player A's hero died");
  });
});

describe('negative-triggers (Rule 5)', () => {
  const t = (cls?: string): TraceRecord[] => [...board,
    { t: 'queue', id: 1, block: 1, events: [{ kind: 'damaged', subject: 3, order: 3 }], entries: [{ source: 3, what: 'trigger:0', order: 3, event: 0 }], rule: '2a' } as TraceRecord,
    ev({ e: 'damage', source: 2, target: 4, amount: 3, health: -1 }),
    open(1, 'trigger', 'damaged', { subject: 3, queue: 1, entry: 0, ...(cls ? { class: cls } : {}) }),
    ev({ e: 'random', kind: 'entity', what: 'x: random characters', options: [1, 4], pick: 4 }), close(1)];
  it('flags a negative trigger picking a mortally wounded character (class given by the producer)', () => {
    const v = check('negative-triggers', t('negative'));
    expect(v[0]!.message).toContain('picked minion #4 Bloodfen Raptor, which is at -1 Health');
    expect(check('negative-triggers', t('aoe'))).toEqual([]);
  });
  it('reads the class from the card definitions when the trace does not give it', () => {
    const card = (c: string): CardDef | undefined => (c === 'cult-master' ? { id: c, name: 'Cult Master', type: 'minion', text: '', source: 'test', triggers: [{ when: { on: 'damaged' }, actions: [], class: 'negative' }] } : undefined);
    expect(check('negative-triggers', t(), { card })).toHaveLength(1);
    expect(check('negative-triggers', t())).toEqual([]);
  });
});

describe('phase-skip (Rule 6)', () => {
  it('flags a phase run for a subject that left play', () => {
    const t = [...board, open(1, 'sequence', 'PLAY_MINION'), ev({ e: 'death', entity: 3 }), open(2, 'phase', 'BATTLECRY', { subject: 3 }), close(2), close(1)];
    expect(check('phase-skip', t)[0]!.message).toBe('phase BATTLECRY#2 ran for minion #3 Cult Master, which had left play (graveyard): a later Phase is skipped when its subject is gone');
  });
});

describe('health-arithmetic (seed 003 Heal / Change Health, Rule 4b)', () => {
  const stats = (health: number, maxHealth: number, why = 'setup') => ev({ e: 'stats', entity: 3, attack: 4, health, maxHealth, why });
  it('flags damage and healing that do not add up, and healing past the maximum', () => {
    expect(check('health-arithmetic', [...board, stats(5, 5), ev({ e: 'damage', source: 4, target: 3, amount: 2, health: 2 })])[0]!.message).toBe('minion #3 Cult Master: damage of 2 takes Health from 5 to 2, not 3');
    expect(check('health-arithmetic', [...board, stats(3, 5), ev({ e: 'heal', source: 4, target: 3, amount: 3, health: 6 })]).map((v) => v.message)).toContain('minion #3 Cult Master: healed to 6, above its maximum Health 5: a character cannot be healed past its maximum');
    expect(check('health-arithmetic', [...board, stats(5, 5), ev({ e: 'damage', source: 4, target: 3, amount: 2, health: 3 }), ev({ e: 'heal', source: 4, target: 3, amount: 2, health: 5 })])).toEqual([]);
  });
  it('flags a lost aura that takes Health below the new maximum (Rule 4b), accepts the rule and unknown values', () => {
    const lost = (health: number) => [...board, stats(1, 6), ev({ e: 'stats', entity: 3, attack: 4, health, maxHealth: 5, why: 'aura' })];
    expect(check('health-arithmetic', lost(0))[0]).toMatchObject({ rule: '4b' });
    expect(check('health-arithmetic', lost(1))).toEqual([]);
    // an enchantment since the last stated Health: not judged
    expect(check('health-arithmetic', [...board, stats(5, 5), ev({ e: 'enchant', target: 3, enchantment: 9, card: 'x' }), ev({ e: 'damage', source: 4, target: 3, amount: 2, health: 5 })])).toEqual([]);
  });
});

describe('survival-check (Rule 5b)', () => {
  const cond = (result: boolean) => ev({ e: 'condition', source: 4, subject: 3, reads: 'mortally_wounded', result });
  it('flags an "if it survives" that reads a minion marked for destruction as alive', () => {
    const t = [...board, ev({ e: 'destroy_mark', target: 3 }), cond(false)];
    expect(check('survival-check', t)[0]!.message).toBe('minion #4 Bloodfen Raptor read minion #3 Cult Master as alive, but it is marked for destruction: "if it survives" reads mortally wounded and pending destroy as dead');
  });
  it('flags a reading that calls a minion at positive Health dead, and accepts true readings', () => {
    expect(check('survival-check', [...board, ev({ e: 'damage', source: 4, target: 3, amount: 1, health: 1 }), cond(true)])).toHaveLength(1);
    expect(check('survival-check', [...board, ev({ e: 'damage', source: 4, target: 3, amount: 3, health: -1 }), cond(true)])).toEqual([]);
    expect(check('survival-check', [...board, ev({ e: 'damage', source: 4, target: 3, amount: 1, health: 1 }), cond(false)])).toEqual([]);
    // Health never stated: not judged
    expect(check('survival-check', [...board, cond(true)])).toEqual([]);
  });
});

describe('trigger-filters (Rules 10, 10-controller)', () => {
  const imp = { id: 'imp-master', name: 'Imp Master', type: 'minion', triggers: [{ when: { on: 'turn_end', player: 'friendly' }, actions: [], class: 'neutral' }] } as unknown as CardDef;
  const other = { id: 'cult-master', name: 'Cult Master', type: 'minion', triggers: [{ when: { on: 'died', subject: { type: 'minion', player: 'friendly', is: 'other' } }, actions: [], class: 'neutral' }] } as unknown as CardDef;
  const env = { card: (id: string) => (id === 'imp-master' ? imp : id === 'cult-master' ? other : undefined) };
  const queue = (source: number, subject: number, kind: string): TraceRecord => ({ t: 'queue', id: 1, block: 2, events: [{ kind, subject, order: 1 }], entries: [{ source, what: 'trigger:0', order: 3, event: 0 }], rule: '2a' } as TraceRecord);
  it('flags an end-of-turn trigger for the turn of the player who no longer controls it', () => {
    const t = [meta, ent(1, 'Jaina', 'hero', 0, 'play', 1), ent(2, 'Jaina', 'hero', 1, 'play', 2), ent(5, 'Imp Master', 'minion', 0, 'play', 3), ev({ e: 'control', entity: 5, from: 0, to: 1 }), queue(5, 1, 'turn_end')];
    expect(check('trigger-filters', t, env)[0]).toMatchObject({ rule: '10-controller', entities: [5, 1] });
    const ok = [meta, ent(1, 'Jaina', 'hero', 0, 'play', 1), ent(2, 'Jaina', 'hero', 1, 'play', 2), ent(5, 'Imp Master', 'minion', 0, 'play', 3), ev({ e: 'control', entity: 5, from: 0, to: 1 }), queue(5, 2, 'turn_end')];
    expect(check('trigger-filters', ok, env)).toEqual([]);
  });
  it('flags an "other minion" trigger on its own minion, and accepts another friendly minion', () => {
    expect(check('trigger-filters', [...board, queue(3, 3, 'died')], env)[0]!.message).toContain("(it is the trigger's own minion)");
    expect(check('trigger-filters', [...board, queue(3, 4, 'died')], env)).toEqual([]);
    // without the card definitions nothing is judged
    expect(check('trigger-filters', [...board, queue(3, 3, 'died')])).toEqual([]);
  });
});

describe('game-end: an attack is decided between Preparation and Combat (9-attack)', () => {
  it('flags a Combat Phase with no game check after the Preparation Phase', () => {
    const t = [...board, open(1, 'sequence', 'ATTACK'), open(2, 'phase', 'PREPARATION', { outermost: true }), close(2), ...steps(3), open(6, 'phase', 'COMBAT', { outermost: true }), close(6)];
    expect(check('game-end', t).map((v) => v.rule)).toContain('9-attack');
    const ok = [...board, open(1, 'sequence', 'ATTACK'), open(2, 'phase', 'PREPARATION', { outermost: true }), close(2), ...steps(3), open(7, 'step', 'GAME_END_CHECK'), ev({ e: 'game_check', result: 'ongoing', rule: '9-attack' }), close(7), open(6, 'phase', 'COMBAT', { outermost: true }), close(6)];
    expect(check('game-end', ok).filter((v) => v.rule === '9-attack')).toEqual([]);
  });
});

describe('force-play-oldest (Rule 2 note)', () => {
  it('flags a force-played minion that is not the oldest', () => {
    const t = [...board, ent(5, 'Mal\'Ganis', 'minion', 0, 'hand'), ev({ e: 'zone', entity: 5, from: 'hand', to: 'play' }), ev({ e: 'summon', entity: 5, card: 'x', controller: 0, position: 2, order: 9 })];
    expect(check('force-play-oldest', t)[0]!.message).toContain('minion #5 Mal\'Ganis was put into play from hand with order 9');
    const ok = [...board, ent(5, 'Mal\'Ganis', 'minion', 0, 'hand'), ev({ e: 'zone', entity: 5, from: 'hand', to: 'play' }), ev({ e: 'summon', entity: 5, card: 'x', controller: 0, position: 2, order: 0 })];
    expect(check('force-play-oldest', ok)).toEqual([]);
  });
});

describe('conservation', () => {
  it('flags a move from the wrong zone, an action on a dead minion and an unknown entity', () => {
    const t = [...board, open(1, 'phase', 'X'), ev({ e: 'death', entity: 3 }), ev({ e: 'damage', source: 1, target: 3, amount: 1, health: 1 }), ev({ e: 'zone', entity: 4, from: 'hand', to: 'graveyard' }), ev({ e: 'freeze', target: 77 }), close(1)];
    const v = check('conservation', t).map((x) => x.message);
    expect(v).toEqual([
      'damage hits minion #3 Cult Master, which is in graveyard, not in play',
      'minion #4 Bloodfen Raptor moves from hand to graveyard, but it was in play',
      'a freeze event names entity #77, which the trace never introduced',
    ]);
  });
  it('flags an eighth minion', () => {
    const t: TraceRecord[] = [meta, ...Array.from({ length: 8 }, (_, i) => ent(10 + i, `M${i}`, 'minion', 1)), open(1, 'phase', 'X'), close(1)];
    expect(check('conservation', t)[0]!.message).toContain('player B has 8 minions in play');
  });
});

describe('determinism', () => {
  it('flags two runs that differ', () => {
    let n = 0;
    const v = checkDeterminism(() => [meta, ev({ e: 'random', kind: 'int', what: 'x', options: [1, 2], pick: ++n })]);
    expect(v[0]!.message).toContain('differ at record 1');
    expect(checkDeterminism(() => [meta])).toEqual([]);
  });
});

describe('the registry', () => {
  it('cites rule ids from spec/rules.json, with a fidelity, profiles and a description', () => {
    const rules = ruleCatalog();
    expect(new Set(INVARIANT_IDS).size).toBe(INVARIANT_IDS.length);
    for (const i of INVARIANTS) {
      expect(i.rules.length, i.id).toBeGreaterThan(0);
      for (const r of i.rules) expect(rules.has(r), `${i.id} cites unknown rule ${r}`).toBe(true);
      expect(['final_state', 'events', 'phases']).toContain(i.fidelity);
      expect(i.profiles.length).toBeGreaterThan(0);
      expect(i.description.length).toBeGreaterThan(20);
    }
    expect(applicable('events').map((i) => i.id).sort()).toEqual(['conservation', 'force-play-oldest', 'health-arithmetic', 'stat-layers', 'survival-check']);
  });
  it('invariants are pure: they import nothing from the engine but types and the trace vocabulary', () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'invariants');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/^import (type )?[^;]*from '([^']+)'/gm)) {
        if (m[2]!.includes('/engine/') && !m[1]) expect(m[2], `${f} imports engine code`).toMatch(/engine\/trace\/format\.js$/);
      }
    }
  });
});
