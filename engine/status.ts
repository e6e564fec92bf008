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
import { attack, cost, costLayers, entity, hasKeyword, statLayers, type Entity, type Game, type Side } from './state.js';

const KEYWORDS: readonly Keyword[] = ['charge', 'divine_shield', 'immune', 'poisonous', 'stealth', 'taunt', 'windfury', 'mega_windfury'];

/** The keywords a character attacks and is attacked with: a hero also has its weapon's Windfury (Doomhammer). */
function keywordsOf(g: Game, e: Entity): Keyword[] {
  const own = KEYWORDS.filter((k) => hasKeyword(g, e, k));
  const weapon = e.card.type === 'hero' ? g.players[e.controller].weapon : null;
  if (weapon !== null && !own.includes('windfury') && hasKeyword(g, entity(g, weapon), 'windfury')) own.push('windfury');
  return own;
}

const last = new WeakMap<Game, Map<string, string>>();

function frozen(g: Game, e: Entity): boolean {
  return e.frozen || e.enchantments.some((id) => !!g.entities.get(id)?.mods?.frozen);
}

/** Record every status that changed since the last statement (all of them the first time). */
export function recordStatus(g: Game): void {
  let seen = last.get(g);
  if (!seen) { seen = new Map(); last.set(g, seen); }
  const emit = (key: string, value: object, write: () => void) => {
    const text = JSON.stringify(value);
    if (seen!.get(key) === text) return;
    seen!.set(key, text);
    write();
  };
  for (const p of g.players) {
    const v = { mana: p.mana, maxMana: p.maxMana, active: g.active === p.side };
    emit(`p${p.side}`, v, () => g.trace.event({ e: 'player_status', player: p.side as Side, ...v }));
  }
  for (const p of g.players) {
    for (const id of [p.hero, ...p.board]) {
      const e = entity(g, id);
      if (e.zone !== 'play') continue;
      const v = { keywords: keywordsOf(g, e), frozen: frozen(g, e), exhausted: e.exhausted, attacks: e.attacks, attack: attack(g, e) };
      emit(`e${id}`, v, () => g.trace.event({ e: 'status', entity: id, ...v }));
    }
    for (const id of p.hand) {
      const c = entity(g, id);
      const v = { cost: cost(g, c), baseCost: c.card.cost ?? 0, costLayers: costLayerRecords(g, c) };
      emit(`h${id}`, v, () => g.trace.event({ e: 'status', entity: id, ...v }));
    }
  }
}

/** Forget what was stated of an entity that left its zone, so its next statement is made in full. */
export function forgetStatus(g: Game, id: number): void {
  const seen = last.get(g);
  seen?.delete(`e${id}`);
  seen?.delete(`h${id}`);
}

/** A character's printed stats and the layers on them in the order the engine applies them (Rule 4d), for `stats`. */
export function statLayerRecords(g: Game, e: Entity): { base: { attack: number; health: number }; layers: StatLayerRecord[] } {
  const layers: StatLayerRecord[] = [];
  for (const l of statLayers(g, e)) {
    const m = l.mods;
    if (m.attack === undefined && m.health === undefined && m.setAttack === undefined && m.setHealth === undefined && !m.attackEqualsHealth) continue;
    layers.push({
      source: l.source, kind: l.kind, order: l.order, ...(l.kind === 'aura' || l.priority !== 0 ? { priority: l.priority } : {}),
      ...(m.attack !== undefined ? { attack: m.attack } : {}), ...(m.health !== undefined ? { health: m.health } : {}),
      ...(m.setAttack !== undefined ? { setAttack: m.setAttack } : {}), ...(m.setHealth !== undefined ? { setHealth: m.setHealth } : {}),
      ...(m.attackEqualsHealth ? { attackEqualsHealth: true } : {}),
    });
  }
  return { base: { attack: e.card.attack ?? 0, health: e.card.health ?? 0 }, layers };
}

function costLayerRecords(g: Game, e: Entity): CostLayerRecord[] {
  return costLayers(g, e).map((l) => ({ source: l.source, kind: l.kind, order: l.order, amount: l.amount, ...(l.kind === 'aura' || l.priority !== 0 ? { priority: l.priority } : {}), ...(l.minimum ? { minimum: l.minimum } : {}) }));
}
