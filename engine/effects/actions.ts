/**
 * Action primitives: what card abilities do. A typed registry keyed by `do`; generic code never checks card ids.
 * Simultaneous changes (an area of effect) are applied first, then their Events are raised together (Rule 2b).
 */
import { discardTo, moveTo } from '../kernel/zones.js';
import type { Action } from '../cards/format.js';
import { entity, health, inPlay, maxHealth, attack, durability, playerHasAuraEffect, secretFits, type Entity, type Side } from '../state.js';
import type { Ctx } from '../kernel/context.js';
import { evalAmount, evalCondition, passes, select, sides } from './select.js';
import { pickRandomEntity, resolveCardRef } from './randomness.js';
import { detachEnchantment } from '../kernel/queue.js';
import { runPhase } from '../kernel/phases.js';
import { forcedDeathPhase, deathrattleSources } from '../kernel/deaths.js';
import { createEntity, enterPlay, resetLeavingPlay } from '../entities.js';
import { dealDamage, healCharacters, damageAmount, spellDamageBonus, doubling, afterEventMutants, onBoard } from './damage.js';
import { attach, anonymousBuff, takeControl, takeSecret } from './enchant.js';
import { drawCard, addToHand, equipWeapon, equipHeroPower, passesCard, millCards } from './zones.js';
import { summon, runSummonSequence, summonPosition, nthPosition, copyState } from './summon.js';
import { POOL_ACTIONS } from './pool-actions.js';
import { gainMana, destroyMana, unlockOverload, shuffleNew, shuffleFromPlay } from './resources.js';

export { dealDamage, healCharacters } from './damage.js';
export { attach, takeControl } from './enchant.js';
export { drawCard, equipWeapon } from './zones.js';
export { summon, runSummonSequence } from './summon.js';

/** What an enchantment may go on: an entity in play, or a card in a hand or deck (it carries the enchantment there). */
function enchantable(e: import('../state.js').Entity): boolean {
  return inPlay(e) || e.zone === 'hand' || e.zone === 'deck';
}

export function runActions(ctx: Ctx, actions: readonly Action[]): void {
  for (const a of actions) {
    if (ctx.g.result !== 'ongoing' && ctx.g.mutants.has('game-over-at-once')) return;
    ACTIONS[a.do](ctx, a as never);
    if (ctx.g.mutants.has('auras-mid-phase')) afterEventMutants(ctx.g);
  }
}

type Handler<K extends Action['do']> = (ctx: Ctx, a: Extract<Action, { do: K }>) => void;
type Registry = { [K in Action['do']]: Handler<K> };

const ACTIONS: Registry = {
  ...POOL_ACTIONS,
  damage: (ctx, a) => {
    const targets = select(ctx, a.to);
    // `by`: another entity deals the damage (its Poisonous counts; the spell's own Spell Damage still applies if asked)
    const by = a.by ? select(ctx, a.by)[0] : ctx.source.id;
    if (by === undefined) return;
    const bonus = spellDamageBonus(ctx, a.spellDamage);
    const why = bonus ? 'spell-damage' : undefined;
    if (a.each) {
      // one amount per target, evaluated before any is hit; then all are hit at once (Rule 2b)
      const per = new Map(targets.map((id) => [id, damageAmount(ctx, evalAmount({ ...ctx, each: id }, a.amount), bonus)]));
      dealDamage(ctx, by, targets, 0, per, why);
      return;
    }
    dealDamage(ctx, by, targets, damageAmount(ctx, evalAmount(ctx, a.amount), bonus), undefined, why);
  },
  heal: (ctx, a) => healCharacters(ctx, ctx.source.id, select(ctx, a.to), evalAmount(ctx, a.amount) * doubling(ctx)),
  split_damage: (ctx, a) => {
    const bonus = spellDamageBonus(ctx, a.spellDamage);
    const n = damageAmount(ctx, evalAmount(ctx, a.amount), bonus);
    const why = bonus ? 'spell-damage' : undefined;
    for (let i = 0; i < n; i++) {
      // one missile at a time, each a fresh random pick on the current board (Dragon Egg / Mad Bomber example)
      const t = select(ctx, { ...a.among, random: 1 });
      if (t.length === 0) break;
      dealDamage(ctx, ctx.source.id, t, 1, undefined, why);
    }
  },
  destroy: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      // A destroyed Secret leaves at once, unrevealed (Flare); so does a card in a hand (the Mine that explodes when drawn).
      if (e.zone === 'secret' || e.zone === 'hand') { discardTo(ctx.g, e, e.zone === 'secret' ? 'secrets' : 'hand'); continue; }
      if (!inPlay(e) || e.pendingDestroy) continue;
      e.pendingDestroy = true;
      ctx.g.trace.event({ e: 'destroy_mark', target: id, rule: '4a' });
    }
    afterEventMutants(ctx.g);
  },
  draw: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    const who: Side[] = a.player === 'caster' ? [ctx.source.caster ?? ctx.controller] : sides(ctx, a.player ?? 'friendly');
    for (const s of who) {
      for (let i = 0; i < n; i++) {
        let pick: number | undefined;
        if (a.filter) {
          const cands = ctx.g.players[s].deck.filter((x) => passes(ctx, entity(ctx.g, x), a.filter));
          if (cands.length === 0) break;
          pick = pickRandomEntity(ctx.g, cands, `${ctx.source.card.name}: random card from the deck`);
        }
        const id = drawCard(ctx.g, s, pick);
        if (id !== null) (ctx.drawn ??= []).push(id);
      }
    }
  },
  summon: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    for (const side of sides(ctx, a.player ?? 'friendly')) {
      let pos = -1;
      for (let i = 0; i < n; i++) {
        pos = nthPosition(ctx, side, a.position, i, pos);
        const card = resolveCardRef(ctx, a.card);
        if (!card || summon(ctx, card, side, pos) === null) pos--;
      }
    }
  },
  buff: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      if (!enchantable(entity(ctx.g, id))) continue;
      const at = a.attack === undefined ? 0 : evalAmount(ctx, a.attack);
      const hp = a.health === undefined ? 0 : evalAmount(ctx, a.health);
      const card = a.enchantment ? ctx.g.cards.get(a.enchantment) : anonymousBuff(at, hp, ctx.source, a.keywords, a.until);
      const c = a.cost === undefined ? 0 : evalAmount(ctx, a.cost);
      if (c !== 0 && !a.enchantment) { card.mods = { ...card.mods, cost: c }; card.text += `, cost ${c > 0 ? '+' : ''}${c}`; }
      attach(ctx, id, card, a.enchantment ? { attack: at || undefined, health: hp || undefined, ...(a.keywords ? { keywords: a.keywords } : {}), ...(c ? { cost: c } : {}) } : undefined);
    }
  },
  summon_copy: (ctx, a) => {
    const originals = select(ctx, a.of).map((id) => entity(ctx.g, id)).filter((e) => e.card.type === 'minion');
    for (const side of sides(ctx, a.player ?? 'friendly')) {
      for (const o of originals) {
        summon(ctx, o.card, side, summonPosition(ctx, side, a.position ?? 'right'), a.exact ? { as: (e) => copyState(ctx, o, e) } : {});
      }
    }
  },
  add_to_hand: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    for (const s of sides(ctx, a.player ?? 'friendly')) {
      for (let i = 0; i < n; i++) {
        const card = resolveCardRef(ctx, a.card);
        const e = card ? addToHand(ctx.g, s, card) : null;
        if (e) (ctx.added ??= []).push(e.id);
        if (e && a.enchantment) attach(ctx, e.id, ctx.g.cards.get(a.enchantment));
      }
    }
  },
  durability: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const w = entity(ctx.g, id);
      if (w.zone !== 'play' || w.card.type !== 'weapon') continue;
      w.durabilityLoss -= evalAmount(ctx, a.amount);
      ctx.g.trace.event({ e: 'stats', entity: id, attack: attack(ctx.g, w), health: durability(ctx.g, w), maxHealth: durability(ctx.g, w) + w.durabilityLoss, why: 'durability' });
    }
  },
  give: (ctx, a) => {
    for (const id of select(ctx, a.to)) if (enchantable(entity(ctx.g, id))) attach(ctx, id, ctx.g.cards.get(a.enchantment));
  },
  set_stats: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (!enchantable(e)) continue;
      const at = a.attack === undefined ? undefined : evalAmount(ctx, a.attack);
      const hp = a.health === undefined ? undefined : evalAmount(ctx, a.health);
      const card = anonymousBuff(0, 0, ctx.source);
      card.text = [at !== undefined ? `Attack ${at}` : '', hp !== undefined ? `Health ${hp}` : ''].filter(Boolean).join(', ');
      card.mods = { ...(at !== undefined ? { setAttack: at } : {}), ...(hp !== undefined ? { setHealth: hp } : {}) };
      // "Change Health to N": N becomes the maximum and the minion is undamaged at it (seed 003 Change Health; rule health).
      if (hp !== undefined) e.damage = 0;
      attach(ctx, id, card);
    }
  },
  gain_mana: (ctx, a) => { for (const s of sides(ctx, a.player ?? 'friendly')) gainMana(ctx.g, s, evalAmount(ctx, a.amount), a.crystals ?? 'full'); },
  destroy_mana: (ctx, a) => { for (const s of sides(ctx, a.player ?? 'friendly')) destroyMana(ctx.g, s, evalAmount(ctx, a.amount)); },
  unlock_overload: (ctx, a) => { for (const s of sides(ctx, a.player ?? 'friendly')) unlockOverload(ctx.g, s); },
  shuffle_into_deck: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    if (a.move) {
      for (const id of a.of ? select(ctx, a.of) : []) shuffleFromPlay(ctx, entity(ctx.g, id));
      return;
    }
    const cards = a.card !== undefined ? [ctx.g.cards.get(a.card)] : (a.of ? select(ctx, a.of) : []).map((id) => entity(ctx.g, id).card);
    for (const card of cards) for (const s of sides(ctx, a.player ?? 'friendly')) for (let i = 0; i < n; i++) shuffleNew(ctx, s, card);
  },
  remove_keywords: (ctx, a) => {
    const g = ctx.g;
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      if (e.zone !== 'play') continue;
      if (a.keywords.includes('divine_shield')) e.divineShield = false;
      e.lostKeywords = [...new Set([...(e.lostKeywords ?? []), ...a.keywords])];
      for (const en of [...e.enchantments]) {
        const m = entity(g, en).mods;
        if (m?.keywords?.some((k) => k !== 'divine_shield' && a.keywords.includes(k))) detachEnchantment(g, entity(g, en));
      }
    }
  },
  mill: (ctx, a) => { for (const s of sides(ctx, a.player ?? 'friendly')) millCards(ctx.g, s, evalAmount(ctx, a.count)); },
  restore_full: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (e.damage > 0) healCharacters(ctx, ctx.source.id, [id], e.damage);
    }
  },
  freeze: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      if (!onBoard(ctx.g, id)) continue;
      entity(ctx.g, id).frozen = true;
      ctx.g.trace.event({ e: 'freeze', target: id });
    }
  },
  take_control: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (e.zone === 'secret') takeSecret(ctx, e);
      else takeControl(ctx, e, ctx.controller);
    }
  },
  return_to_hand: (ctx, a) => {
    const g = ctx.g;
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      if (e.zone !== 'play' || e.card.type !== 'minion') continue;
      const p = g.players[e.controller];
      p.board = p.board.filter((x) => x !== id);
      resetLeavingPlay(g, e);
      if (a.costIncrease) e.costMods.push({ amount: a.costIncrease, order: g.nextOrder++ });
      // Mutant (breaks hand-limit): the returned minion joins a full hand.
      if (p.hand.length >= g.profile.limits.hand && !g.mutants.has('returned-into-full-hand')) {
        moveTo(g, e, 'graveyard', { from: 'play' });
      } else {
        p.hand.push(id);
        moveTo(g, e, 'hand', { from: 'play' });
      }
    }
  },
  transform: (ctx, a) => {
    const g = ctx.g;
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      // in play, or a card in a hand ("draw a card; if it's a minion, transform it")
      if (e.zone !== 'play' && e.zone !== 'hand') continue;
      const original = a.into === 'copy_of_target' && ctx.target !== null && ctx.target !== undefined ? entity(g, ctx.target) : null;
      const into = original ? original.card : a.into === 'copy_of_target' ? null : resolveCardRef(ctx, a.into);
      if (!into) continue;
      // Transform keeps the entity (and its place in the order of play): it is "no longer a Battlecry minion" (Rule 10b
      // example). It is the new card only (rule transform): what belonged to the old minion (enchantments, damage,
      // Silence, Divine Shield, Freeze, lost keywords) is gone; the attacks it made this turn stay.
      for (const en of e.enchantments) moveTo(g, entity(g, en), 'graveyard');
      e.enchantments = []; e.damage = 0; e.card = into; e.auraLayer = []; e.silenced = false; e.lostKeywords = undefined;
      e.divineShield = !!into.keywords?.includes('divine_shield'); e.frozen = false;
      g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), why: `transform:${into.id}`, ...(original ? { rule: 'copy' } : {}) });
      // A copy (rule copy) then takes the original's enchantments (recorded after the transform, which ends the old
      // minion's), its Silence and its damage; what it gets from auras comes at the next Aura Update.
      if (original && original.id !== e.id) {
        copyState(ctx, original, e);
        g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), why: `copy:${original.card.id}`, rule: 'copy' });
      }
    }
  },
  put_into_play: (ctx, a) => {
    for (const side of sides(ctx, a.player ?? 'friendly')) putIntoPlay(ctx, a, side);
  },
  copy_to_hand: (ctx, a) => {
    for (const id of select(ctx, a.of)) {
      const card = entity(ctx.g, id).card;
      for (const s of sides(ctx, a.player ?? 'friendly')) for (let i = 0; i < (a.count ?? 1); i++) addToHand(ctx.g, s, card);
    }
  },
  resurrect: (ctx, a) => {
    for (const id of select(ctx, a.of)) {
      const dead = entity(ctx.g, id);
      if (dead.zone === 'play' || dead.card.type !== 'minion') continue; // only a minion that died comes back
      // "return it to life": on its controller's side, where it was
      const side = dead.controller;
      summon(ctx, dead.card, side, dead.lastPosition >= 0 ? dead.lastPosition : ctx.g.players[side].board.length, { damageTo: a.health });
    }
  },
  equip: (ctx, a) => {
    for (const s of sides(ctx, a.player ?? 'friendly')) {
      const card = resolveCardRef(ctx, a.card);
      if (card) equipWeapon(ctx.g, s, card);
    }
  },
  counter: (ctx) => {
    const g = ctx.g;
    const spellId = ctx.event?.seq?.spell ?? ctx.event?.subject;
    if (spellId === undefined) return;
    const s = entity(g, spellId);
    if (s.zone !== 'play') return;
    moveTo(g, s, 'graveyard');
    g.players[s.controller].graveyard.push(s.id);
    g.trace.event({ e: 'counter', spell: s.id });
  },
  redirect_attack: (ctx, a) => {
    const seq = ctx.event?.seq;
    if (!seq) return;
    const to = select(ctx, a.to)[0];
    if (to === undefined) return;
    ctx.g.trace.event({ e: 'redirect', what: 'attack', from: seq.defender ?? null, to });
    seq.defender = to;
  },
  redirect_spell: (ctx, a) => {
    const seq = ctx.event?.seq;
    if (!seq) return;
    const to = select(ctx, a.to)[0];
    if (to === undefined) return;
    ctx.g.trace.event({ e: 'redirect', what: 'spell', from: seq.target ?? null, to });
    seq.target = to;
  },
  trigger_deathrattles: (ctx, a) => {
    for (const id of select(ctx, a.of)) {
      const m = entity(ctx.g, id);
      // Each Deathrattle the minion has (its own and added ones), each through the ability runner (its condition too);
      // twice under Baron Rivendare, however it is triggered (rule deathrattles-twice).
      const times = m.card.type === 'minion' && playerHasAuraEffect(ctx.g, m.controller, 'deathrattlesTwice') ? 2 : 1;
      for (const src of deathrattleSources(ctx.g, m)) {
        const dr = src.card.deathrattle!;
        for (let i = 0; i < times; i++) {
          const sub: Ctx = { ...ctx, source: src, self: m, controller: m.controller, cls: dr.class ?? 'neutral', isTrigger: true, summoned: [] };
          ctx.g.effects.runAbility(sub, dr, { reason: 'its condition is false when it is triggered', rule: '10b' });
        }
      }
    }
  },
  replace_hero: (ctx, a) => {
    const g = ctx.g;
    const side = ctx.controller;
    const p = g.players[side];
    const old = entity(g, p.hero);
    // A hero already removed from play (it died in an earlier Death Creation Step) cannot be replaced: the game
    // result is decided when the Sequence ends (Rule 9).
    if (old.zone !== 'play') {
      g.trace.event({ e: 'trigger_abort', source: ctx.source.id, reason: 'the hero to replace is no longer in play', rule: '9' });
      return;
    }
    const hero = createEntity(g, g.cards.get(a.hero), side, 'play');
    hero.order = g.nextOrder++;
    moveTo(g, hero, 'play', { from: 'setaside', order: hero.order });
    moveTo(g, old, 'removed');
    for (const en of old.enchantments) moveTo(g, entity(g, en), 'graveyard'); // they leave play with the old hero
    p.hero = hero.id;
    g.trace.event({ e: 'hero_replaced', player: side, old: old.id, hero: hero.id });
    // The minion that became the hero leaves play.
    if (ctx.source.zone === 'play' && ctx.source.card.type === 'minion') {
      p.board = p.board.filter((x) => x !== ctx.source.id);
      moveTo(g, ctx.source, 'removed', { from: 'play' });
    }
    // The new hero comes with its own Hero Power (rule hero-power-replaced: INFERNO!, DIE, INSECT!).
    if (hero.card.heroPower) equipHeroPower(g, side, g.cards.get(hero.card.heroPower));
    if (a.weapon) equipWeapon(g, side, g.cards.get(a.weapon));
  },
  cast_copy: (ctx, a) => {
    const g = ctx.g;
    const spellId = ctx.event?.subject;
    if (spellId === undefined) return;
    const spell = entity(g, spellId).card;
    const to = select(ctx, a.on)[0];
    if (!spell.spell || to === undefined) return;
    const copy = createEntity(g, spell, ctx.controller, 'setaside');
    const sub: Ctx = { g, source: copy, self: copy, controller: ctx.controller, cls: spell.spell.class ?? 'neutral', isTrigger: false, target: to, summoned: [] };
    runActions(sub, spell.spell.actions);
  },
  if: (ctx, a) => runActions(ctx, evalCondition(ctx, a.condition) ? a.then : (a.else ?? [])),
  silence: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (e.zone !== 'play') continue;
      ctx.g.trace.event({ e: 'silence', target: id });
      e.silenced = true;
      // Rule `silence`: Silence removes the minion's card text, its enchantments, Divine Shield and Freeze.
      e.divineShield = false;
      // Mutant (breaks silence): the minion stays Frozen.
      if (!ctx.g.mutants.has('silence-keeps-freeze')) e.frozen = false;
      // Mutant (breaks silence): the minion's damage goes too (it is left at its new maximum Health).
      if (ctx.g.mutants.has('silence-heals')) e.damage = 0;
      for (const en of [...e.enchantments]) detachEnchantment(ctx.g, entity(ctx.g, en));
    }
  },
  force_death_phase: (ctx) => {
    const g = ctx.g;
    forcedDeathPhase(g, (body) => runPhase(g, { kind: 'FORCED_DEATH', type: 'DEATHS' }, body));
  },
};

/** Force play from a player's deck or hand onto their side (Voidcaller, Deathlord, Ancestor's Call). */
function putIntoPlay(ctx: Ctx, a: Extract<Action, { do: 'put_into_play' }>, side: Side): void {
  const g = ctx.g;
  const p = g.players[side];
  // A Secret comes into play only as one a player may have (rule secrets): not one already in play, none past the
  // Secret limit; the others stay where they are (Mad Scientist with its Secret in play puts none).
  const allowed = (e: Entity) => !e.card.secret || secretFits(g, p, e.card);
  const pool = (a.from === 'deck' ? p.deck : p.hand).filter((id) => passesCard(entity(g, id), a.filter) && allowed(entity(g, id)));
  const n = a.count ?? 1;
  let cands = pool;
  for (let i = 0; i < n && cands.length; i++) {
    const id = pickRandomEntity(g, cands, `${ctx.source.card.name}: put into play from ${a.from}`);
    cands = cands.filter((x) => x !== id);
    const e = entity(g, id);
    if (e.card.secret && !allowed(e)) continue;
    if (a.from === 'deck') p.deck = p.deck.filter((x) => x !== id); else p.hand = p.hand.filter((x) => x !== id);
    if (e.card.secret) {
      e.order = g.nextOrder++; p.secrets.push(id);
      moveTo(g, e, 'secret', { from: a.from, order: e.order });
      continue;
    }
    if (p.board.length >= g.profile.limits.board) {
      (a.from === 'deck' ? p.deck : p.hand).push(id);
      g.trace.event({ e: 'summon_refused', player: side, card: e.card.id, reason: `the board of player ${side === 0 ? 'A' : 'B'} is full`, rule: 'board-limit' });
      continue;
    }
    moveTo(g, e, 'play', { from: a.from });
    // From a Deathrattle (Voidcaller) it takes the dead minion's slot, like a Deathrattle's summon; else the right end.
    enterPlay(g, e, summonPosition(ctx, side, 'right_of_self'), true);
    ctx.summoned.push(id);
    runSummonSequence(g, e);
  }
}
