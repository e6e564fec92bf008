/**
 * Damage and healing: several characters hit at once, then their Damage (or Heal) Events raised together (Rule 2b).
 * Also the switches of the mutants that move rule checks into the middle of a Phase.
 */
import { entity, health, healthFloor, isCharacter, hasKeyword, playerHasAuraEffect, playerAuraEffectCount, spellDamage, type Game } from '../state.js';
import type { Ctx, GameEventRef } from '../kernel/context.js';
import { detachEnchantment, raise } from '../kernel/queue.js';
import { GameOverSignal, checkGameEnd } from '../kernel/phases.js';
import { removeFromPlay, resolveDeathPhase } from '../kernel/deaths.js';
import { auraUpdateHealthAttack, auraUpdateOther } from '../kernel/auras.js';

export const onBoard = (g: Game, id: number) => {
  const e = entity(g, id);
  return e.zone === 'play' && isCharacter(e);
};

/** Mutants that move rule checks into the middle of a Phase. */
export function afterEventMutants(g: Game): void {
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
export function dealDamage(ctx: Ctx, sourceId: number, targets: readonly number[], amount: number, perTarget?: ReadonlyMap<number, number>, rule?: string): void {
  const g = ctx.g;
  const hit: GameEventRef[] = [];
  const source = entity(g, sourceId);
  for (const id of targets) {
    const amountHere = perTarget?.get(id) ?? amount;
    if (!onBoard(g, id) || amountHere <= 0) continue;
    const t = entity(g, id);
    if (hasKeyword(g, t, 'immune')) continue;
    // Damage that would kill a hero is an Event before it is dealt (rule fatal-damage): what answers it (a Secret that
    // makes the hero Immune) resolves first, and the damage is then checked again.
    if (t.card.type === 'hero' && health(g, t) + t.armor - amountHere <= 0) {
      raise(g, [{ kind: 'fatal_damage', subject: id, source: sourceId, amount: amountHere }]);
      if (hasKeyword(g, t, 'immune')) continue;
    }
    if (t.divineShield) {
      t.divineShield = false;
      g.trace.event({ e: 'divine_shield_pop', target: id });
      // Mutant (breaks divine-shield): the shield goes and the damage is dealt too.
      if (!g.mutants.has('shield-lets-damage-through')) continue;
    }
    let n = amountHere;
    // The record names the rule that changed its amount: Armor that took some of it, else the caller's (a spell's
    // Spell Damage).
    let why = rule;
    // Mutant (breaks armor): Armor absorbs nothing.
    if (t.armor > 0 && !g.mutants.has('armor-ignored')) {
      const absorbed = Math.min(t.armor, n);
      t.armor -= absorbed;
      n -= absorbed;
      why = 'armor';
      // The Armor the hit took is stated, so a trace shows it even when no Health is lost (Ice Block's case).
      g.trace.event({ e: 'armor', target: id, amount: -absorbed });
    }
    // "can't be reduced below N Health": the damage stops there (rule `health-floor`)
    if (t.card.type === 'minion') { const f = healthFloor(g, t); if (f > 0) n = Math.min(n, Math.max(0, health(g, t) - f)); }
    if (n <= 0) continue;
    t.damage += n;
    if (why === undefined) g.trace.event({ e: 'damage', source: sourceId, target: id, amount: n, health: health(g, t) });
    else g.trace.event({ e: 'damage', source: sourceId, target: id, amount: n, health: health(g, t), rule: why });
    // Mutant (breaks stealth): a minion that takes damage loses its Stealth.
    if (t.card.type === 'minion' && g.mutants.has('stealth-lost-when-damaged') && hasKeyword(g, t, 'stealth')) {
      for (const en of [...t.enchantments]) if (entity(g, en).mods?.keywords?.includes('stealth')) detachEnchantment(g, entity(g, en));
      if (t.card.keywords?.includes('stealth') && !t.lostKeywords?.includes('stealth')) t.lostKeywords = [...(t.lostKeywords ?? []), 'stealth'];
    }
    if (t.card.type === 'minion' && hasKeyword(g, source, 'poisonous') && !t.pendingDestroy) {
      t.pendingDestroy = true;
      g.trace.event({ e: 'destroy_mark', target: id, rule: 'poisonous' });
    }
    hit.push({ kind: 'damaged', subject: id, source: sourceId, amount: n });
  }
  afterEventMutants(g);
  if (g.collecting) g.collecting.push(...hit);
  else raise(g, hit);
}

export function healCharacters(ctx: Ctx, sourceId: number, targets: readonly number[], amount: number): void {
  const g = ctx.g;
  // Mutant (breaks spell-damage): a spell's healing adds its player's Spell Damage.
  if (ctx.source.card.type === 'spell' && g.mutants.has('spell-damage-heals')) amount += spellDamage(g, ctx.controller);
  if (playerHasAuraEffect(g, ctx.controller, 'healingDamages')) {
    dealDamage(ctx, sourceId, targets, amount);
    return;
  }
  const healed: GameEventRef[] = [];
  for (const id of targets) {
    if (!onBoard(g, id)) continue;
    const t = entity(g, id);
    const n = g.mutants.has('heal-past-maximum') ? amount : Math.min(amount, t.damage);
    if (n <= 0) continue;
    t.damage -= n;
    g.trace.event({ e: 'heal', source: sourceId, target: id, amount: n, health: health(g, t) });
    healed.push({ kind: 'healed', subject: id, source: sourceId, amount: n });
  }
  raise(g, healed);
}

/**
 * What a damage action adds for its player's Spell Damage: the Spell Damage when the action is a spell's (`spell`),
 * else 0. A damage record whose amount includes it names rule spell-damage.
 */
export function spellDamageBonus(ctx: Ctx, spell: boolean | undefined): number {
  const bonus = spell ? spellDamage(ctx.g, ctx.controller) : 0;
  // Mutant (breaks spell-damage): a spell deals its printed amount only.
  return (bonus && ctx.g.mutants.has('spell-damage-ignored') ? 0 : bonus) + misplacedSpellDamage(ctx, spell);
}

/** The Spell Damage the mutants of rule spell-damage add where the rule adds none (0 on the reference engine). */
function misplacedSpellDamage(ctx: Ctx, spell: boolean | undefined): number {
  const g = ctx.g;
  // Mutant (breaks spell-damage): a spell adds the opponent's Spell Damage too.
  if (spell && g.mutants.has('spell-damage-both-sides')) return spellDamage(g, ctx.controller === 0 ? 1 : 0);
  // Mutant (breaks spell-damage): a Hero Power's damage is raised as a spell's.
  if (!spell && ctx.source.card.type === 'hero_power' && g.mutants.has('hero-power-spell-damage')) return spellDamage(g, ctx.controller);
  return 0;
}

/** A damage action's amount: its base, its Spell Damage bonus (`spellDamageBonus`), doubled as rule `doubled` says. */
export function damageAmount(ctx: Ctx, base: number, bonus: number): number {
  return (base + bonus) * doubling(ctx);
}

/** The damage and healing of a player's spells and Hero Power, doubled for each such effect (rule `doubled`). */
export function doubling(ctx: Ctx): number {
  const t = ctx.source.card.type;
  if (t !== 'spell' && t !== 'hero_power') return 1;
  return 2 ** playerAuraEffectCount(ctx.g, ctx.controller, 'doublesSpellsAndHeroPower');
}
