/**
 * Action primitives: what card abilities do. A typed registry keyed by `do`; generic code never checks card ids.
 * Simultaneous changes (an area of effect) are applied first, then their Events are raised together (Rule 2b).
 */
import type { Action, CardDef } from '../cards/format.js';
import {
  entity, health, inPlay, isCharacter, opponent, hasKeyword, playerHasAuraEffect, spellDamage, maxHealth, attack,
  HAND_LIMIT, BOARD_LIMIT, type Entity, type Game, type Side,
} from '../state.js';
import type { Ctx, GameEventRef } from './context.js';
import { evalAmount, evalCondition, select, sides } from './select.js';
import { pickRandomEntity, randomInt } from './randomness.js';
import { raise, detachEnchantment } from '../kernel/queue.js';
import { GameOverSignal, runPhase, checkGameEnd } from '../kernel/phases.js';
import { forcedDeathPhase, removeFromPlay, resolveDeathPhase } from '../kernel/deaths.js';
import { auraUpdateHealthAttack, auraUpdateOther } from '../kernel/auras.js';
import { createEntity, enterPlay } from '../entities.js';

export function runActions(ctx: Ctx, actions: readonly Action[]): void {
  for (const a of actions) {
    if (ctx.g.result !== 'ongoing' && ctx.g.mutants.has('game-over-at-once')) return;
    ACTIONS[a.do](ctx, a as never);
    if (ctx.g.mutants.has('auras-mid-phase')) afterEventMutants(ctx.g);
  }
}

type Handler<K extends Action['do']> = (ctx: Ctx, a: Extract<Action, { do: K }>) => void;
type Registry = { [K in Action['do']]: Handler<K> };

const onBoard = (g: Game, id: number) => {
  const e = entity(g, id);
  return e.zone === 'play' && isCharacter(e);
};

/** Mutants that move rule checks into the middle of a Phase. */
function afterEventMutants(g: Game): void {
  if (g.mutants.has('die-at-zero-health')) {
    // Mutant (breaks Rule 3): a minion at 0 health dies on the spot and its Death resolves at once.
    const dead = g.players.flatMap((p) => p.board.map((id) => entity(g, id))).filter((e) => health(g, e) <= 0);
    for (const e of dead) removeFromPlay(g, e, 'mutant:die-at-zero-health');
    if (dead.length) resolveDeathPhase(g, dead);
  }
  if (g.mutants.has('auras-mid-phase')) { auraUpdateHealthAttack(g); auraUpdateOther(g); }
  if (g.mutants.has('game-over-at-once')) {
    const dead = g.players.some((p) => health(g, entity(g, p.hero)) <= 0);
    if (dead) {
      for (const p of g.players) { const h = entity(g, p.hero); if (health(g, h) <= 0) removeFromPlay(g, h, 'mutant:game-over-at-once'); }
      checkGameEnd(g, 'mutant:game-over-at-once');
      throw new GameOverSignal();
    }
  }
}

/** Deal damage to several characters at once, then raise their Damage Events together (Rule 2b). */
export function dealDamage(ctx: Ctx, sourceId: number, targets: readonly number[], amount: number): void {
  const g = ctx.g;
  const hit: GameEventRef[] = [];
  const source = entity(g, sourceId);
  for (const id of targets) {
    if (!onBoard(g, id) || amount <= 0) continue;
    const t = entity(g, id);
    if (hasKeyword(g, t, 'immune')) continue;
    if (t.divineShield) {
      t.divineShield = false;
      g.trace.event({ e: 'divine_shield_pop', target: id });
      continue;
    }
    let n = amount;
    if (t.armor > 0) {
      const absorbed = Math.min(t.armor, n);
      t.armor -= absorbed;
      n -= absorbed;
    }
    if (n <= 0) continue;
    t.damage += n;
    g.trace.event({ e: 'damage', source: sourceId, target: id, amount: n, health: health(g, t) });
    if (t.card.type === 'minion' && hasKeyword(g, source, 'poisonous') && !t.pendingDestroy) {
      t.pendingDestroy = true;
      g.trace.event({ e: 'destroy_mark', target: id, rule: 'poisonous' });
    }
    hit.push({ kind: 'damaged', subject: id, source: sourceId });
  }
  afterEventMutants(g);
  if (g.collecting) g.collecting.push(...hit);
  else raise(g, hit);
}

function heal(ctx: Ctx, sourceId: number, targets: readonly number[], amount: number): void {
  const g = ctx.g;
  if (playerHasAuraEffect(g, ctx.controller, 'healingDamages')) {
    dealDamage(ctx, sourceId, targets, amount);
    return;
  }
  const healed: GameEventRef[] = [];
  for (const id of targets) {
    if (!onBoard(g, id)) continue;
    const t = entity(g, id);
    const n = Math.min(amount, t.damage);
    if (n <= 0) continue;
    t.damage -= n;
    g.trace.event({ e: 'heal', source: sourceId, target: id, amount: n, health: health(g, t) });
    healed.push({ kind: 'healed', subject: id, source: sourceId });
  }
  raise(g, healed);
}

function damageAmount(ctx: Ctx, base: number, spell: boolean | undefined): number {
  return spell ? base + spellDamage(ctx.g, ctx.controller) : base;
}

/** Attach an enchantment entity (Rule 4d: it applies at once). It is an entity in the order of play list. */
export function attach(ctx: Ctx, targetId: number, card: CardDef, extraMods?: CardDef['mods']): Entity {
  const g = ctx.g;
  const t = entity(g, targetId);
  // The enchantment's controller is its caster at first (Rule 10 example: Nightmare); it follows the minion later.
  const en = createEntity(g, card, ctx.controller, 'play');
  en.attachedTo = targetId;
  en.caster = ctx.controller;
  en.mods = { ...(card.mods ?? {}), ...(extraMods ?? {}) };
  en.order = g.nextOrder++;
  t.enchantments.push(en.id);
  g.trace.event({ e: 'enchant', target: targetId, enchantment: en.id, card: card.id, order: en.order });
  if (en.mods.stolen) {
    en.caster = ctx.controller;
    t.returnTo = t.controller === ctx.controller ? opponent(ctx.controller) : t.controller;
    takeControl(ctx, t, ctx.controller);
  }
  return en;
}

function anonymousBuff(attackN: number, healthN: number, source: Entity): CardDef {
  return { id: `${source.card.id}e`, name: `${source.card.name} buff`, type: 'enchantment', text: `+${attackN}/+${healthN}`, source: 'derived', mods: { attack: attackN, health: healthN } };
}

export function takeControl(ctx: Ctx, t: Entity, to: Side): void {
  const g = ctx.g;
  if (t.controller === to || t.zone !== 'play' || t.card.type !== 'minion') return;
  const from = t.controller;
  g.players[from].board = g.players[from].board.filter((x) => x !== t.id);
  t.controller = to;
  for (const en of t.enchantments) entity(g, en).controller = to; // enchantments follow (Nightmare, Rule 10)
  g.trace.event({ e: 'control', entity: t.id, from, to });
  if (g.players[to].board.length >= BOARD_LIMIT) {
    t.pendingDestroy = true; // no room: the stolen minion is destroyed
    g.trace.event({ e: 'destroy_mark', target: t.id, rule: 'board-limit' });
    g.players[to].board.push(t.id);
    return;
  }
  g.players[to].board.push(t.id);
}

export function drawCard(g: Game, side: Side): void {
  const p = g.players[side];
  const id = p.deck.shift();
  if (id === undefined) {
    // Fatigue: its own (PowerHistory FATIGUE) Phase, nested where the draw happens.
    const hero = entity(g, p.hero);
    runPhase(g, { kind: 'FATIGUE', type: 'FATIGUE', player: side }, () => {
      p.fatigue++;
      g.trace.event({ e: 'fatigue', player: side, amount: p.fatigue });
      const ctx: Ctx = { g, source: hero, self: hero, controller: side, cls: 'negative', isTrigger: false, summoned: [] };
      dealDamage(ctx, hero.id, [hero.id], p.fatigue);
    });
    return;
  }
  const c = entity(g, id);
  if (p.hand.length >= HAND_LIMIT) {
    c.zone = 'graveyard';
    p.graveyard.push(id);
    g.trace.event({ e: 'burn', player: side, entity: id, card: c.card.id, rule: 'hand-limit' });
    return;
  }
  c.zone = 'hand';
  p.hand.push(id);
  g.trace.event({ e: 'draw', player: side, entity: id, card: c.card.id });
}

function addToHand(g: Game, side: Side, card: CardDef): void {
  const p = g.players[side];
  const c = createEntity(g, card, side, 'hand');
  if (p.hand.length >= HAND_LIMIT) {
    c.zone = 'graveyard';
    g.trace.event({ e: 'burn', player: side, entity: c.id, card: card.id, rule: 'hand-limit' });
    return;
  }
  p.hand.push(c.id);
  g.trace.event({ e: 'draw', player: side, entity: c.id, card: card.id });
}

/**
 * Summon a minion: it enters play, then its Summon Sequence runs ("On Summon", then "After Summon"). Inside a
 * running Phase these are nested Phases, so nothing dies before the outermost Phase ends (Rule 3 note).
 */
export function summon(ctx: Ctx, card: CardDef, side: Side, position: number, opts: { forcePlay?: boolean; damageTo?: number } = {}): number | null {
  const g = ctx.g;
  const p = g.players[side];
  if (p.board.length >= BOARD_LIMIT && !g.mutants.has('no-board-limit')) return null;
  const e = createEntity(g, card, side, 'setaside');
  enterPlay(g, e, Math.max(0, Math.min(position, p.board.length)), opts.forcePlay ?? false);
  if (opts.damageTo !== undefined) e.damage = Math.max(0, maxHealth(g, e) - opts.damageTo);
  ctx.summoned.push(e.id);
  runSummonSequence(g, e);
  return e.id;
}

/** "Whenever a minion is summoned, a Sequence immediately begins with an On Summon and ends with an After Summon Phase." */
export function runSummonSequence(g: Game, e: Entity): void {
  const b = g.trace.openBlock({ block: 'sequence', kind: 'SUMMON', subject: e.id, player: e.controller, rule: 'summon-sequence' });
  runPhase(g, { kind: 'ON_SUMMON', type: 'TRIGGER', subjects: [e.id] }, () => raise(g, [{ kind: 'summoned', subject: e.id }]));
  runPhase(g, { kind: 'AFTER_SUMMON', type: 'TRIGGER', subjects: [e.id] }, () => raise(g, [{ kind: 'after_summon', subject: e.id }]));
  g.trace.closeBlock(b);
}

function summonPosition(ctx: Ctx, side: Side, pos: 'right' | 'right_of_self' | 'left_of_self' | 'both_sides' | undefined): number {
  const board = ctx.g.players[side].board;
  const self = ctx.self;
  if (pos === 'right' || self.controller !== side) return board.length;
  // No position given: a Deathrattle's minion takes the dead minion's place; anything else goes to the right end.
  if (pos === undefined && !(self.card.type === 'minion' && self.zone !== 'play' && self.lastPosition >= 0)) return board.length;
  const i = board.indexOf(self.id);
  if (i >= 0) return pos === 'left_of_self' ? i : i + 1;
  // A dead summoner (a Deathrattle): its slot is gone, so the new minion takes the place where it was.
  if (self.card.type === 'minion' && self.zone !== 'play' && self.lastPosition >= 0) return Math.min(self.lastPosition, board.length);
  return board.length; // a spell, a hero power, a secret: the right end
}

/** Where the n-th of several summons goes: 'both_sides' alternates right and left of the summoner. */
function nthPosition(ctx: Ctx, side: Side, pos: Parameters<typeof summonPosition>[2], n: number, previous: number): number {
  if (pos !== 'both_sides') return n === 0 ? summonPosition(ctx, side, pos) : previous + 1;
  return summonPosition(ctx, side, n % 2 === 0 ? 'right_of_self' : 'left_of_self');
}

const ACTIONS: Registry = {
  damage: (ctx, a) => {
    const n = damageAmount(ctx, evalAmount(ctx, a.amount), a.spellDamage);
    dealDamage(ctx, ctx.source.id, select(ctx, a.to), n);
  },
  heal: (ctx, a) => heal(ctx, ctx.source.id, select(ctx, a.to), evalAmount(ctx, a.amount)),
  split_damage: (ctx, a) => {
    const n = damageAmount(ctx, evalAmount(ctx, a.amount), a.spellDamage);
    for (let i = 0; i < n; i++) {
      // one missile at a time, each a fresh random pick on the current board (Dragon Egg / Mad Bomber example)
      const t = select(ctx, { ...a.among, random: 1 });
      if (t.length === 0) break;
      dealDamage(ctx, ctx.source.id, t, 1);
    }
  },
  destroy: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      const e = entity(ctx.g, id);
      if (!inPlay(e) || e.pendingDestroy) continue;
      e.pendingDestroy = true;
      ctx.g.trace.event({ e: 'destroy_mark', target: id, rule: '4a' });
    }
    afterEventMutants(ctx.g);
  },
  draw: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    const who: Side[] = a.player === 'caster' ? [ctx.source.caster ?? ctx.controller] : sides(ctx, a.player ?? 'friendly');
    for (const s of who) for (let i = 0; i < n; i++) drawCard(ctx.g, s);
  },
  summon: (ctx, a) => {
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    for (const side of sides(ctx, a.player ?? 'friendly')) {
      let pos = -1;
      for (let i = 0; i < n; i++) {
        pos = nthPosition(ctx, side, a.position, i, pos);
        const cardId = typeof a.card === 'string' ? a.card : a.card.randomOf[randomInt(ctx.g, 0, a.card.randomOf.length - 1, `${ctx.source.card.name}: random card of ${a.card.randomOf.join(', ')}`)]!;
        if (summon(ctx, ctx.g.cards.get(cardId), side, pos) === null) pos--;
      }
    }
  },
  buff: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      if (!inPlay(entity(ctx.g, id))) continue;
      const at = a.attack === undefined ? 0 : evalAmount(ctx, a.attack);
      const hp = a.health === undefined ? 0 : evalAmount(ctx, a.health);
      const card = a.enchantment ? ctx.g.cards.get(a.enchantment) : anonymousBuff(at, hp, ctx.source);
      attach(ctx, id, card, a.enchantment ? { attack: at || undefined, health: hp || undefined } : undefined);
    }
  },
  give: (ctx, a) => {
    for (const id of select(ctx, a.to)) if (inPlay(entity(ctx.g, id))) attach(ctx, id, ctx.g.cards.get(a.enchantment));
  },
  freeze: (ctx, a) => {
    for (const id of select(ctx, a.to)) {
      if (!onBoard(ctx.g, id)) continue;
      entity(ctx.g, id).frozen = true;
      ctx.g.trace.event({ e: 'freeze', target: id });
    }
  },
  take_control: (ctx, a) => {
    for (const id of select(ctx, a.to)) takeControl(ctx, entity(ctx.g, id), ctx.controller);
  },
  return_to_hand: (ctx, a) => {
    const g = ctx.g;
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      if (e.zone !== 'play' || e.card.type !== 'minion') continue;
      const p = g.players[e.controller];
      p.board = p.board.filter((x) => x !== id);
      for (const en of e.enchantments) entity(g, en).zone = 'graveyard';
      e.enchantments = [];
      e.damage = 0; e.pendingDestroy = false; e.frozen = false; e.auraLayer = [];
      if (a.costIncrease) e.costMods.push({ amount: a.costIncrease, order: g.nextOrder++ });
      if (p.hand.length >= HAND_LIMIT) {
        e.zone = 'graveyard';
        g.trace.event({ e: 'zone', entity: id, from: 'play', to: 'graveyard' });
      } else {
        e.zone = 'hand';
        p.hand.push(id);
        g.trace.event({ e: 'zone', entity: id, from: 'play', to: 'hand' });
      }
    }
  },
  transform: (ctx, a) => {
    const g = ctx.g;
    for (const id of select(ctx, a.to)) {
      const e = entity(g, id);
      if (e.zone !== 'play') continue;
      const into = a.into === 'copy_of_target' ? (ctx.target !== null && ctx.target !== undefined ? entity(g, ctx.target).card : null) : g.cards.get(a.into);
      if (!into) continue;
      // Transform keeps the entity (and its place in the order of play): it is "no longer a Battlecry minion" (Rule 10b example).
      for (const en of e.enchantments) entity(g, en).zone = 'graveyard';
      e.enchantments = []; e.damage = 0; e.card = into; e.auraLayer = [];
      g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), why: `transform:${into.id}` });
    }
  },
  put_into_play: (ctx, a) => {
    const g = ctx.g;
    const p = g.players[ctx.controller];
    const pool = (a.from === 'deck' ? p.deck : p.hand).filter((id) => passesCard(ctx, entity(g, id), a.filter));
    const n = a.count ?? 1;
    let cands = pool;
    for (let i = 0; i < n && cands.length; i++) {
      const id = pickRandomEntity(g, cands, `${ctx.source.card.name}: put into play from ${a.from}`);
      cands = cands.filter((x) => x !== id);
      const e = entity(g, id);
      if (a.from === 'deck') p.deck = p.deck.filter((x) => x !== id); else p.hand = p.hand.filter((x) => x !== id);
      if (e.card.secret) {
        if (p.secrets.some((s) => entity(g, s).card.id === e.card.id)) { e.zone = 'graveyard'; continue; }
        e.zone = 'secret'; e.order = g.nextOrder++; p.secrets.push(id);
        g.trace.event({ e: 'zone', entity: id, from: a.from, to: 'secret', order: e.order });
        continue;
      }
      if (p.board.length >= BOARD_LIMIT) { (a.from === 'deck' ? p.deck : p.hand).push(id); continue; }
      g.trace.event({ e: 'zone', entity: id, from: a.from, to: 'play' });
      // From a Deathrattle (Voidcaller) it takes the dead minion's slot, like a Deathrattle's summon; else the right end.
      enterPlay(g, e, summonPosition(ctx, ctx.controller, 'right_of_self'), true);
      ctx.summoned.push(id);
      runSummonSequence(g, e);
    }
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
  gain_armor: (ctx, a) => {
    for (const s of sides(ctx, a.player ?? 'friendly')) {
      const h = entity(ctx.g, ctx.g.players[s].hero);
      const n = evalAmount(ctx, a.amount);
      h.armor += n;
      ctx.g.trace.event({ e: 'armor', target: h.id, amount: n });
    }
  },
  equip: (ctx, a) => equipWeapon(ctx.g, ctx.controller, ctx.g.cards.get(a.card)),
  counter: (ctx) => {
    const g = ctx.g;
    const spellId = ctx.event?.seq?.spell ?? ctx.event?.subject;
    if (spellId === undefined) return;
    const s = entity(g, spellId);
    if (s.zone !== 'play') return;
    s.zone = 'graveyard';
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
      if (!m.card.deathrattle || m.silenced) continue;
      const sub: Ctx = { ...ctx, source: m, self: m, controller: m.controller, cls: m.card.deathrattle.class ?? 'neutral', isTrigger: true, summoned: [] };
      runActions(sub, m.card.deathrattle.actions);
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
    g.trace.event({ e: 'zone', entity: hero.id, from: 'setaside', to: 'play', order: hero.order });
    old.zone = 'removed';
    p.hero = hero.id;
    g.trace.event({ e: 'hero_replaced', player: side, old: old.id, hero: hero.id });
    // The minion that became the hero leaves play.
    if (ctx.source.zone === 'play' && ctx.source.card.type === 'minion') {
      p.board = p.board.filter((x) => x !== ctx.source.id);
      ctx.source.zone = 'removed';
      g.trace.event({ e: 'zone', entity: ctx.source.id, from: 'play', to: 'removed' });
    }
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
      e.silenced = true;
      for (const en of [...e.enchantments]) detachEnchantment(ctx.g, entity(ctx.g, en));
    }
  },
  discard: (ctx, a) => {
    const g = ctx.g;
    const n = a.count === undefined ? 1 : evalAmount(ctx, a.count);
    for (const side of sides(ctx, a.player ?? 'friendly')) {
      const p = g.players[side];
      for (let i = 0; i < n && p.hand.length; i++) {
        const id = pickRandomEntity(g, p.hand, `${ctx.source.card.name}: discard`);
        p.hand = p.hand.filter((x) => x !== id);
        entity(g, id).zone = 'graveyard';
        p.graveyard.push(id);
        g.trace.event({ e: 'zone', entity: id, from: 'hand', to: 'graveyard' });
      }
    }
  },
  force_death_phase: (ctx) => {
    const g = ctx.g;
    forcedDeathPhase(g, (body) => runPhase(g, { kind: 'FORCED_DEATH', type: 'DEATHS' }, body));
  },
};

function passesCard(ctx: Ctx, e: Entity, f: import('../cards/format.js').Filter): boolean {
  if (f.type === 'secret') return !!e.card.secret;
  if (f.type === 'minion' && e.card.type !== 'minion') return false;
  if (f.race && e.card.race !== f.race) return false;
  return true;
}

export function equipWeapon(g: Game, side: Side, card: CardDef): void {
  const p = g.players[side];
  if (p.weapon !== null) removeFromPlay(g, entity(g, p.weapon), 'equip');
  const w = createEntity(g, card, side, 'play');
  w.order = g.nextOrder++;
  p.weapon = w.id;
  g.trace.event({ e: 'zone', entity: w.id, from: 'setaside', to: 'play', order: w.order });
}

export { heal as healCharacters };
