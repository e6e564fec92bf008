/**
 * Game state: plain data. Entities live in one table by id; players hold ordered id lists for their zones.
 * Stats are derived (base → enchantments in attach order → Health/Attack aura snapshot), never stored twice.
 */
import { HEARTHSTONE, type Profile } from './profiles/hearthstone.js';
import type { CardDef, Mods, Keyword, Trigger } from './cards/format.js';
import type { Recorder } from './trace/recorder.js';
import type { Random } from './random.js';
import type { MutantName } from './mutants.js';

export type Side = 0 | 1;
/** 'marker': a playing card used to mark an effect (Hearthtop, hearthtop/marking). */
export type Zone = 'deck' | 'hand' | 'play' | 'secret' | 'graveyard' | 'setaside' | 'removed' | 'marker';

/** One Health/Attack aura modification in an entity's aura snapshot (Rule 4d: auras after enchantments). */
export interface AuraMod {
  source: number;
  mods: Mods;
  priority: number;
  order: number;
}

export interface Entity {
  id: number;
  card: CardDef;
  controller: Side;
  /** Owner = the side it started on (kept for reports only: Rule 10, the game uses the controller). */
  owner: Side;
  zone: Zone;
  label?: string;
  /** Order of play (Rule 2 notes); assigned when the entity enters play. */
  order: number;
  damage: number;
  armor: number;
  /** Enchantment entity ids attached to this entity, in attach order (Rule 4d). */
  enchantments: number[];
  /** Health/Attack aura snapshot, written only by Aura Update (Health/Attack) (Rule 4a/4b). */
  auraLayer: AuraMod[];
  pendingDestroy: boolean;
  frozen: boolean;
  /** Summoning sickness / attacks made this turn. */
  exhausted: boolean;
  attacks: number;
  divineShield: boolean;
  silenced: boolean;
  /** Enchantments: what they are attached to, and the player who cast them (Blessing of Wisdom memory). */
  attachedTo?: number;
  caster?: Side;
  /** Extra mods an enchantment carries (an anonymous buff, or the enchantment card's own mods). */
  mods?: Mods;
  /** Shadow Madness memory (Rule 10 exception): the side the minion goes back to. */
  returnTo?: Side;
  /** Mana cost changes carried by the card itself (e.g. Freezing Trap's "costs (2) more"), in order of play. */
  costMods: { amount: number; order: number }[];
  /** Last board position, for deathrattles that summon where the minion was. */
  lastPosition: number;
  /**
   * The minion that stood to its right when it died and did not die with it (null: none, it stood at the right end):
   * where its place is once the minions that died with it have left the board (a Death Creation Step removes them all
   * at once). Undefined for a minion that did not die in a Death Creation Step.
   */
  rightOfDeath?: number | null;
  /** The same to its left (null: none, it stood at the left end, or all to its left died with it). */
  leftOfDeath?: number | null;
  /** Weapons: durability lost. */
  durabilityLoss: number;
  /** Printed keywords the entity lost ("All minions lose Stealth"); Silence and leaving play reset it. */
  lostKeywords?: Keyword[];
  /** The turn it left play (died, was destroyed), for "died this turn". */
  diedTurn?: number;
  /** Enchantments: the turn it was attached (`expires: 'end_of_next_turn'`). */
  attachedTurn?: number;
  /** A playing card of the Hearthtop deck: its code (rank then suit: "7H", "10S", "QD"; "JK" the joker). */
  playing?: string;
}

export interface Player {
  side: Side;
  hero: number;
  heroPower: number | null;
  weapon: number | null;
  /**
   * Weapons a newer one replaced (rule weapon-replace): marked for destruction, no longer the hero's weapon, still in
   * play until the next Death Creation Step removes them (oldest first).
   */
  replaced: number[];
  board: number[];
  hand: number[];
  deck: number[];
  secrets: number[];
  graveyard: number[];
  mana: number;
  maxMana: number;
  fatigue: number;
  /** Overload: crystals locked this turn, and crystals owed (locked at the start of the player's next turn). */
  overloaded: number;
  overloadNext: number;
  /** Cards played from hand this turn, in order (Combo, "cards played earlier this turn"). */
  played: number[];
}

/** A snapshot of one "other" / mana-cost aura, taken at Aura Update (Other) (Rule 4a). */
export interface OtherAuraSnap {
  source: number;
  kind: 'other' | 'mana_cost';
  mods: Mods;
  priority: number;
  order: number;
  affected: Set<number>;
}

/**
 * The entities of a game by id. Ids count up from 1 and no entity is ever removed, so an array holds them: the lookup
 * every rule makes is an index, not a hash (a Map's `get`, `has` and `values` as the code reads them).
 */
export class EntityTable {
  private readonly list: (Entity | undefined)[] = [];

  get(id: number): Entity | undefined {
    return this.list[id];
  }

  set(id: number, e: Entity): void {
    this.list[id] = e;
  }

  /** In the order of their ids (the order they were made). */
  *values(): IterableIterator<Entity> {
    for (const e of this.list) if (e !== undefined) yield e;
  }
}

export interface Game {
  entities: EntityTable;
  /** The character whose attack is under way (from its Preparation Phase to the end of its Combat Phase's damage). */
  attacking?: number;
  players: [Player, Player];
  active: Side;
  turn: number;
  nextId: number;
  nextOrder: number;
  /** Force-played minions become the oldest (Rule 2 note, the documented bug): orders count down from here. */
  oldestOrder: number;
  /** Phase nesting depth: 0 = no Phase running (Rule 3). */
  depth: number;
  otherAuras: OtherAuraSnap[];
  result: 'ongoing' | 'draw' | 'A_wins' | 'B_wins';
  cards: CardPool;
  random: Random;
  trace: Recorder;
  mutants: ReadonlySet<MutantName>;
  steps: number;
  stepBudget: number;
  /** Nesting of queues being resolved (for the breadth-first mutant). */
  queueDepth: number;
  /** When set, damage events are collected here instead of raised (simultaneous combat damage). */
  collecting: import('./kernel/context.js').GameEventRef[] | null;
  pending: import('./kernel/context.js').GameEventRef[][];
  /** The effects layer, as the kernel sees it (set by newGame). */
  effects: import('./kernel/context.js').EffectPort;
  /** The rule profile the game is played by (limits and rule switches). */
  profile: Profile;
  /** The shared table of a profile with one deck of playing cards (Hearthtop); null otherwise. */
  table: Table | null;
  /** What the trace last stated of each status (engine/status.ts owns it); null before the first statement. */
  stated: unknown;
}

/**
 * The Hearthtop table (hearthtop/shared-deck, hearthtop/marking): the one draw deck (top first), the marking cards
 * each entity carries by kind, marks made without a card (the deck was empty: "any external method"), and the turn
 * in which a draw or a mark found the deck empty (the game ends at that turn's Cleanup, hearthtop/deck-end).
 */
export interface Table {
  deck: number[];
  markers: Map<string, number[]>;
  external: Map<string, number>;
  dryTurn: number | null;
  /** The last table record written (a settle that changes nothing writes none). */
  last: string | null;
}

export interface CardPool {
  get(idOrName: string, prefer?: CardDef['type']): CardDef;
  has(idOrName: string): boolean;
  all(): CardDef[];
}

/** The Hearthstone profile's board and hand limits (engine/profiles/hearthstone.ts). */
export const BOARD_LIMIT = HEARTHSTONE.limits.board;
export const HAND_LIMIT = HEARTHSTONE.limits.hand;

/** Minions a side may have: the profile's limit (a profile mutant may break it). */
export function boardLimit(g: Game): number {
  return g.mutants.has('ht-seven-minions') ? 7 : g.profile.limits.board;
}

export function entity(g: Game, id: number): Entity {
  const e = g.entities.get(id);
  if (e === undefined) throw new Error(`internal: no entity #${id}`);
  return e;
}

/**
 * Can player `p` have Secret `card` in play now (rule secrets): not while one of the same card is in play, and not past
 * the profile's Secret limit.
 */
export function secretFits(g: Game, p: Player, card: CardDef): boolean {
  return p.secrets.length < g.profile.limits.secrets && !p.secrets.some((s) => entity(g, s).card.id === card.id);
}

export function opponent(side: Side): Side {
  return side === 0 ? 1 : 0;
}

export function sideName(side: Side): 'A' | 'B' {
  return side === 0 ? 'A' : 'B';
}

export function isCharacter(e: Entity): boolean {
  return e.card.type === 'minion' || e.card.type === 'hero';
}

export function inPlay(e: Entity): boolean {
  return e.zone === 'play' || e.zone === 'secret';
}

export function describe(g: Game, e: Entity): string {
  return `${e.card.type} #${e.id} ${e.card.name}${e.label ? ` (${e.label})` : ''}`;
}

function enchantmentMods(g: Game, e: Entity): Mods[] {
  const out: Mods[] = [];
  for (const id of e.enchantments) {
    const en = g.entities.get(id);
    if (en?.mods) out.push(en.mods);
  }
  return out;
}

/**
 * One layer of an entity's Health/Attack (Rule 4d): its enchantments in the order they were played, then its
 * Health/Attack auras in priority order (then order of play), as the Aura Update (Health/Attack) placed them.
 */
export interface StatLayer {
  source: number;
  kind: 'enchantment' | 'aura';
  mods: Mods;
  priority: number;
  order: number;
}

export function statLayers(g: Game, e: Entity): StatLayer[] {
  const ench: StatLayer[] = [];
  for (const id of e.enchantments) {
    const en = g.entities.get(id);
    if (en?.mods) ench.push({ source: en.id, kind: 'enchantment', mods: en.mods, priority: 0, order: en.order });
  }
  const auras: StatLayer[] = e.auraLayer.map((a) => ({ source: a.source, kind: 'aura', mods: a.mods, priority: a.priority, order: a.order }));
  return g.mutants.has('auras-first') ? [...auras, ...ench] : [...ench, ...auras];
}

/**
 * The mods of an entity's Health/Attack layers in the order statLayers gives them, without building the layers
 * (maxHealth and attack run at every step): enchantment mods, then aura mods (the reverse under 'auras-first').
 */
function layerMods(g: Game, e: Entity): Mods[] {
  const out: Mods[] = [];
  const aurasFirst = g.mutants.has('auras-first');
  if (aurasFirst) for (const a of e.auraLayer) out.push(a.mods);
  for (const id of e.enchantments) {
    const m = g.entities.get(id)?.mods;
    if (m) out.push(m);
  }
  if (!aurasFirst) for (const a of e.auraLayer) out.push(a.mods);
  return out;
}

export function maxHealth(g: Game, e: Entity): number {
  let v = e.card.health ?? 0;
  if (e.enchantments.length === 0 && e.auraLayer.length === 0) return v;
  for (const m of layerMods(g, e)) {
    if (m.setHealth !== undefined) v = m.setHealth;
    if (m.health !== undefined) v += m.health;
  }
  return v;
}

export function health(g: Game, e: Entity): number {
  return maxHealth(g, e) - e.damage;
}

export function attack(g: Game, e: Entity): number {
  let v = e.card.attack ?? 0;
  if (e.enchantments.length !== 0 || e.auraLayer.length !== 0) {
    for (const m of layerMods(g, e)) {
      if (m.setAttack !== undefined) v = m.setAttack;
      if (m.attack !== undefined) v += m.attack;
      if (m.attackTimes !== undefined) v *= m.attackTimes;
      if (m.attackEqualsHealth) v = health(g, e);
    }
  }
  if (e.card.type === 'hero') {
    const w = g.players[e.controller].weapon;
    if (w !== null && g.active === e.controller) v += attack(g, entity(g, w));
  }
  return Math.max(0, v);
}

export function durability(g: Game, e: Entity): number {
  let extra = 0;
  // On a weapon, +Health (a "+1/+1" buff) is +Durability.
  for (const m of enchantmentMods(g, e)) extra += (m.durability ?? 0) + (m.health ?? 0);
  return (e.card.durability ?? 0) + extra - e.durabilityLoss;
}

export function hasKeyword(g: Game, e: Entity, k: Keyword): boolean {
  if (k === 'divine_shield') return e.divineShield; // the shield itself: printed or given, until popped or removed
  if (e.card.keywords?.includes(k) && !e.lostKeywords?.includes(k) && (!e.silenced || g.mutants.has('silence-keeps-printed-keywords'))) return true;
  for (const id of e.enchantments) if (g.entities.get(id)?.mods?.keywords?.includes(k)) return true;
  for (const a of g.otherAuras) if (a.mods.keywords?.includes(k) && a.affected.has(e.id)) return true;
  return false;
}

/** One bit per keyword that decides legality and combat (status records state them in this order). */
export const KEYWORD_BITS: readonly Keyword[] = ['charge', 'divine_shield', 'immune', 'poisonous', 'stealth', 'taunt', 'windfury', 'mega_windfury'];
const BIT = new Map<Keyword, number>(KEYWORD_BITS.map((k, i) => [k, 1 << i]));
const DIVINE_SHIELD = BIT.get('divine_shield')!;
function bitsOf(list: readonly Keyword[] | undefined): number {
  let m = 0;
  if (list) for (const k of list) m |= BIT.get(k) ?? 0;
  return m;
}

/**
 * The keywords of KEYWORD_BITS an entity has, as a bit set (bit i: KEYWORD_BITS[i]): what hasKeyword answers for
 * each of them, found in one pass over its enchantments and the Other auras instead of one pass per keyword.
 */
export function keywordBits(g: Game, e: Entity): number {
  let m = 0;
  if (!e.silenced) {
    m = bitsOf(e.card.keywords);
    if (e.lostKeywords) m &= ~bitsOf(e.lostKeywords);
  }
  for (const id of e.enchantments) {
    const k = g.entities.get(id)?.mods?.keywords;
    if (k) m |= bitsOf(k);
  }
  for (const a of g.otherAuras) if (a.mods.keywords && a.affected.has(e.id)) m |= bitsOf(a.mods.keywords);
  // Divine Shield is the shield itself: printed or given, until popped or removed.
  return e.divineShield ? m | DIVINE_SHIELD : m & ~DIVINE_SHIELD;
}

/** Rule 5 / 5b: mortally wounded (0 or less Health) or pending destroy. */
export function mortallyWoundedOrPendingDestroy(g: Game, e: Entity): boolean {
  if (!isCharacter(e)) return false;
  return e.pendingDestroy || health(g, e) <= 0;
}

/** A player-wide effect of an "other" aura (Auchenai, Rivendare, Brann), read from the Aura Update (Other) snapshot. */
/** How many "other" auras with this effect affect a player (Prophet Velen: each doubles again). */
export function playerAuraEffectCount(g: Game, side: Side, key: 'doublesSpellsAndHeroPower'): number {
  const hero = g.players[side].hero;
  let n = 0;
  for (const a of g.otherAuras) if (a.mods[key] && a.affected.has(hero)) n++;
  return n;
}

/** The Health a minion cannot be reduced below by damage now (Commanding Shout), 0 if none. */
export function healthFloor(g: Game, e: Entity): number {
  let f = 0;
  for (const m of enchantmentMods(g, e)) f = Math.max(f, m.minHealth ?? 0);
  for (const a of g.otherAuras) if (a.mods.minHealth && a.affected.has(e.id)) f = Math.max(f, a.mods.minHealth);
  return f;
}

export function playerHasAuraEffect(g: Game, side: Side, key: 'healingDamages' | 'deathrattlesTwice' | 'battlecriesTwice'): boolean {
  const hero = g.players[side].hero;
  return g.otherAuras.some((a) => a.mods[key] && a.affected.has(hero));
}

export function spellDamage(g: Game, side: Side): number {
  let n = 0;
  for (const a of g.otherAuras) if (a.mods.spellDamage && a.affected.has(g.players[side].hero)) n += a.mods.spellDamage;
  // Spell Damage given to a minion by an enchantment (Velen's Chosen, Ancient Mage) counts while the minion is in play.
  for (const id of g.players[side].board) for (const m of enchantmentMods(g, entity(g, id))) n += m.spellDamage ?? 0;
  return n;
}

export interface CostLayer { source: number; kind: 'enchantment' | 'card' | 'aura'; amount: number; minimum: number; priority: number; order: number }

/** The mana cost changes of a card, in the order they apply (see cost). */
const NO_COST_LAYERS: readonly CostLayer[] = Object.freeze([]);

export function costLayers(g: Game, e: Entity): readonly CostLayer[] {
  if (e.card.costChange === undefined && e.enchantments.length === 0 && e.costMods.length === 0 && g.otherAuras.length === 0) return NO_COST_LAYERS;
  const mods: CostLayer[] = [];
  // A cost that depends on the game (Sea Giant, Molten Giant) is part of the card's own cost: it applies before any
  // other change (priority -1000, before any aura), never below 0.
  if (e.card.costChange !== undefined && e.zone === 'hand') {
    const ctx = { g, source: e, self: e, controller: e.controller, cls: 'neutral' as const, isTrigger: false, summoned: [] };
    const amount = g.effects.evalAmount(ctx, e.card.costChange);
    if (amount !== 0) mods.push({ source: e.id, kind: 'card', amount, minimum: 0, priority: -1000, order: e.order });
  }
  for (const id of e.enchantments) {
    const en = g.entities.get(id);
    if (en?.mods?.cost) mods.push({ source: en.id, kind: 'enchantment', amount: en.mods.cost, minimum: en.mods.costMinimum ?? 0, priority: 0, order: en.order });
  }
  for (const m of e.costMods) mods.push({ source: e.id, kind: 'card', amount: m.amount, minimum: 0, priority: 0, order: m.order });
  for (const a of g.otherAuras) {
    if (a.kind === 'mana_cost' && a.affected.has(e.id)) mods.push({ source: a.source, kind: 'aura', amount: a.mods.cost ?? 0, minimum: a.mods.costMinimum ?? 0, priority: a.priority, order: a.order });
  }
  mods.sort((a, b) => a.priority - b.priority || a.order - b.order);
  return mods;
}

/**
 * Mana cost of a card. Rule 4d: mana-cost auras have no special priority against mana-cost enchantments, so both are
 * applied together by priority (Summoning Portal "always first") and then order of play; a minimum ("not less than
 * (1)") only limits the change that carries it.
 */
export function cost(g: Game, e: Entity): number {
  return costOf(e, costLayers(g, e));
}

/** A card's mana cost from its cost layers (costLayers, in order). */
export function costOf(e: Entity, layers: readonly CostLayer[]): number {
  let c = e.card.cost ?? 0;
  for (const m of layers) c = m.amount >= 0 ? c + m.amount : Math.min(c, Math.max(m.minimum, c + m.amount));
  return Math.max(0, c);
}

/** Triggers an entity carries now (none when silenced). */
const NO_TRIGGERS: readonly Trigger[] = Object.freeze([]);

export function triggersOf(e: Entity): readonly Trigger[] {
  if (e.silenced) return NO_TRIGGERS;
  return e.card.triggers ?? NO_TRIGGERS;
}

