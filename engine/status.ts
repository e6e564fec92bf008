/**
 * Status records: what a Player Action's legality depends on, stated in the trace so that a consumer judges
 * legality from the trace alone (properties/invariants/legality.ts). A `status` record states a character's
 * keywords, Frozen, summoning sickness (exhausted), attacks made this turn and Attack, or a card in hand's mana cost;
 * a `player_status` record states a player's mana, mana crystals and whether it is that player's turn.
 *
 * Only changes are recorded: at set-up, at the end of every Aura Update (Other) (keywords and costs change there,
 * Rule 4a, or with an enchantment inside the Phase before it) and when the turn passes. The engine's own fields are
 * read here and nowhere else for the trace; the oracle derives Frozen, attacks and summoning sickness itself from
 * freeze, summon and Sequence records, so a stated value that a rule contradicts does not hide a wrong engine.
 */
import type { Keyword } from './cards/format.js';
import type { CostLayerRecord, StatLayerRecord } from './trace/format.js';
import { attack, costLayers, costOf, entity, keywordBits, KEYWORD_BITS, statLayers, type CostLayer, type Entity, type Game, type Side } from './state.js';

const NONE: readonly Keyword[] = Object.freeze([]);
const WINDFURY = 1 << KEYWORD_BITS.indexOf('windfury');
/** Windfury a hero has from its weapon only: stated after the hero's own keywords. */
const WEAPON_WINDFURY = 1 << KEYWORD_BITS.length;

/**
 * The keywords a character attacks and is attacked with, as KEYWORD_BITS bits: a hero also has its weapon's
 * Windfury (Doomhammer), as the WEAPON_WINDFURY bit when the hero has no Windfury of its own.
 */
function keywordsOf(g: Game, e: Entity): number {
  const own = keywordBits(g, e);
  const weapon = e.card.type === 'hero' ? g.players[e.controller].weapon : null;
  if (weapon === null || own & WINDFURY) return own;
  return keywordBits(g, entity(g, weapon)) & WINDFURY ? own | WEAPON_WINDFURY : own;
}

/** The keyword list of a bit set: the character's own in KEYWORD_BITS order, then Windfury from its weapon. */
function keywordList(bits: number): readonly Keyword[] {
  if (bits === 0) return NONE;
  const out: Keyword[] = [];
  for (let i = 0; i < KEYWORD_BITS.length; i++) if (bits & (1 << i)) out.push(KEYWORD_BITS[i]!);
  if (bits & WEAPON_WINDFURY) out.push('windfury');
  return out;
}

/** What was last stated of a character in play, and of a card in hand (compared field by field, never as text). */
interface CharStated { keywords: number; frozen: boolean; exhausted: boolean; attacks: number; attack: number }
interface HandStated { cost: number; baseCost: number; costLayers: readonly CostLayer[] }
interface Stated {
  players: [{ mana: number; maxMana: number; active: boolean } | null, { mana: number; maxMana: number; active: boolean } | null];
  chars: Map<number, CharStated>;
  hand: Map<number, HandStated>;
}


function frozen(g: Game, e: Entity): boolean {
  if (e.frozen) return true;
  for (const id of e.enchantments) if (g.entities.get(id)?.mods?.frozen) return true;
  return false;
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
}
const sameCostLayer = (x: CostLayer, y: CostLayer) =>
  x.source === y.source && x.kind === y.kind && x.order === y.order && x.amount === y.amount && x.priority === y.priority && x.minimum === y.minimum;

/** Record every status that changed since the last statement (all of them the first time). */
export function recordStatus(g: Game): void {
  let seen = g.stated as Stated | null;
  if (!seen) { seen = { players: [null, null], chars: new Map(), hand: new Map() }; g.stated = seen; }
  for (const p of g.players) {
    const before = seen.players[p.side];
    const active = g.active === p.side;
    if (before && before.mana === p.mana && before.maxMana === p.maxMana && before.active === active) continue;
    seen.players[p.side] = { mana: p.mana, maxMana: p.maxMana, active };
    g.trace.event({ e: 'player_status', player: p.side as Side, mana: p.mana, maxMana: p.maxMana, active });
  }
  for (const p of g.players) {
    for (let i = -1; i < p.board.length; i++) {
      const id = i < 0 ? p.hero : p.board[i]!;
      const e = entity(g, id);
      if (e.zone !== 'play') continue;
      const keywords = keywordsOf(g, e);
      const fz = frozen(g, e);
      const atk = attack(g, e);
      const before = seen.chars.get(id);
      if (before && before.frozen === fz && before.exhausted === e.exhausted && before.attacks === e.attacks && before.attack === atk && before.keywords === keywords) continue;
      seen.chars.set(id, { keywords, frozen: fz, exhausted: e.exhausted, attacks: e.attacks, attack: atk });
      g.trace.event({ e: 'status', entity: id, keywords: keywordList(keywords) as Keyword[], frozen: fz, exhausted: e.exhausted, attacks: e.attacks, attack: atk });
    }
    for (const id of p.hand) {
      const c = entity(g, id);
      const layers = costLayers(g, c);
      const now = costOf(c, layers);
      const baseCost = c.card.cost ?? 0;
      const before = seen.hand.get(id);
      if (before && before.cost === now && before.baseCost === baseCost && sameList(before.costLayers, layers, sameCostLayer)) continue;
      seen.hand.set(id, { cost: now, baseCost, costLayers: layers });
      g.trace.event({ e: 'status', entity: id, cost: now, baseCost, costLayers: costLayerRecords(layers) });
    }
  }
}

/** Forget what was stated of an entity that left its zone, so its next statement is made in full. */
export function forgetStatus(g: Game, id: number): void {
  const seen = g.stated as Stated | null;
  seen?.chars.delete(id);
  seen?.hand.delete(id);
}

/** A character's printed stats and the layers on them in the order the engine applies them (Rule 4d), for `stats`. */
export function statLayerRecords(g: Game, e: Entity): { base: { attack: number; health: number }; layers: StatLayerRecord[] } {
  const layers: StatLayerRecord[] = [];
  for (const l of statLayers(g, e)) {
    const m = l.mods;
    if (m.attack === undefined && m.health === undefined && m.setAttack === undefined && m.setHealth === undefined && m.attackTimes === undefined && !m.attackEqualsHealth) continue;
    // Optional fields set one by one, in the record's order (no object spreads).
    const r: StatLayerRecord = { source: l.source, kind: l.kind, order: l.order };
    if (l.kind === 'aura' || l.priority !== 0) r.priority = l.priority;
    if (m.attack !== undefined) r.attack = m.attack;
    if (m.health !== undefined) r.health = m.health;
    if (m.setAttack !== undefined) r.setAttack = m.setAttack;
    if (m.setHealth !== undefined) r.setHealth = m.setHealth;
    if (m.attackTimes !== undefined) r.attackTimes = m.attackTimes;
    if (m.attackEqualsHealth) r.attackEqualsHealth = true;
    layers.push(r);
  }
  return { base: { attack: e.card.attack ?? 0, health: e.card.health ?? 0 }, layers };
}

function costLayerRecords(layers: readonly CostLayer[]): CostLayerRecord[] {
  return layers.map((l) => {
    const r: CostLayerRecord = { source: l.source, kind: l.kind, order: l.order, amount: l.amount };
    if (l.kind === 'aura' || l.priority !== 0) r.priority = l.priority;
    if (l.minimum) r.minimum = l.minimum;
    return r;
  });
}
