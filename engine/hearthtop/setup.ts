/**
 * Building a Hearthtop game from a scenario (its limits are checked before, in engine/hearthtop/check.ts).
 * - A game in progress: heroes (20 health at most), hands, boards and weapons of playing cards, the shared deck (the
 *   listed cards on top, then the unplaced ones in a seeded order, `deckSize` in all; the rest in the discard pile).
 *   Damage, armor and durability of the set-up are marked with unplaced cards before the deck is made.
 * - `start`: a new game by the Setup rules (hearthtop/starting-hands, hearthtop/mulligan, hearthtop/coin): the deck
 *   shuffled under its listed top, 4 cards to the first player and 5 to the second, each mulligan (first player
 *   first), the set-aside cards shuffled back, the joker to the second player, then the first player's first Upkeep.
 */
import { moveTo } from '../kernel/zones.js';
import { entity, attack, health, maxHealth, opponent, type Entity, type Game, type Side } from '../state.js';
import { createEntity } from '../entities.js';
import { InputError } from '../validation.js';
import { runPhase, runSequence } from '../kernel/phases.js';
import { raise } from '../kernel/queue.js';
import type { CardSetup, PlayerName, Scenario } from '../scenario/format.js';
import { DECK_CODES } from './cards.js';
import { JOKER, cardFor, drawShared, neutralCard, recordTable, settleMarks } from './table.js';

export const DEFAULT_HEROES: Record<PlayerName, string> = { A: 'ht:mage', B: 'ht:hunter' };

const sideOf = (n: PlayerName): Side => (n === 'A' ? 0 : 1);
const asSetup = (x: string | CardSetup): CardSetup => (typeof x === 'string' ? { card: x } : x);

export function buildTable(s: Scenario, file: string, g: Game, labels: Map<string, number>): void {
  const t = g.table!;
  const label = (e: Entity, l: string | undefined) => { if (l) labels.set(l, e.id); };
  const playing = (code: string, zone: Entity['zone'], side: Side, l?: string): Entity => {
    const inHand = zone === 'hand' || zone === 'play';
    const e = createEntity(g, inHand ? cardFor(g, code, side) : neutralCard(g, code), side, zone, l);
    e.playing = code;
    label(e, l);
    return e;
  };
  const inPlay: Entity[] = [];
  for (const name of ['A', 'B'] as const) {
    const side = sideOf(name);
    const ps = s.setup[name] ?? {};
    const p = g.players[side];
    const heroLabel = ps.heroLabel ?? `hero${name}`;
    const hero = createEntity(g, g.cards.get(ps.hero ?? DEFAULT_HEROES[name]), side, 'play', heroLabel);
    label(hero, heroLabel);
    if (ps.health !== undefined) hero.damage = (hero.card.health ?? g.profile.limits.heroHealth) - ps.health;
    if (g.mutants.has('ht-thirty-health')) hero.damage -= 10; // the mutant: Hearthstone's 30, above the cap
    hero.armor = ps.armor ?? 0;
    p.hero = hero.id;
    inPlay.push(hero);
    if (hero.card.heroPower) p.heroPower = createEntity(g, g.cards.get(hero.card.heroPower), side, 'play').id;
    p.mana = p.maxMana = s.setup.start ? 0 : (ps.mana ?? g.profile.limits.mana);
  }
  for (const name of ['A', 'B'] as const) {
    const side = sideOf(name);
    const ps = s.setup[name] ?? {};
    const p = g.players[side];
    if (ps.weapon) {
      const ws = asSetup(ps.weapon);
      const w = playing(ws.card, 'play', side, ws.label);
      w.durabilityLoss = ws.damage ?? 0;
      if (w.durabilityLoss >= (w.card.durability ?? 0)) throw new InputError(file, `$.setup.${name}.weapon.damage`, `${w.durabilityLoss} durability lost leaves ${w.card.name} (durability ${w.card.durability ?? 0}) with none`);
      p.weapon = w.id;
      inPlay.push(w);
    }
    (ps.board ?? []).forEach((x) => {
      const cs = asSetup(x);
      const m = playing(cs.card, 'play', side, cs.label);
      m.exhausted = cs.exhausted ?? false;
      m.frozen = cs.frozen ?? false;
      m.damage = cs.damage ?? 0;
      p.board.push(m.id);
      inPlay.push(m);
    });
    (ps.hand ?? []).forEach((x) => {
      const cs = asSetup(x);
      p.hand.push(playing(cs.card, 'hand', side, cs.label).id);
    });
  }
  // The listed top of the deck, then every card not placed yet.
  const top = (s.setup.deck ?? []).map((x) => asSetup(x)).map((cs) => playing(cs.card, 'deck', 0, cs.label));
  const placed = new Set([...g.entities.values()].map((e) => e.playing).filter(Boolean));
  const rest = g.random.shuffle(DECK_CODES.filter((c) => !placed.has(c))).map((c) => playing(c, 'deck', 0));
  for (const e of [...inPlay].sort((a, b) => a.id - b.id)) {
    e.order = g.nextOrder++;
    moveTo(g, e, 'play', { from: 'setup', order: e.order, ...(e.card.type === 'minion' ? { position: g.players[e.controller].board.indexOf(e.id) } : {}) });
  }
  // A new game's set-up records its stats here, before the first Upkeep; a set-up mid-game records them after its
  // Aura Update (engine/scenario/run.ts).
  if (s.setup.start) {
    for (const p of g.players) {
      for (const id of [p.hero, ...p.board]) {
        const e = entity(g, id);
        g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), why: 'setup' });
      }
    }
  }
  if (s.setup.start) {
    t.deck = [...top, ...rest].map((e) => e.id);
    startGame(s, file, g, labels);
    return;
  }
  // The set-up's marks come from the unplaced cards, then the deck is made.
  t.deck = rest.map((e) => e.id);
  settleMarks(g, false);
  if (t.dryTurn !== null) throw new InputError(file, '$.setup', 'the set-up\'s damage, armor and durability need more marking cards than the cards it leaves unplaced');
  const size = s.setup.deckSize ?? top.length + t.deck.length;
  if (size < top.length || size > top.length + t.deck.length) {
    throw new InputError(file, '$.setup.deckSize', `expected ${top.length} (the listed deck) to ${top.length + t.deck.length} (with every card left unplaced), got ${size}`);
  }
  const deck = [...top.map((e) => e.id), ...t.deck];
  t.deck = deck.slice(0, size);
  for (const id of deck.slice(size)) {
    const c = entity(g, id);
    g.players[0].graveyard.push(id);
    moveTo(g, c, 'graveyard');
  }
  recordTable(g);
}

/** The Setup rules, after the heroes: deal, mulligan, the joker, the first player's first Upkeep. */
function startGame(s: Scenario, file: string, g: Game, labels: Map<string, number>): void {
  const t = g.table!;
  const first = g.active;
  const second = opponent(first);
  g.trace.event({ e: 'deck_shuffle', deck: [...t.deck], rule: 'hearthtop/shared-deck' });
  for (const [side, n] of [[first, 4], [second, 5]] as const) for (let i = 0; i < n; i++) drawShared(g, side);
  for (const side of [first, second]) {
    const name = side === 0 ? 'A' : 'B';
    const picks = [...new Set(s.setup.mulligan?.[name] ?? [])];
    const hand = g.players[side].hand;
    picks.forEach((i, k) => {
      if (i >= hand.length) throw new InputError(file, `$.setup.mulligan.${name}[${k}]`, `position ${i} is not in the ${hand.length}-card hand dealt to player ${name}`);
    });
    const aside = picks.map((i) => hand[i]!);
    g.players[side].hand = hand.filter((id) => !aside.includes(id));
    for (const id of aside) moveTo(g, entity(g, id), 'setaside', { from: 'hand' });
    for (let i = 0; i < aside.length; i++) drawShared(g, side);
    t.deck.push(...aside);
  }
  const back = [...g.entities.values()].filter((e) => e.zone === 'setaside' && e.playing);
  for (const e of back) { e.card = neutralCard(g, e.playing!); moveTo(g, e, 'deck', { from: 'setaside' }); }
  if (back.length) {
    t.deck = g.random.shuffle(t.deck);
    g.trace.event({ e: 'deck_shuffle', deck: [...t.deck], rule: 'hearthtop/mulligan' });
  }
  const coin = createEntity(g, neutralCard(g, JOKER), second, 'hand', labels.has('coin') ? undefined : 'coin');
  coin.playing = JOKER;
  if (!labels.has('coin')) labels.set('coin', coin.id);
  g.players[second].hand.push(coin.id);
  g.trace.event({ e: 'draw', player: second, entity: coin.id, card: coin.card.id });
  // The first Upkeep: one mana crystal, a draw, the start-of-turn abilities (hearthtop/turn).
  const p = g.players[first];
  p.maxMana = Math.min(1, g.profile.limits.mana);
  p.mana = p.maxMana;
  runSequence(g, 'START_TURN', first, undefined, () => {
    runPhase(g, { kind: 'DRAW', type: 'TRIGGER', player: first }, () => drawShared(g, first));
    runPhase(g, { kind: 'START_OF_TURN', type: 'TRIGGER', player: first }, () => raise(g, [{ kind: 'turn_start', subject: p.hero, player: first }]));
  });
  recordTable(g);
}
