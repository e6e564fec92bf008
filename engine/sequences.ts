/**
 * Player Actions and the Sequences they begin (rulebook: "Sequences, Phases, Queues, Resolution").
 * - Play a minion: On Play → Battlecry → After Play → After Summon.
 * - Cast a spell: On Play → Spell Text → After Spell.
 * - Attack: Preparation → (game result check, the Rule 9 exception) → Combat.
 * - Hero Power; End Turn: End of Turn, then the next player's Start of Turn and draw.
 * Rule 6: a later Phase is skipped when its subject (the minion played, the spell, the attacker/defender) has left
 * play; a spell whose target left play still goes off.
 */
import { moveTo } from './kernel/zones.js';
import type { Choice, PlayRequirements, Rule5Class } from './cards/format.js';
import { entity, cost, opponent, attack, durability, hasKeyword, playerHasAuraEffect, boardLimit, type Entity, type Game, type Side } from './state.js';
import type { Ctx, GameEventRef, SequenceState } from './kernel/context.js';
import { evalCondition, select } from './effects/select.js';
import { dealDamage, drawCard, equipWeapon, takeControl } from './effects/actions.js';
import { runAbility } from './effects/ability.js';
import { raise, detachEnchantment } from './kernel/queue.js';
import { runPhase, runSequence, checkGameEnd, GameOverSignal, Signal } from './kernel/phases.js';
import { enterPlay } from './entities.js';
import { oweOverload, startTurnCrystals } from './effects/resources.js';
import { cleanup } from './hearthtop/cleanup.js';
import { recordStatus } from './status.js';

/** A refused action: an answer (a Signal), not a failure. */
export class IllegalActionError extends Signal {}

function ctxOf(g: Game, source: Entity, target: number | null | undefined, seq?: SequenceState, cls?: { class?: Rule5Class }): Ctx {
  return { g, source, self: source, controller: source.controller, cls: cls?.class ?? 'neutral', isTrigger: false, target: target ?? null, summoned: [], seq };
}

/** The Choose One option a play names (1-based; the first when not given), or undefined for other cards. */
export function choiceOf(card: Entity, choose: number | undefined): Choice | undefined {
  const opts = card.card.chooseOne;
  if (!opts) {
    if (choose !== undefined) throw new IllegalActionError(`${card.card.name} has no Choose One options`);
    return undefined;
  }
  const c = opts[(choose ?? 1) - 1];
  if (!c) throw new IllegalActionError(`${card.card.name} has ${opts.length} options to choose from, not ${choose}`);
  return c;
}

/** Targets a card (or, for a Choose One card, one of its options) may legally choose now. */
export function legalTargets(g: Game, card: Entity, choice?: Choice): number[] {
  const spec = choice ? choice.target : card.card.target;
  if (!spec) return [];
  const ctx = ctxOf(g, card, null);
  if (spec.requires && !evalCondition(ctx, spec.requires)) return [];
  const bySpell = card.card.type === 'spell' || card.card.type === 'hero_power';
  return select(ctx, spec.select).filter((id) => !(hasKeyword(g, entity(g, id), 'stealth') && entity(g, id).controller !== card.controller)
    && !(bySpell && hasKeyword(g, entity(g, id), 'untargetable')));
}

function checkTarget(g: Game, card: Entity, target: number | null, choice?: Choice): void {
  const spec = choice ? choice.target : card.card.target;
  const played = card.card.type === 'minion' || card.card.type === 'weapon';
  if (target === null) {
    // A spell or a Hero Power whose target is not optional needs one.
    if (spec && !spec.optional && !spec.requires && (card.card.type === 'spell' || card.card.type === 'hero_power')) throw new IllegalActionError(`${card.card.name} needs a target`);
    // A minion's or weapon's text that takes a target must take one when one is legal (CardDefs
    // REQ_TARGET_IF_AVAILABLE): it is played without one only when none is legal, or when its condition is off.
    if (spec && played && takesTarget(g, card, choice)) {
      const legal = legalTargets(g, card, choice);
      if (legal.length) throw new IllegalActionError(`${card.card.name} must be played with a target while one is legal (${legal.length} legal: ${legal.map((id) => `#${id} ${entity(g, id).card.name}`).join(', ')})`);
    }
    return;
  }
  if (!spec) throw new IllegalActionError(`${card.card.name} does not take a target`);
  if (played && !takesTarget(g, card, choice)) throw new IllegalActionError(`${card.card.name} takes no target now: the condition of its text does not hold (${card.card.combo ? conditionFails(true).reason : 'its condition is false'})`);
  if (!legalTargets(g, card, choice).includes(target)) {
    const t = entity(g, target);
    // The reason names Stealth when that is what excludes the target (a refusal's rule: stealth).
    const why = t.controller !== card.controller && hasKeyword(g, t, 'stealth') ? ': it is an enemy minion in Stealth' : '';
    throw new IllegalActionError(`${t.card.name} (#${target}) is not a legal target for ${card.card.name}${why}`);
  }
}

/**
 * What a Battlecry Phase records when its text's condition is false as it resolves: a Combo with no card played
 * earlier this turn (rule combo), else a condition checked again in the Battlecry Phase ("holding a Dragon": 6-dragon).
 */
function conditionFails(combo: boolean | undefined): { reason: string; rule: string } {
  return combo ? { reason: 'Combo: no card was played earlier this turn', rule: 'combo' } : { reason: 'battlecry condition no longer holds', rule: '6-dragon' };
}

/**
 * Does a minion's or weapon's text take a target when the card is played? Only when its condition holds then (CardDefs
 * REQ_TARGET_FOR_COMBO: SI:7 Agent and Kidnapper target only with Combo; REQ_TARGET_IF_AVAILABLE_AND_DRAGON_IN_HAND:
 * Blackwing Corruptor only while holding a Dragon). The condition is checked again when the text resolves (6-dragon).
 */
function takesTarget(g: Game, card: Entity, choice?: Choice): boolean {
  const text = choice ?? card.card.battlecry;
  return !text?.condition || g.effects.evalCondition(ctxOf(g, card, null, undefined, text), text.condition);
}

/**
 * Mutant recheck-target-requirements: a target's requirements are checked again when the Battlecry or spell text
 * resolves, and the text does nothing if they no longer hold (Rule 6: "the requirements are not re-checked").
 */
function requirementsFailAgain(g: Game, card: Entity, target: number | null | undefined): boolean {
  if (!g.mutants.has('recheck-target-requirements') || target === null || target === undefined || !card.card.target) return false;
  return !legalTargets(g, card).includes(target);
}

function skipForRequirements(g: Game, kind: 'BATTLECRY' | 'SPELL_TEXT', target: number): void {
  g.trace.event({ e: 'phase_skipped', kind, subject: target, reason: `target #${target} ${entity(g, target).card.name} no longer meets the requirements (mutant recheck-target-requirements)`, rule: '6' });
}

function payMana(g: Game, side: Side, card: Entity): void {
  const p = g.players[side];
  const c = cost(g, card);
  if (c > p.mana) throw new IllegalActionError(`${card.card.name} costs ${c} mana, player ${side === 0 ? 'A' : 'B'} has ${p.mana}`);
  p.mana -= c;
  g.trace.event({ e: 'mana', player: side, spent: c, left: p.mana });
}

function takeFromHand(g: Game, side: Side, id: number): Entity {
  const p = g.players[side];
  if (g.active !== side) throw new IllegalActionError(`it is not player ${side === 0 ? 'A' : 'B'}'s turn`);
  if (!p.hand.includes(id)) throw new IllegalActionError(`#${id} ${entity(g, id).card.name} is not in player ${side === 0 ? 'A' : 'B'}'s hand`);
  const card = entity(g, id);
  payMana(g, side, card);
  p.hand = p.hand.filter((x) => x !== id);
  p.played.push(id);
  if (card.card.overload) oweOverload(g, side, card.card.overload);
  return card;
}

export function playCard(g: Game, side: Side, id: number, opts: { position?: number; target?: number | null; choose?: number } = {}): void {
  const card = entity(g, id);
  const target = opts.target ?? null;
  const choice = choiceOf(card, opts.choose);
  // the card's own play requirements, and those of the Choose One option chosen
  const hasTarget = () => legalTargets(g, card, choice).length > 0;
  const unmet = unmetRequirement(g, side, card.card.name, card.card.requires, hasTarget) ?? unmetRequirement(g, side, card.card.name, choice?.requires, hasTarget);
  if (unmet) throw new IllegalActionError(unmet);
  if (card.card.type === 'minion') {
    if (g.players[side].board.length >= boardLimit(g)) throw new IllegalActionError(`board of player ${side === 0 ? 'A' : 'B'} is full`);
    checkTarget(g, card, target, choice);
    takeFromHand(g, side, id);
    playMinion(g, side, card, opts.position ?? g.players[side].board.length, target, choice);
  } else if (card.card.type === 'spell') {
    // A Secret its player already has in play, or past the Secret limit, cannot be played (rule secrets).
    if (card.card.secret) {
      const p = g.players[side];
      if (p.secrets.some((s) => entity(g, s).card.id === card.card.id)) throw new IllegalActionError(`player ${side === 0 ? 'A' : 'B'} already has ${card.card.name} in play: a Secret cannot be played twice`);
      if (p.secrets.length >= g.profile.limits.secrets) throw new IllegalActionError(`player ${side === 0 ? 'A' : 'B'} has ${p.secrets.length} Secrets in play: at most ${g.profile.limits.secrets}`);
    }
    checkTarget(g, card, target, choice);
    takeFromHand(g, side, id);
    castSpell(g, side, card, target, choice);
  } else if (card.card.type === 'weapon') {
    checkTarget(g, card, target);
    takeFromHand(g, side, id);
    runSequence(g, 'PLAY_WEAPON', side, id, () => {
      runPhase(g, { kind: 'ON_PLAY', type: 'PLAY', subjects: [] }, () => {
        equipWeapon(g, side, card.card, card);
        raise(g, [{ kind: 'played', subject: g.players[side].weapon! }]);
      });
      // A weapon's Battlecry (Perdition's Blade, Coghammer) resolves after it is equipped, like a minion's.
      const bc = card.card.battlecry;
      const w = g.players[side].weapon;
      // the equipped weapon is the card that was played (Combo counts the cards played before it)
      if (w !== null) g.players[side].played = g.players[side].played.map((x) => (x === id ? w : x));
      if (bc && w !== null) {
        runPhase(g, { kind: 'BATTLECRY', type: 'POWER', subjects: [w], target }, () => {
          const ctx = ctxOf(g, entity(g, w), target, undefined, bc);
          runAbility(ctx, bc, { ...conditionFails(card.card.combo), times: !card.card.combo && playerHasAuraEffect(g, side, 'battlecriesTwice') ? 2 : 1 });
        });
      }
    });
  } else {
    throw new IllegalActionError(`${card.card.name} (${card.card.type}) cannot be played`);
  }
}

function playMinion(g: Game, side: Side, m: Entity, position: number, target: number | null, choice?: Choice): void {
  runSequence(g, 'PLAY_MINION', side, m.id, () => {
    const seq: SequenceState = { kind: 'PLAY_MINION', target };
    runPhase(g, { kind: 'ON_PLAY', type: 'PLAY', subjects: [], target }, () => {
      enterPlay(g, m, Math.min(position, g.players[side].board.length), false);
      raise(g, [{ kind: 'played', subject: m.id, target, seq }, { kind: 'summoned', subject: m.id, seq }]);
    });
    // Rule 4 note: the played minion's aura is first sent by the Aura Update after On Play, before the Battlecry.
    const bc = choice ?? m.card.battlecry;
    if (bc && !m.silenced) {
      if (requirementsFailAgain(g, m, seq.target)) skipForRequirements(g, 'BATTLECRY', seq.target!);
      else runPhase(g, { kind: 'BATTLECRY', type: 'POWER', subjects: [m.id], target }, () => {
        const ctx = ctxOf(g, m, seq.target, seq, bc);
        ctx.controller = m.controller; // Rule 10: whoever controls it now
        runAbility(ctx, bc, { ...conditionFails(!choice && m.card.combo), times: !choice && !m.card.combo && playerHasAuraEffect(g, m.controller, 'battlecriesTwice') ? 2 : 1 });
      });
    }
    runPhase(g, { kind: 'AFTER_PLAY', type: 'TRIGGER', subjects: [m.id] }, () => raise(g, [{ kind: 'after_played', subject: m.id, seq }]));
    runPhase(g, { kind: 'AFTER_SUMMON', type: 'TRIGGER', subjects: [m.id] }, () => raise(g, [{ kind: 'after_summon', subject: m.id, seq }]));
  });
}

function castSpell(g: Game, side: Side, s: Entity, target: number | null, choice?: Choice): void {
  runSequence(g, 'CAST_SPELL', side, s.id, () => {
    const seq: SequenceState = { kind: 'CAST_SPELL', spell: s.id, target };
    s.order = g.nextOrder++;
    moveTo(g, s, 'play', { from: 'hand', order: s.order });
    runPhase(g, { kind: 'ON_PLAY', type: 'PLAY', subjects: [s.id], target }, () =>
      raise(g, [{ kind: 'played', subject: s.id, target, seq }, { kind: 'spell_cast', subject: s.id, target, seq }]),
    );
    const afterSpell = () => runPhase(g, { kind: 'AFTER_SPELL', type: 'TRIGGER', subjects: [s.id], target: seq.target }, () =>
      raise(g, [{ kind: 'after_spell', subject: s.id, target: seq.target, seq }]),
    );
    if (s.card.secret) {
      if (s.zone === 'play') {
        g.players[side].secrets.push(s.id);
        moveTo(g, s, 'secret', { from: 'play' });
      }
      // A Secret is a spell cast normally: it goes into play as a Secret, and "after you cast a spell" follows
      // (Wild Pyromancer, Flamewaker) as for any spell.
      afterSpell();
      return;
    }
    const text = choice ?? s.card.spell;
    if (requirementsFailAgain(g, s, seq.target)) skipForRequirements(g, 'SPELL_TEXT', seq.target!);
    else runPhase(g, { kind: 'SPELL_TEXT', type: 'POWER', subjects: [s.id], target: seq.target }, () => {
      if (!text) return;
      const ctx = ctxOf(g, s, seq.target, seq, text);
      runAbility(ctx, text, { reason: 'the spell\'s condition does not hold when its text resolves', rule: '10' });
    });
    afterSpell();
    if (s.zone === 'play') {
      g.players[side].graveyard.push(s.id);
      moveTo(g, s, 'graveyard', { from: 'play' });
    }
  });
}

export function canAttack(g: Game, attacker: Entity): string | null {
  if (attacker.zone !== 'play') return 'is not in play';
  if (attacker.controller !== g.active) return 'is not controlled by the active player';
  if (attacker.frozen || attacker.enchantments.some((id) => entity(g, id).mods?.frozen)) return 'is frozen';
  if (attack(g, attacker) <= 0) return 'has no attack';
  if (hasKeyword(g, attacker, 'cant_attack')) return 'cannot attack (its text says so)';
  // Mutant (breaks legality): summoning sickness is not checked.
  if (attacker.card.type === 'minion' && attacker.exhausted && !hasKeyword(g, attacker, 'charge') && !g.mutants.has('no-summoning-sickness')) return 'is exhausted (summoning sickness)';
  // a hero attacks with its weapon: the weapon's Windfury is the hero's (Doomhammer)
  const weapon = attacker.card.type === 'hero' ? g.players[attacker.controller].weapon : null;
  const windfury = hasKeyword(g, attacker, 'windfury') || (weapon !== null && hasKeyword(g, entity(g, weapon), 'windfury'));
  // Mutant (breaks legality): Windfury gives no second attack.
  const max = hasKeyword(g, attacker, 'mega_windfury') ? 4 : windfury && !g.mutants.has('windfury-ignored') ? 2 : 1;
  if (attacker.attacks >= max) return 'has already attacked';
  return null;
}

export function attackWith(g: Game, attackerId: number, defenderId: number): void {
  const a = entity(g, attackerId);
  const d = entity(g, defenderId);
  const why = canAttack(g, a);
  if (why) throw new IllegalActionError(`${a.card.name} (#${a.id}) cannot attack: it ${why}`);
  if (d.zone !== 'play' || d.controller === a.controller || (d.card.type !== 'minion' && d.card.type !== 'hero')) {
    throw new IllegalActionError(`${d.card.name} (#${d.id}) is not an enemy character in play`);
  }
  if (d.card.type === 'minion' && hasKeyword(g, d, 'stealth')) throw new IllegalActionError(`${d.card.name} (#${d.id}) cannot be attacked: it has Stealth`);
  const taunts = g.players[d.controller].board.filter((id) => hasKeyword(g, entity(g, id), 'taunt') && !hasKeyword(g, entity(g, id), 'stealth'));
  if (taunts.length && !taunts.includes(d.id) && !g.mutants.has('attack-past-taunt')) throw new IllegalActionError(`${d.card.name} (#${d.id}) cannot be attacked: a Taunt minion is in the way`);
  const side = a.controller;
  runSequence(g, 'ATTACK', side, a.id, () => {
    const seq: SequenceState = { kind: 'ATTACK', attacker: a.id, defender: d.id };
    a.attacks++;
    g.attacking = a.id;
    runPhase(g, { kind: 'PREPARATION', type: 'ATTACK', subjects: [a.id, d.id], target: d.id }, () =>
      raise(g, [{ kind: 'attack', subject: a.id, source: a.id, target: seq.defender, seq }]),
    );
    // Rule 9 exception: the game is decided between the Preparation and Combat Phases.
    if (!g.mutants.has('attack-ignores-game-end')) {
      checkGameEnd(g, '9-attack');
      if (g.result !== 'ongoing') throw new GameOverSignal();
    }
    const def = seq.defender!;
    runPhase(g, { kind: 'COMBAT', type: 'ATTACK', subjects: [a.id, def], target: def }, () => {
      const ctx = ctxOf(g, a, def, seq);
      const atkA = attack(g, a);
      const atkD = entity(g, def).card.type === 'minion' ? attack(g, entity(g, def)) : 0;
      // Combat damage is simultaneous: both hits happen, then their Damage Events are queued together (Rule 2b).
      dealCombat(g, ctx, a.id, def, atkA, atkD);
      if (a.card.type === 'hero' && g.players[side].weapon !== null) weaponWear(g, ctx, entity(g, g.players[side].weapon!), entity(g, def));
      // Mutant (breaks weapon-wear): a hero that is attacked wears its weapon too.
      const dh = entity(g, def);
      if (dh.card.type === 'hero' && dh.zone === 'play' && g.players[dh.controller].weapon !== null && g.mutants.has('defender-weapon-wears')) weaponWear(g, ctx, entity(g, g.players[dh.controller].weapon!), a);
      // the attack is over once its damage is dealt: "while attacking" auras are off from this Phase's Aura Update
      g.attacking = undefined;
      // An attack ends Stealth, printed or given (rule stealth): the enchantments that give it go, a printed one is lost.
      // Mutant (breaks stealth): the attacker keeps its Stealth.
      if (hasKeyword(g, a, 'stealth') && !g.mutants.has('stealth-kept-after-attack')) {
        for (const en of [...a.enchantments]) if (entity(g, en).mods?.keywords?.includes('stealth')) detachEnchantment(g, entity(g, en));
        if (a.card.keywords?.includes('stealth') && !a.lostKeywords?.includes('stealth')) a.lostKeywords = [...(a.lostKeywords ?? []), 'stealth'];
      }
    });
  });
  g.attacking = undefined;
}

/**
 * An attack wears the hero's weapon: 1 Durability; a weapon with `attack_costs_attack` loses 1 Attack instead when it
 * attacks a minion and has Attack to lose beyond 1 (at 1 it loses its Durability as usual; rule weapon-wear).
 */
function weaponWear(g: Game, ctx: Ctx, w: Entity, defender: Entity): void {
  if (hasKeyword(g, w, 'attack_costs_attack') && defender.card.type === 'minion' && attack(g, w) > 1) {
    ctx.g.effects.runActions({ ...ctx, source: w, self: w, controller: w.controller }, [{ do: 'buff', to: { select: 'self' }, attack: -1 }]);
    return;
  }
  w.durabilityLoss++;
  const left = durability(g, w);
  g.trace.event({ e: 'stats', entity: w.id, attack: attack(g, w), health: left, maxHealth: left + w.durabilityLoss, why: 'weapon-wear' });
}

function dealCombat(g: Game, ctx: Ctx, a: number, d: number, atkA: number, atkD: number): void {
  // Two sources hit at once; record both damages, then raise both events in one queue.
  const events: GameEventRef[] = [];
  const hits: [number, number, number][] = [[a, d, atkA], [d, a, atkD]];
  // "Also damages the minions next to whomever he attacks" (keyword cleave): the neighbours are hit at the same time
  const def = entity(g, d);
  if (hasKeyword(g, entity(g, a), 'cleave') && def.card.type === 'minion') {
    const board = g.players[def.controller].board;
    const i = board.indexOf(d);
    for (const nb of [board[i - 1], board[i + 1]]) if (i >= 0 && nb !== undefined) hits.push([a, nb, atkA]);
  }
  for (const [src, dst, n] of hits) {
    if (n <= 0) continue;
    const sub: Ctx = { ...ctx, source: entity(g, src), self: entity(g, src) };
    withDeferredRaise(g, events, () => dealDamage(sub, src, [dst], n));
  }
  raise(g, events);
}

/** Run `fn` collecting the events it would raise, so several changes can be queued as simultaneous. */
function withDeferredRaise(g: Game, sink: GameEventRef[], fn: () => void): void {
  g.collecting = sink;
  try { fn(); } finally { g.collecting = null; }
}

/**
 * Why play requirements that name no target (CardDefs reqID 12, 13, 23, 45: a free minion slot, a weapon, a number of
 * minions in play) of the card `name` (or of its Choose One option) are not met for its player now, or null (rule legality: such a play is refused).
 * Mutant play-requirements-ignored: never.
 */
export function unmetRequirement(g: Game, side: Side, name: string, r: PlayRequirements | undefined, hasTarget?: () => boolean): string | null {
  if (!r || g.mutants.has('play-requirements-ignored')) return null;
  const p = g.players[side];
  const free = boardLimit(g) - p.board.length;
  if (r.freeSlots !== undefined && free < r.freeSlots) return `${name} cannot be played: it needs ${r.freeSlots} free minion slot(s) on its player's board, which has ${Math.max(0, free)}`;
  if (r.freeSlotsIfTarget !== undefined && free < r.freeSlotsIfTarget && hasTarget?.()) return `${name} cannot be played: while its text has a legal target it needs ${r.freeSlotsIfTarget} free minion slot(s) on its player's board, which has ${Math.max(0, free)}`;
  if (r.weapon && p.weapon === null) return `${name} cannot be played: it needs a weapon equipped`;
  const enemies = g.players[opponent(side)].board.length;
  if (r.enemyMinions !== undefined && enemies < r.enemyMinions) return `${name} cannot be played: it needs at least ${r.enemyMinions} enemy minion(s) in play, and there are ${enemies}`;
  const all = p.board.length + enemies;
  if (r.minions !== undefined && all < r.minions) return `${name} cannot be played: it needs at least ${r.minions} minion(s) in play, and there are ${all}`;
  return null;
}

export function useHeroPower(g: Game, side: Side, target: number | null): void {
  const p = g.players[side];
  if (p.heroPower === null) throw new IllegalActionError(`player ${side === 0 ? 'A' : 'B'} has no hero power`);
  if (g.active !== side) throw new IllegalActionError(`it is not player ${side === 0 ? 'A' : 'B'}'s turn`);
  const hp = entity(g, p.heroPower);
  // Mutant (breaks legality): a Hero Power may be used again in the same turn.
  if (hp.attacks > 0 && !g.mutants.has('hero-power-twice')) throw new IllegalActionError(`player ${side === 0 ? 'A' : 'B'} has already used the hero power this turn`);
  const unmet = unmetRequirement(g, side, hp.card.name, hp.card.requires);
  if (unmet) throw new IllegalActionError(unmet);
  checkTarget(g, hp, target);
  payMana(g, side, hp);
  hp.attacks++; // uses this turn (reset when the player's turn starts)
  runSequence(g, 'HERO_POWER', side, hp.id, () => {
    runPhase(g, { kind: 'HERO_POWER', type: 'POWER', subjects: [], target }, () => {
      raise(g, [{ kind: 'hero_power', subject: hp.id, target }]);
      const power = hp.card.spell;
      if (!power) return;
      const ctx = ctxOf(g, hp, target, undefined, power);
      runAbility(ctx, power, { reason: 'the hero power\'s condition does not hold', rule: '10' });
    });
  });
}

export function endTurn(g: Game): void {
  const side = g.active;
  runSequence(g, 'END_TURN', side, undefined, () => {
    runPhase(g, { kind: 'END_OF_TURN', type: 'TRIGGER', player: side }, () => {
      raise(g, [{ kind: 'turn_end', subject: g.players[side].hero, player: side }]);
      expireEnchantments(g, 'end_of_turn', side);
    });
  });
  if (g.result !== 'ongoing') return;
  // A profile with a Cleanup Phase: discard down to the hand size, then the deck-end check (hearthtop/turn).
  if (g.table) {
    cleanup(g, side);
    if (g.result !== 'ongoing') return;
  }
  // The turn passes.
  for (const id of [g.players[side].hero, ...g.players[side].board]) {
    const e = entity(g, id);
    // Frozen characters lose their next attack (rule freeze): one that could attack this turn and did not has lost it
    // and thaws; one that attacked, or could not attack (summoning sickness without Charge), stays Frozen.
    // Mutant (breaks freeze): a character Frozen after it attacked thaws now as well.
    if (!e.frozen) continue;
    const couldAttack = !(e.exhausted && !hasKeyword(g, e, 'charge'));
    if (e.frozen && ((e.attacks === 0 && couldAttack) || g.mutants.has('freeze-thaws-after-attack'))) e.frozen = false;
  }
  const next = opponent(side);
  g.active = next;
  g.turn++;
  const p = g.players[next];
  g.players[side].played = [];
  p.played = [];
  startTurnCrystals(g, next);
  for (const id of [p.hero, ...p.board, ...(p.heroPower !== null ? [p.heroPower] : [])]) { const e = entity(g, id); e.exhausted = false; e.attacks = 0; }
  recordStatus(g);
  const startOfTurn = () => runPhase(g, { kind: 'START_OF_TURN', type: 'TRIGGER', player: next }, () => {
    expireEnchantments(g, 'start_of_controller_turn', next);
    raise(g, [{ kind: 'turn_start', subject: p.hero, player: next }]);
  });
  const draw = () => runPhase(g, { kind: 'DRAW', type: 'TRIGGER', player: next }, () => drawCard(g, next));
  // Hearthtop's Upkeep draws before the start-of-turn abilities (hearthtop/turn); Hearthstone's draws after them.
  runSequence(g, 'START_TURN', next, undefined, () => {
    if (g.table) { draw(); startOfTurn(); } else { startOfTurn(); draw(); }
  });
}

function expireEnchantments(g: Game, when: 'end_of_turn' | 'start_of_controller_turn', side: Side): void {
  for (const e of [...g.entities.values()]) {
    // "next turn" (end_of_next_turn): at the end of the first turn after the one it was given in.
    const due = e.card.expires === when || (when === 'end_of_turn' && e.card.expires === 'end_of_next_turn' && (e.attachedTurn ?? g.turn) < g.turn);
    if (e.card.type !== 'enchantment' || e.zone !== 'play' || !due || e.attachedTo === undefined) continue;
    if (when === 'start_of_controller_turn' && e.controller !== side) continue;
    const host = entity(g, e.attachedTo);
    // A control enchantment's end (Shadow Madness) rests on its memory of the side to go back to (rule 10-blessing).
    detachEnchantment(g, e, e.mods?.stolen ? '10-blessing' : undefined);
    // Shadow Madness memory (Rule 10 exception): the stolen minion goes back to the side it remembers.
    if (e.mods?.stolen && host.returnTo !== undefined && host.zone === 'play') {
      const back = host.returnTo;
      host.returnTo = undefined;
      takeControl(ctxOf(g, host, null), host, back);
    }
  }
}
