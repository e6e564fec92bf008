/**
 * The board-level invariants on traces of the reference engine, doctored the way a wrong producer would write them:
 * the legality oracle judges from the trace alone (no engine state), refusals must say why and be true.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { TraceRecord } from '../engine/trace/format.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { ROOT } from '../engine/validation.js';
import { invariantById } from './invariants/index.js';

const cards = loadCardPool();
const traceOf = (id: string) => runScenario(loadScenario(join(ROOT, 'golden', 'cases', `${id}.json`), cards), id, { cards }).trace;
const check = (id: string, t: readonly TraceRecord[]) => invariantById(id)!.check(t);

/** Replace the refusal of action `i` with an ATTACK Sequence of `a` on `d` (what an engine that takes it records). */
function takeAttack(t: readonly TraceRecord[], a: number, d: number): TraceRecord[] {
  const at = t.findIndex((r) => r.t === 'event' && r.e === 'refused');
  const seq: TraceRecord[] = [
    { t: 'open', id: 900, block: 'sequence', kind: 'ATTACK', subject: a, player: 0 },
    { t: 'open', id: 901, block: 'phase', kind: 'PREPARATION', subject: a, target: d, outermost: true },
    { t: 'close', id: 901 }, { t: 'close', id: 900 },
  ];
  return [...t.slice(0, at), ...seq, ...t.slice(at + 1)];
}

describe('legality-oracle (rule legality), judged from the trace', () => {
  it('every golden trace is legal', () => {
    for (const id of ['legality-frozen-minion-cannot-attack', 'legality-taunt-must-be-attacked-first', 'legality-stealth-minion-cannot-be-attacked-or-targeted', 'legality-full-board-and-mana', 'legality-summoning-sickness-and-one-attack', 'legality-frozen-by-the-opponent-misses-its-next-attack']) {
      expect(check('legality-oracle', traceOf(id)), id).toEqual([]);
    }
  });
  it('flags a frozen attacker that attacks, naming it and why', () => {
    const t = traceOf('legality-frozen-minion-cannot-attack');
    const v = check('legality-oracle', takeAttack(t, 3, 5));
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toBe('ATTACK of minion #3 Chillwind Yeti (yeti) was taken although minion #3 Chillwind Yeti (yeti) is Frozen');
  });
  it('a statement that the attacker thawed early does not hide it: Freeze lasts through its controller\'s next turn', () => {
    const t = traceOf('legality-frozen-by-the-opponent-misses-its-next-attack');
    const yeti = (t.find((r) => r.t === 'entity' && r.label === 'yeti') as { id: number }).id;
    // The producer states the Yeti thawed when B's turn ended (Freeze thawing the wrong side), then lets it attack.
    const at = t.findIndex((r) => r.t === 'event' && r.e === 'refused');
    const thawed = [...t.slice(0, at), { t: 'event', e: 'status', entity: yeti, frozen: false } as TraceRecord, ...t.slice(at)];
    const heroB = (t.find((r) => r.t === 'entity' && r.label === 'heroB') as { id: number } | undefined)?.id ?? 5;
    const v = check('legality-oracle', takeAttack(thawed, yeti, heroB));
    expect(v.map((x) => x.message).join('\n')).toMatch(/is Frozen/);
  });
  it('flags an attack past Taunt and on a Stealth minion; reads keywords from status records only', () => {
    const taunt = traceOf('legality-taunt-must-be-attacked-first');
    const label = (t: readonly TraceRecord[], l: string) => (t.find((r) => r.t === 'entity' && r.label === l) as { id: number }).id;
    const refusedAt = taunt.findIndex((r) => r.t === 'event' && r.e === 'refused');
    const act = taunt[refusedAt - 1] as Extract<TraceRecord, { e: 'action' }>;
    const v = check('legality-oracle', takeAttack(taunt, act.subject!, act.target!));
    expect(v.map((x) => x.message).join('\n')).toMatch(/a Taunt minion \(minion #\d+ Frostwolf Grunt.*\) stands in the way/);
    // Without the status records the oracle knows no keyword and judges nothing it cannot see.
    const bare = takeAttack(taunt.filter((r) => !(r.t === 'event' && r.e === 'status')), act.subject!, act.target!);
    expect(check('legality-oracle', bare)).toEqual([]);
    const stealth = traceOf('legality-stealth-minion-cannot-be-attacked-or-targeted');
    const v2 = check('legality-oracle', takeAttack(stealth, label(stealth, 'yeti'), label(stealth, 'panther')));
    expect(v2.map((x) => x.message).join('\n')).toMatch(/is in Stealth/);
  });
  it('flags a payment beyond the mana the player had', () => {
    const t = traceOf('legality-full-board-and-mana');
    const at = t.findIndex((r) => r.t === 'event' && r.e === 'refused');
    const doctored = [...t.slice(0, at), { t: 'event', e: 'mana', player: 0, spent: 4, left: -1 } as TraceRecord, ...t.slice(at + 1)];
    expect(check('legality-oracle', doctored).map((x) => x.message)).toEqual(['a payment of 4 mana was taken although the player had 3 mana']);
  });
});

describe('refusals (rules legality, board-limit)', () => {
  it('accepts the golden traces', () => {
    for (const id of ['legality-full-board-and-mana', 'harvest-golem-full-board-summons-into-its-own-slot', 'noble-sacrifice-aborts-full-board']) expect(check('refusals', traceOf(id)), id).toEqual([]);
  });
  it('flags an attempt that neither begins nor is refused, and a refusal without a reason', () => {
    const t = traceOf('legality-frozen-minion-cannot-attack');
    const silent = t.filter((r) => !(r.t === 'event' && r.e === 'refused'));
    expect(check('refusals', silent).map((x) => x.message)).toEqual(['action 0 (attack) neither began its Sequence nor left a refused record saying why']);
    const mute = t.map((r) => (r.t === 'event' && r.e === 'refused' ? { ...r, reason: ' ' } : r));
    expect(check('refusals', mute).map((x) => x.message)).toEqual(['the refusal of action 0 does not say why (reason and rule are required)']);
  });
  it('flags a summon refused with room on the board', () => {
    const t = traceOf('legality-frozen-minion-cannot-attack');
    const at = t.findIndex((r) => r.t === 'event' && r.e === 'refused');
    const doctored = [...t.slice(0, at), { t: 'event', e: 'summon_refused', player: 0, card: 'CS2_231', reason: 'the board of player A is full', rule: 'board-limit' } as TraceRecord, ...t.slice(at)];
    expect(check('refusals', doctored).map((x) => x.message)).toEqual(['a summon of CS2_231 for player A was refused ("the board of player A is full") with 1 minion(s) on that board: the limit is 7']);
  });
});

describe('stat-layers (Rules 4d, 4-aura-priority)', () => {
  const find = (t: readonly TraceRecord[], p: (r: TraceRecord) => boolean) => t.findIndex(p);
  it('accepts the golden traces of enchantment + aura and cost priority', () => {
    for (const id of ['lightspawn-aura-last', 'summoning-portal-mechwarper-harvest-golem', 'stormwind-champion-redemption-fireball', 'cone-of-cold-champion-sheep-mana-wyrm']) {
      expect(check('stat-layers', traceOf(id)), id).toEqual([]);
    }
  });
  it('flags cost changes stated out of priority order, and a cost the stated changes do not give', () => {
    const t = traceOf('summoning-portal-mechwarper-harvest-golem');
    const i = find(t, (r) => r.t === 'event' && r.e === 'status' && (r.costLayers?.length ?? 0) >= 2);
    expect(i).toBeGreaterThan(0);
    const r = t[i] as Extract<TraceRecord, { e: 'status' }>;
    const swapped = { ...r, costLayers: [...r.costLayers!].reverse() } as TraceRecord;
    const v = check('stat-layers', [...t.slice(0, i), swapped, ...t.slice(i + 1)]);
    expect(v.map((x) => x.rule)).toContain('4-aura-priority');
    const wrong = { ...r, cost: r.cost! + 1 } as TraceRecord;
    expect(check('stat-layers', [...t.slice(0, i), wrong, ...t.slice(i + 1)]).map((x) => x.message).join('\n')).toMatch(/cost \d+ stated, but its printed \d+ with its cost changes in order gives \d+/);
  });
  it('flags an aura applied before an enchantment, and stats the layers do not give', () => {
    const t = traceOf('stormwind-champion-redemption-fireball');
    const i = find(t, (r) => r.t === 'event' && r.e === 'stats' && (r.layers?.some((l) => l.kind === 'aura') ?? false));
    expect(i).toBeGreaterThan(0);
    const r = t[i] as Extract<TraceRecord, { e: 'stats' }>;
    const fake = { source: r.layers![0]!.source, kind: 'enchantment', order: 1, attack: 0 };
    const auraFirst = { ...r, layers: [...r.layers!, fake] } as TraceRecord;
    expect(check('stat-layers', [...t.slice(0, i), auraFirst, ...t.slice(i + 1)]).map((x) => x.message).join('\n')).toMatch(/an enchantment is applied after a Health\/Attack aura/);
    const off = { ...r, maxHealth: r.maxHealth + 1, health: r.health + 1 } as TraceRecord;
    expect(check('stat-layers', [...t.slice(0, i), off, ...t.slice(i + 1)]).map((x) => x.message).join('\n')).toMatch(/maximum Health \d+ stated, but its printed \d+ with its layers in order gives \d+/);
  });
});

describe('board-positions (rule board-position, an assumption)', () => {
  const env = { card: (id: string) => (cards.has(id) ? cards.get(id) : undefined) };
  const checkEnv = (t: readonly TraceRecord[]) => invariantById('board-positions')!.check(t, env);
  it('accepts the golden traces', () => {
    for (const id of ['harvest-golem-full-board-summons-into-its-own-slot', 'harvest-golem-explosive-sheep', 'dr-boom-sacred-trial', 'force-play-minion-is-oldest', 'summon-sequence-on-summon-after-summon']) expect(checkEnv(traceOf(id)), id).toEqual([]);
  });
  it('flags a Deathrattle summon at the right end instead of the dead minion\'s place, and a gap', () => {
    const t = traceOf('harvest-golem-full-board-summons-into-its-own-slot');
    const i = t.findIndex((r) => r.t === 'event' && r.e === 'summon');
    const r = t[i] as Extract<TraceRecord, { e: 'summon' }>;
    expect(r.position).toBe(0);
    const moved = (p: number) => [...t.slice(0, i), { ...r, position: p } as TraceRecord, ...t.slice(i + 1)];
    const v = checkEnv(moved(6));
    expect(v.map((x) => x.message).join('\n')).toMatch(/summoned by the Deathrattle of minion #\d+ Harvest Golem.*went to position 6; the dead minion was at 0, so it takes position 0/);
    expect(checkEnv(moved(7)).map((x) => x.message).join('\n')).toMatch(/was summoned at position 7 of a board of 6 minion\(s\): positions run from 0 to 6/);
  });
});

describe('condition-timing (Rule 10b)', () => {
  const env = { card: (id: string) => (cards.has(id) ? cards.get(id) : undefined) };
  const run = (t: readonly TraceRecord[]) => invariantById('condition-timing')!.check(t, env).map((x) => x.message);
  it('accepts the golden traces with conditions checked at queue time and at resolution', () => {
    for (const id of ['grim-patron-acidmaw-acidmaw-first', 'grim-patron-acidmaw-patron-first', 'avenge-queues-for-deathrattle-minion', 'dr-boom-sacred-trial', 'noble-sacrifice-aborts-full-board']) expect(run(traceOf(id)), id).toEqual([]);
  });
  it('flags a condition read at the wrong moment, a trigger that resolves without its check, and one that resolves after a failed check', () => {
    const t = traceOf('grim-patron-acidmaw-patron-first');
    const i = t.findIndex((r) => r.t === 'event' && r.e === 'trigger_condition' && r.when === 'resolve' && r.result);
    expect(i).toBeGreaterThan(0);
    const r = t[i] as Extract<TraceRecord, { e: 'trigger_condition' }>;
    const swap = (x: TraceRecord | null) => [...t.slice(0, i), ...(x ? [x] : []), ...t.slice(i + 1)];
    expect(run(swap({ ...r, when: 'queue' } as TraceRecord)).join('\n')).toMatch(/had its condition checked when the Queue was populated, but the card checks it when the trigger resolves/);
    expect(run(swap(null)).join('\n')).toMatch(/resolved without its condition being checked when it resolved/);
    expect(run(swap({ ...r, result: false } as TraceRecord)).join('\n')).toMatch(/resolved although its condition was false when it resolved/);
  });
  it('flags a trigger queued without its queue-time check, or after a check that failed', () => {
    const t = traceOf('avenge-queues-for-deathrattle-minion');
    const i = t.findIndex((r) => r.t === 'event' && r.e === 'trigger_condition' && r.when === 'queue' && r.result);
    expect(i).toBeGreaterThan(0);
    expect(run([...t.slice(0, i), ...t.slice(i + 1)]).join('\n')).toMatch(/was queued without its condition being checked when the Queue was populated/);
    expect(run([...t.slice(0, i), { ...t[i]!, result: false } as TraceRecord, ...t.slice(i + 1)]).join('\n')).toMatch(/was queued although its condition was false/);
  });
});
