/**
 * Normalisation and comparison: map a simulator's answer and the reference engine's run to one vocabulary and
 * compare them at the simulator's fidelity (final state; ordered events; events inside their phases).
 */
import { hearthtopPool } from '../engine/hearthtop/cards.js';
import { DEFAULT_HEROES } from '../engine/hearthtop/setup.js';
import type { CardDef } from '../engine/cards/format.js';
import type { CardPool, Game } from '../engine/state.js';
import { entity, attack, health, type Side } from '../engine/state.js';
import type { Scenario, CardSetup, PlayerSetup, Expect } from '../engine/scenario/format.js';
import type { TraceRecord, Fidelity } from '../engine/trace/format.js';
import type { ComparableState, ComparablePlayer } from './protocol.js';

export interface Divergence {
  /** Where: "final.players.A.board[1].health", "events[3]", "result". */
  path: string;
  expected: unknown;
  actual: unknown;
}

/**
 * A difference the protocol defines as equivalent (spec/protocol.md, "Equivalent representations"): reported, never
 * a divergence. `hero-health-at-or-below-0`: a dead hero's Health may be clamped at 0 where the reference keeps the
 * negative value.
 */
export interface Equivalence {
  path: string;
  expected: unknown;
  actual: unknown;
  rule: 'hero-health-at-or-below-0' | 'same-card-other-id';
}

const twinCache = new WeakMap<CardPool, Map<string, string>>();

/**
 * Card ids of the pool that name the same card: same type, name, cost, stats, race, keywords and text (Leeroy Jenkins's
 * Whelp EX1_116t and Onyxia's ds1_whelptoken). Each maps to the smallest id of its kind; ids without a twin are left
 * out.
 */
export function twinIds(pool: CardPool): Map<string, string> {
  const known = twinCache.get(pool);
  if (known) return known;
  const groups = new Map<string, string[]>();
  for (const c of pool.all()) {
    if (c.type === 'enchantment') continue;
    const key = JSON.stringify([c.type, c.name, c.cost, c.attack, c.health, c.race, [...(c.keywords ?? [])].sort(), c.text ?? '']);
    groups.set(key, [...(groups.get(key) ?? []), c.id]);
  }
  const out = new Map<string, string>();
  for (const ids of groups.values()) if (ids.length > 1) { const first = [...ids].sort()[0]!; for (const id of ids) out.set(id, first); }
  twinCache.set(pool, out);
  return out;
}

/** A final state with each card id replaced by its twin's canonical id (`twinIds`). */
function canonical(s: ComparableState, twins: ReadonlyMap<string, string>): ComparableState {
  const id = (x: string) => twins.get(x) ?? x;
  return {
    ...s,
    players: s.players.map((p) => ({
      ...p,
      board: p.board.map((m) => ({ ...m, card: id(m.card) })),
      hand: p.hand.map(id),
      ...(p.secrets ? { secrets: p.secrets.map(id) } : {}),
      ...(typeof p.weapon === 'string' ? { weapon: id(p.weapon) } : {}),
    })) as ComparableState['players'],
  };
}

/**
 * compareFinal, where a card id and its twin (`twinIds`) are the same card: a difference that is only that is an
 * equivalence (`same-card-other-id`), not a divergence.
 */
export function compareFinalWithTwins(expected: ComparableState, actual: ComparableState, pool: CardPool, equivalent?: Equivalence[]): Divergence[] {
  const d = compareFinal(expected, actual, equivalent);
  const twins = d.length ? twinIds(pool) : null;
  if (!twins?.size) return d;
  const left = compareFinal(canonical(expected, twins), canonical(actual, twins));
  if (left.length >= d.length) return d;
  const kept = new Set(left.map((x) => x.path));
  for (const x of d) if (!kept.has(x.path)) equivalent?.push({ ...x, rule: 'same-card-other-id' });
  // What is left, with the simulator's own ids where the same paths differed before (else as compared).
  return left.every((x) => d.some((y) => y.path === x.path)) ? d.filter((x) => kept.has(x.path)) : left;
}

/** The reference engine's end state in the protocol's vocabulary (card ids). */
export function comparableFromGame(g: Game): ComparableState {
  const player = (side: Side): ComparablePlayer => {
    const p = g.players[side];
    const h = entity(g, p.hero);
    return {
      hero: { health: health(g, h), armor: h.armor },
      board: p.board.map((id) => {
        const m = entity(g, id);
        return { card: m.card.id, attack: attack(g, m), health: health(g, m), ...(m.label ? { label: m.label } : {}) };
      }),
      hand: p.hand.map((id) => entity(g, id).card.id),
      deckSize: g.table ? g.table.deck.length : p.deck.length,
      secrets: p.secrets.map((id) => entity(g, id).card.id),
      weapon: p.weapon !== null ? entity(g, p.weapon).card.id : null,
      mana: p.mana,
      maxMana: p.maxMana,
    };
  };
  return { result: g.result, players: [player(0), player(1)] };
}

/** A scenario whose every card reference is a card id, plus the cards it uses (what an adapter receives). */
export function withCardIds(s: Scenario, pool: CardPool): { scenario: Scenario; cards: Record<string, Pick<CardDef, 'id' | 'name' | 'type' | 'cost' | 'attack' | 'health' | 'text'>> } {
  const cards: Record<string, Pick<CardDef, 'id' | 'name' | 'type' | 'cost' | 'attack' | 'health' | 'text'>> = {};
  if (s.profile === 'hearthtop') return { scenario: s, cards: hearthtopCardsOf(s, pool) };
  const id = (ref: string, prefer?: CardDef['type']) => {
    const c = pool.get(ref, prefer);
    cards[c.id] = { id: c.id, name: c.name, type: c.type, cost: c.cost, attack: c.attack, health: c.health, text: c.text };
    return c.id;
  };
  const card = (x: string | CardSetup): string | CardSetup =>
    typeof x === 'string' ? id(x) : { ...x, card: id(x.card), ...(x.enchantments ? { enchantments: x.enchantments.map((e) => id(typeof e === 'string' ? e : e.card, 'enchantment')) } : {}) };
  const player = (p: PlayerSetup | undefined): PlayerSetup | undefined =>
    p && {
      ...p,
      ...(p.hero ? { hero: id(p.hero) } : {}),
      ...(p.board ? { board: p.board.map(card) } : {}),
      ...(p.hand ? { hand: p.hand.map(card) } : {}),
      ...(p.deck ? { deck: p.deck.map(card) } : {}),
      ...(p.secrets ? { secrets: p.secrets.map(card) } : {}),
      ...(p.weapon ? { weapon: card(p.weapon) } : {}),
    };
  const scenario: Scenario = { ...s, setup: { ...s.setup, A: player(s.setup.A), B: player(s.setup.B) } };
  if (!scenario.setup.A) delete scenario.setup.A;
  if (!scenario.setup.B) delete scenario.setup.B;
  // the default hero is a card too
  id('Jaina Proudmoore');
  return { scenario, cards };
}

/**
 * A Hearthtop scenario names playing cards by code ("7H"): it is sent as written, with the cards of the heroes it
 * names and every card those heroes can hold (the neutral playing cards and each hero's own), so an adapter knows them.
 */
function hearthtopCardsOf(s: Scenario, base: CardPool): Record<string, Pick<CardDef, 'id' | 'name' | 'type' | 'cost' | 'attack' | 'health' | 'text'>> {
  const pool = hearthtopPool(base);
  const heroes = [s.setup.A?.hero ?? DEFAULT_HEROES.A, s.setup.B?.hero ?? DEFAULT_HEROES.B];
  const out: Record<string, Pick<CardDef, 'id' | 'name' | 'type' | 'cost' | 'attack' | 'health' | 'text'>> = {};
  for (const c of pool.all()) {
    if (!c.id.startsWith('ht:')) continue;
    const owner = heroes.find((h) => c.id === h || c.id.startsWith(`${h}:`));
    if (owner || /^ht:[^:]+$/.test(c.id)) out[c.id] = { id: c.id, name: c.name, type: c.type, cost: c.cost, attack: c.attack, health: c.health, text: c.text };
  }
  return out;
}

export function compareFinal(expected: ComparableState, actual: ComparableState, equivalent?: Equivalence[]): Divergence[] {
  const out: Divergence[] = [];
  if (expected.result !== actual.result) out.push({ path: 'final.result', expected: expected.result, actual: actual.result });
  (['A', 'B'] as const).forEach((name, i) => {
    const e = expected.players[i]!;
    const a = actual.players[i];
    const at = `final.players.${name}`;
    if (!a) { out.push({ path: at, expected: 'a player', actual: undefined }); return; }
    if (e.hero.health !== a.hero.health) {
      const d = { path: `${at}.hero.health`, expected: e.hero.health, actual: a.hero.health };
      if (e.hero.health <= 0 && a.hero.health <= 0) equivalent?.push({ ...d, rule: 'hero-health-at-or-below-0' });
      else out.push(d);
    }
    if (a.hero.armor !== undefined && (e.hero.armor ?? 0) !== a.hero.armor) out.push({ path: `${at}.hero.armor`, expected: e.hero.armor ?? 0, actual: a.hero.armor });
    const eb = e.board.map((m) => `${m.card} ${m.attack}/${m.health}`);
    const ab = a.board.map((m) => `${m.card} ${m.attack}/${m.health}`);
    if (JSON.stringify(eb) !== JSON.stringify(ab)) {
      const cards = (b: ComparablePlayer['board']) => b.map((m) => m.card);
      const sameCards = eb.length === ab.length && JSON.stringify([...cards(e.board)].sort()) === JSON.stringify([...cards(a.board)].sort());
      if (!sameCards) out.push({ path: `${at}.board`, expected: eb, actual: ab });
      else {
        // The same minions in another order: the positions are one divergence (`board.order`), and each minion's
        // stats are compared with its counterpart (the k-th of that card on each side).
        if (e.board.some((m, k) => m.card !== a.board[k]!.card)) out.push({ path: `${at}.board.order`, expected: cards(e.board), actual: cards(a.board) });
        const taken = new Set<number>();
        e.board.forEach((m, k) => {
          const j = a.board.findIndex((x, i) => !taken.has(i) && x.card === m.card);
          taken.add(j);
          const x = a.board[j]!;
          if (m.attack !== x.attack) out.push({ path: `${at}.board[${k}].attack`, expected: m.attack, actual: x.attack });
          if (m.health !== x.health) out.push({ path: `${at}.board[${k}].health`, expected: m.health, actual: x.health });
        });
      }
    }
    if (JSON.stringify([...e.hand].sort()) !== JSON.stringify([...a.hand].sort())) out.push({ path: `${at}.hand`, expected: e.hand, actual: a.hand });
    if (a.deckSize !== undefined && e.deckSize !== a.deckSize) out.push({ path: `${at}.deckSize`, expected: e.deckSize, actual: a.deckSize });
    if (a.secrets !== undefined && JSON.stringify([...(e.secrets ?? [])].sort()) !== JSON.stringify([...a.secrets].sort())) out.push({ path: `${at}.secrets`, expected: e.secrets, actual: a.secrets });
    if (a.weapon !== undefined && (e.weapon ?? null) !== a.weapon) out.push({ path: `${at}.weapon`, expected: e.weapon ?? null, actual: a.weapon });
    // Mana, when the simulator states it (Overload, crystals gained or destroyed, mana this turn only).
    if (a.maxMana !== undefined && e.maxMana !== undefined && e.maxMana !== a.maxMana) out.push({ path: `${at}.maxMana`, expected: e.maxMana, actual: a.maxMana });
    if (a.mana !== undefined && e.mana !== undefined && e.mana !== a.mana) out.push({ path: `${at}.mana`, expected: e.mana, actual: a.mana });
  });
  return out;
}

const EVENT_KINDS = new Set(['damage', 'heal', 'death', 'summon', 'draw', 'destroy_mark', 'control']);
/** A Host game's events of the same weight (seed 002): the Stack, game actions, damage, zone moves, battle. */
const HOST_EVENT_KINDS = new Set(['stack_push', 'stack_resolve', 'game_action', 'damage', 'heal', 'zone', 'summon', 'redirect', 'battle', 'control']);
/** Fields a Host event is told apart by, besides the entities it names. */
const HOST_TEXT_FIELDS = ['action', 'what', 'result', 'from', 'to'] as const;
const REF_FIELDS = ['source', 'target', 'entity'] as const;

/**
 * The ordered events of a trace, with entities named so that two producers agree: the scenario label, or
 * "<card id>#<n>" for the n-th entity of that card created during the run. At fidelity 'phases' each event also
 * names the kinds of the phases around it.
 */
export function eventSignature(trace: readonly TraceRecord[], fidelity: Fidelity, profile: 'hearthstone' | 'host' = 'hearthstone'): string[] {
  return signedEvents(trace, fidelity, profile).sig;
}

/** The event signature with, for each entry, the index of its record in the trace. */
export function signedEvents(trace: readonly TraceRecord[], fidelity: Fidelity, profile: 'hearthstone' | 'host' = 'hearthstone'): { sig: string[]; at: number[] } {
  const kinds = profile === 'host' ? HOST_EVENT_KINDS : EVENT_KINDS;
  const refs = new Map<number, string>();
  const seen = new Map<string, number>();
  const stack: string[] = [];
  const sig: string[] = [];
  const at: number[] = [];
  trace.forEach((r, index) => {
    if (r.t === 'entity') {
      if (r.label) refs.set(r.id, r.label);
      else { const n = (seen.get(r.card) ?? 0) + 1; seen.set(r.card, n); refs.set(r.id, `${r.card}#${n}`); }
    } else if (r.t === 'open') {
      stack.push(r.block === 'phase' ? r.kind : '');
    } else if (r.t === 'close') {
      stack.pop();
    } else if (r.t === 'event' && kinds.has(r.e)) {
      const rec = r as unknown as Record<string, unknown>;
      const parts = [r.e, ...REF_FIELDS.filter((f) => typeof rec[f] === 'number').map((f) => `${f}=${refs.get(rec[f] as number) ?? `#${String(rec[f])}`}`)];
      if (profile === 'host') for (const f of HOST_TEXT_FIELDS) if (typeof rec[f] === 'string') parts.push(`${f}=${rec[f] as string}`);
      if (typeof rec.amount === 'number') parts.push(`amount=${String(rec.amount)}`);
      if (r.e === 'draw' || r.e === 'summon') parts.push(`player=${String(rec.player ?? rec.controller)}`);
      if (fidelity === 'phases' && profile !== 'host') parts.push(`in=${stack.filter(Boolean).join('>')}`);
      sig.push(parts.join(' '));
      at.push(index);
    }
  });
  return { sig, at };
}

export function compareEvents(expected: string[], actual: string[]): Divergence[] {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] !== actual[i]) return [{ path: `events[${i}]`, expected: expected[i] ?? '(no more events)', actual: actual[i] ?? '(no more events)' }];
  }
  return [];
}

/**
 * Compare only what a scenario states (compare: 'stated') with a simulator's end state: the result, hero health, the
 * board (card names), hand and secrets; entity expectations where the simulator reports board labels. Trace
 * expectations need events and are left to the reference engine.
 */
export function compareStated(expect: Expect, actual: ComparableState, pool: CardPool): Divergence[] {
  const out: Divergence[] = [];
  const name = (id: string) => (pool.has(id) ? pool.get(id).name : id);
  if (expect.result && expect.result !== actual.result) out.push({ path: 'final.result', expected: expect.result, actual: actual.result });
  (['A', 'B'] as const).forEach((side, i) => {
    const want = expect.players?.[side];
    const p = actual.players[i]!;
    if (!want) return;
    const at = `final.players.${side}`;
    const got: Record<string, unknown> = { health: p.hero.health, armor: p.hero.armor, handSize: p.hand.length, hand: p.hand.map(name), board: p.board.map((m) => name(m.card)), secrets: p.secrets?.map(name), deckSize: p.deckSize };
    for (const [k, v] of Object.entries(want)) {
      if (k === 'drawn' || got[k] === undefined) continue;
      const same = k === 'hand' || k === 'secrets' ? JSON.stringify([...(got[k] as string[])].sort()) === JSON.stringify([...(v as string[])].sort()) : JSON.stringify(got[k]) === JSON.stringify(v);
      if (!same) out.push({ path: `${at}.${k}`, expected: v, actual: got[k] });
    }
  });
  for (const [label, want] of Object.entries(expect.entities ?? {})) {
    const found = actual.players.flatMap((p, i) => p.board.map((m) => ({ m, side: i }))).find((x) => x.m.label === label);
    const reportsLabels = actual.players.some((p) => p.board.some((m) => m.label !== undefined));
    if (!reportsLabels) continue;
    if (want.zone === 'play' && !found) out.push({ path: `final.entities.${label}.zone`, expected: 'play', actual: 'not on a board' });
    if (want.zone && want.zone !== 'play' && found) out.push({ path: `final.entities.${label}.zone`, expected: want.zone, actual: 'play' });
    if (found && want.attack !== undefined && found.m.attack !== want.attack) out.push({ path: `final.entities.${label}.attack`, expected: want.attack, actual: found.m.attack });
    if (found && want.health !== undefined && found.m.health !== want.health) out.push({ path: `final.entities.${label}.health`, expected: want.health, actual: found.m.health });
  }
  return out;
}
