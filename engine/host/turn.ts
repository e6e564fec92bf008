/**
 * Phases (10), action points (11) and battle (25). Moving to the next phase is declared (10.1.2); the first player's
 * first turn skips Battle and Action Phase 2 (10.4.2, 10.5.2). A battle goes attack, declare, block, early damage,
 * normal damage, after; each step is a fast timing that ends when both players pass on an empty Stack.
 */
import type { HostPhase, ResourceType } from './format.js';
import { atOnce, damageEntity, damageHost, draw, emit, gainResource, gameActions, moveTo } from './actions.js';
import { HostIllegal, checkSlow } from './cards.js';
import { ent, isEntityInPlay, other, type HEntity, type HostGame, type PlayerIndex } from './state.js';
import { hostSoul, power, recordStats } from './stats.js';

const ORDER: HostPhase[] = ['start', 'action1', 'battle', 'action2', 'end'];

export function givePriority(g: HostGame, player: PlayerIndex, rule = 'host/31.5.1'): void {
  g.s.priority = { holder: player, passes: 0 };
  g.trace.event({ e: 'priority', player, action: 'receive', rule });
}

export function enterPhase(g: HostGame, phase: HostPhase): void {
  g.s.phase = phase;
  g.s.windows = [];
  g.trace.event({ e: 'host_phase', player: g.s.active, phase, turn: g.s.turn, rule: 'host/10.1' });
  if (phase === 'start') {
    const p = g.s.players[g.s.active];
    p.ap = 4;
    g.trace.event({ e: 'ap', player: g.s.active, use: 'replenish', spent: 0, left: 4, rule: 'host/10.2.1' });
    for (const e of g.s.entities) if (e.controller === g.s.active && isEntityInPlay(e)) { e.sick = false; e.attacked = false; }
    // "Once per turn" (27.5) is per turn, whoever's: every mark of the last turn goes, also on an entity that changed
    // sides in it.
    for (const e of g.s.entities) e.usedThisTurn = [];
    emit(g, 'start_of_turn', undefined, g.s.active);
  }
  if (phase === 'end') emit(g, 'end_of_turn', undefined, g.s.active);
  // 39.1: what triggers at the start of a phase goes on the Stack before the turn player may act in it (31.5.1).
  emit(g, 'start_of_phase', undefined, g.s.active);
  givePriority(g, g.s.active);
}

/** The turn player declares the next phase (10.1.2) on an empty Stack with no battle going on. */
export function nextPhase(g: HostGame, player: PlayerIndex): void {
  if (player !== g.s.active) throw new HostIllegal('only the turn player moves to the next phase', 'host/10.1.2');
  if (g.s.stack.length || g.s.battle) throw new HostIllegal('the phase cannot end while the Stack or a battle is open', 'host/32.7');
  if (g.s.phase === 'end') {
    const p = g.s.players[player];
    if (p.hand.length > hostSoul(g, player)) throw new HostIllegal(`discard down to the Host's soul (${hostSoul(g, player)}) first: the hand holds ${p.hand.length}`, 'host/10.6.2');
    g.s.active = other(player);
    g.s.turn++;
    enterPhase(g, 'start');
    return;
  }
  let next = ORDER[ORDER.indexOf(g.s.phase) + 1]!;
  const firstTurn = g.s.turn === 1 && g.s.active === g.s.first;
  while (firstTurn && (next === 'battle' || next === 'action2')) {
    g.trace.event({ e: 'phase_skipped', kind: next, reason: 'the first player skips it on their first turn', rule: next === 'battle' ? 'host/10.4.2' : 'host/10.5.2' });
    next = ORDER[ORDER.indexOf(next) + 1]!;
  }
  enterPhase(g, next);
}

export function discard(g: HostGame, player: PlayerIndex, cards: HEntity[]): void {
  if (player !== g.s.active || g.s.phase !== 'end' || g.s.stack.length) throw new HostIllegal('discarding is done by the turn player in the End Phase', 'host/10.6.2');
  const p = g.s.players[player];
  const keep = hostSoul(g, player);
  if (p.hand.length - cards.length !== keep) throw new HostIllegal(`discard exactly ${Math.max(0, p.hand.length - keep)} card(s) to keep ${keep} (the Host's soul)`, p.hand.length <= keep ? 'host/10.6.3' : 'host/10.6.2');
  for (const c of cards) if (c.zone !== 'hand' || c.owner !== player) throw new HostIllegal(`${c.card.name} is not in the hand`, 'host/10.6.2');
  for (const c of cards) moveTo(g, c, 'drop');
  gameActions(g);
}

/** Action points (11.3): game actions, not effects (11.5); Slow speed (11.4). */
export function useAp(g: HostGame, player: PlayerIndex, use: 'resource' | 'draw' | 'any', type?: ResourceType): void {
  checkSlow(g, player, 'using action points');
  const p = g.s.players[player];
  const cost = use === 'any' ? 2 : 1;
  if (p.ap < cost) throw new HostIllegal(`needs ${cost} action point(s), has ${p.ap}`, use === 'any' ? 'host/11.3.3' : use === 'draw' ? 'host/11.3.2' : 'host/11.3.1');
  if (use === 'any' && !type) throw new HostIllegal('gaining a resource of any type names the type ("type")', 'host/11.3.3');
  p.ap -= cost;
  g.trace.event({ e: 'ap', player, use, spent: cost, left: p.ap, rule: 'host/11.5' });
  if (use === 'draw') draw(g, player, 1);
  else gainResource(g, player, use === 'any' ? type! : ent(g, p.host).card.resource ?? 'authority', 1, use === 'any' ? 'host/11.3.3' : 'host/11.3.1');
  gameActions(g);
}

export function declareAttack(g: HostGame, player: PlayerIndex, attacker: HEntity): void {
  if (player !== g.s.active || g.s.phase !== 'battle') throw new HostIllegal('attacks are declared by the turn player in the Battle Phase', 'host/10.4.1');
  if (g.s.stack.length || g.s.battle) throw new HostIllegal('an attack is declared on an empty Stack, one battle at a time', 'host/25.2');
  if (!isEntityInPlay(attacker) || attacker.controller !== player) throw new HostIllegal(`${attacker.card.name} is not an Entity the player controls in play`, 'host/25.2.1');
  if (attacker.sick) throw new HostIllegal(`${attacker.card.name} has Creation Sickness`, 'host/18.5.2.1');
  if (attacker.attacked) throw new HostIllegal(`${attacker.card.name} attacked this turn already`, 'host/25.5.1');
  attacker.attacked = true;
  g.s.battle = { step: 'attack', attacker: attacker.id, defender: null };
  g.trace.event({ e: 'battle', step: 'attack', attacker: attacker.id, defender: null, rule: 'host/25.2.2' });
  emit(g, 'attacks', attacker.id, player);
  givePriority(g, player, 'host/31.5.1');
}

const canBlock = (e: HEntity) => !(e.card.keywords ?? []).includes('cannot_block');

export function declareTarget(g: HostGame, player: PlayerIndex, target: HEntity | 'host'): void {
  const b = g.s.battle;
  if (!b || b.step !== 'declare' || player !== g.s.active) throw new HostIllegal('the attack target is declared by the turn player after the attack step', 'host/25.3');
  const foe = other(player);
  if (target === 'host') {
    if (g.s.entities.some((e) => isEntityInPlay(e) && e.controller === foe && canBlock(e))) throw new HostIllegal('the opponent controls an Entity that can block: the Host cannot be attacked', 'host/25.3.2');
  } else if (!isEntityInPlay(target) || target.controller !== foe) throw new HostIllegal(`${target.card.name} is not an opposing Entity in play`, 'host/25.3.1');
  b.defender = target === 'host' ? 'host' : target.id;
  b.step = 'block';
  g.trace.event({ e: 'battle', step: 'block', attacker: b.attacker, defender: target === 'host' ? null : target.id, rule: 'host/25.3.4' });
  if (target !== 'host') emit(g, 'blocks', target.id, foe);
  givePriority(g, player, 'host/31.5.1');
}

const firstStrike = (e: HEntity) => (e.card.keywords ?? []).includes('first_strike');

/** Both players passed on an empty Stack in a battle step: the battle goes on (25.4, 25.5). */
export function advanceBattle(g: HostGame): void {
  const b = g.s.battle!;
  const att = ent(g, b.attacker);
  const def = typeof b.defender === 'number' ? ent(g, b.defender) : null;
  const present = isEntityInPlay(att) && (b.defender === 'host' || (def !== null && isEntityInPlay(def)));
  const strike = (fs: boolean) => {
    // 25.4.2.4: an attacker or blocker no longer in play: the attack continues with no effect.
    if (!present) return;
    const attHits = firstStrike(att) === fs;
    atOnce(g, att.id, 'host/25.4.2.3', () => {
      if (b.defender === 'host') { if (attHits) damageHost(g, other(att.controller), 1, att.id, true); }
      else {
        const defHits = firstStrike(def!) === fs && canBlock(def!);
        const pa = power(g, att), pd = power(g, def!);
        if (attHits) damageEntity(g, def!, pa, att.id, true);
        if (defHits) damageEntity(g, att, pd, def!.id, true);
      }
    });
    recordStats(g, 'combat');
    gameActions(g);
  };
  if (b.step === 'attack') {
    if (!isEntityInPlay(att)) return endBattle(g);
    b.step = 'declare';
    g.trace.event({ e: 'battle', step: 'declare', attacker: att.id, defender: null, rule: 'host/25.3.1' });
    return;
  }
  if (b.step === 'block') { b.step = 'early'; g.trace.event({ e: 'battle', step: 'early', attacker: att.id, rule: 'host/25.4.1' }); givePriority(g, g.s.active); return; }
  if (b.step === 'early') { strike(true); b.step = 'normal'; g.trace.event({ e: 'battle', step: 'normal', attacker: att.id, rule: 'host/25.4.2' }); givePriority(g, g.s.active); return; }
  if (b.step === 'normal') { strike(false); b.step = 'after'; g.trace.event({ e: 'battle', step: 'after', attacker: att.id, rule: 'host/25.4.2.6' }); givePriority(g, g.s.active); return; }
  endBattle(g);
}

function endBattle(g: HostGame): void {
  const b = g.s.battle!;
  g.s.battle = null;
  g.trace.event({ e: 'battle', step: 'end', attacker: b.attacker, rule: 'host/25.5' });
  givePriority(g, g.s.active);
}
