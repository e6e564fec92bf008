/**
 * Actions the era's pool needs beyond the core table (actions.ts): repeats, remembered amounts, Health swapped or set,
 * a random keyword each, a new hero power; Armor gained (an Event) and random discards. Generic: no card id or name is checked here. Nested actions run through the
 * game's effect port (`g.effects.runActions`), so this file does not import the table that includes it.
 */
import { discardTo, moveTo } from '../kernel/zones.js';
import type { Action } from '../cards/format.js';
import { entity, health, inPlay, maxHealth, attack, isCharacter } from '../state.js';
import type { Ctx } from '../kernel/context.js';
import { evalAmount, evalCondition, passes, select, sides } from './select.js';
import { runSummonSequence } from './summon.js';
import { randomInt, pickRandomEntity } from './randomness.js';
import { raise } from '../kernel/queue.js';
import { enterPlay } from '../entities.js';
import { equipHeroPower } from './zones.js';
import { attach, anonymousBuff } from './enchant.js';

type Handler<K extends Action['do']> = (ctx: Ctx, a: Extract<Action, { do: K }>) => void;
export type PoolActionKind = 'gain_armor' | 'discard' | 'repeat' | 'remember' | 'swap_health' | 'set_remaining_health' | 'random_keyword' | 'replace_hero_power' | 'swap_with_hand';

/** Give an entity a new, undamaged Health (an enchantment setting it; rule `health`: "change Health to"). */
function setHealth(ctx: Ctx, id: number, hp: number): void {
  const card = anonymousBuff(0, 0, ctx.source);
  card.text = `Health ${hp}`;
  card.mods = { setHealth: hp };
  entity(ctx.g, id).damage = 0;
  attach(ctx, id, card);
}

export const POOL_ACTIONS: { [K in PoolActionKind]: Handler<K> } = {
  // Armor (rule armor); each gain is an Event (armor_gained) triggers can answer.
  gain_armor: (ctx, a) => {
    for (const s of sides(ctx, a.player ?? 'friendly')) {
      const h = entity(ctx.g, ctx.g.players[s].hero);
      // A profile's armor limit (hearthtop/armor: at most 5) keeps only what fits under it.
      const cap = ctx.g.profile.limits.armor;
      const want = evalAmount(ctx, a.amount);
      const n = cap === null ? want : Math.max(0, Math.min(want, cap - h.armor));
      if (cap !== null && n <= 0) continue;
      h.armor += n;
      ctx.g.trace.event({ e: 'armor', target: h.id, amount: n });
      if (n > 0) raise(ctx.g, [{ kind: 'armor_gained', subject: h.id, amount: n }]);
    }
  },
  discard: (ctx, a) => {
    const g = ctx.g;
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    for (const side of sides(ctx, a.player ?? 'friendly')) {
      const p = g.players[side];
      for (let i = 0; i < n && p.hand.length; i++) {
        discardTo(g, entity(g, pickRandomEntity(g, p.hand, `${ctx.source.card.name}: discard`)), 'hand');
      }
    }
  },
  repeat: (ctx, a) => {
    // A round, then the check; at most `max` rounds (a card states its own bound: the game limits such loops).
    for (let i = 0; i < a.max; i++) {
      if (ctx.g.result !== 'ongoing') return;
      ctx.g.effects.runActions(ctx, a.actions);
      if (evalCondition(ctx, a.until)) return;
    }
  },
  remember: (ctx, a) => {
    (ctx.memory ??= {})[a.as] = evalAmount(ctx, a.amount);
  },
  swap_health: (ctx, a) => {
    const x = select(ctx, a.a)[0];
    const y = select(ctx, a.b)[0];
    if (x === undefined || y === undefined || x === y) return;
    const ex = entity(ctx.g, x);
    const ey = entity(ctx.g, y);
    if (!inPlay(ex) || !inPlay(ey) || !isCharacter(ex) || !isCharacter(ey)) return;
    // both read before either changes (a swap)
    const hx = health(ctx.g, ex);
    const hy = health(ctx.g, ey);
    setHealth(ctx, x, hy);
    setHealth(ctx, y, hx);
  },
  set_remaining_health: (ctx, a) => {
    const g = ctx.g;
    const n = evalAmount(ctx, a.amount);
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      if (!inPlay(e) || !isCharacter(e)) continue;
      const max = maxHealth(g, e);
      if (n > max) { setHealth(ctx, id, n); continue; }
      e.damage = max - n;
      g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: max, why: 'set_remaining_health' });
    }
  },
  random_keyword: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (!inPlay(e)) continue;
      const k = a.keywords[randomInt(ctx.g, 0, a.keywords.length - 1, `${ctx.source.card.name}: random keyword of ${a.keywords.join(', ')}`)]!;
      attach(ctx, id, anonymousBuff(0, 0, ctx.source, [k]));
    }
  },
  swap_with_hand: (ctx, a) => {
    const g = ctx.g;
    const self = ctx.self;
    if (self.zone !== 'play' || self.card.type !== 'minion') return;
    const p = g.players[self.controller];
    const cands = p.hand.filter((id) => passes(ctx, entity(g, id), a.filter));
    if (cands.length === 0) return;
    const pick = pickRandomEntity(g, cands, `${ctx.source.card.name}: random card in hand`);
    const pos = p.board.indexOf(self.id);
    // the picked card leaves the hand first (room for this minion), then takes this minion's place, put into play
    // (not played: no Battlecry; rule 2-force-play)
    p.hand = p.hand.filter((x) => x !== pick);
    g.effects.runActions(ctx, [{ do: 'return_to_hand', to: { select: 'self' } }]);
    const e = entity(g, pick);
    moveTo(g, e, 'play', { from: 'hand' });
    enterPlay(g, e, Math.max(0, Math.min(pos, p.board.length)), true);
    ctx.summoned.push(pick);
    runSummonSequence(g, e);
  },
  replace_hero_power: (ctx, a) => {
    const g = ctx.g;
    for (const s of sides(ctx, a.player ?? 'friendly')) {
      equipHeroPower(g, s, g.cards.get(a.card));
    }
  },
};
