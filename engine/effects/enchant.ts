/** Enchantments (Rule 4d: they apply the moment they are attached) and changes of control (Rule 10). */
import type { CardDef, Keyword } from '../cards/format.js';
import { entity, opponent, secretFits, type Entity, type Side } from '../state.js';
import type { Ctx } from '../kernel/context.js';
import { createEntity } from '../entities.js';
import { moveTo } from '../kernel/zones.js';

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
  if (card.expires === 'end_of_next_turn') en.attachedTurn = g.turn;
  t.enchantments.push(en.id);
  g.trace.event({ e: 'enchant', target: targetId, enchantment: en.id, card: card.id, order: en.order });
  // Divine Shield granted by an enchantment is a shield like any other: it is up until the next damage pops it.
  if (en.mods.keywords?.includes('divine_shield')) t.divineShield = true;
  if (en.mods.stolen) {
    en.caster = ctx.controller;
    t.returnTo = t.controller === ctx.controller ? opponent(ctx.controller) : t.controller;
    takeControl(ctx, t, ctx.controller);
  }
  return en;
}

export function anonymousBuff(attackN: number, healthN: number, source: Entity, keywords?: Keyword[], until?: 'end_of_turn'): CardDef {
  return {
    id: `${source.card.id}e`, name: `${source.card.name} buff`, type: 'enchantment', source: 'derived',
    text: `+${attackN}/+${healthN}${keywords?.length ? ` ${keywords.join(', ')}` : ''}${until ? ' this turn' : ''}`,
    mods: { attack: attackN, health: healthN, ...(keywords?.length ? { keywords } : {}) },
    ...(until ? { expires: until } : {}),
  };
}

/**
 * A Secret changes sides (rule `secrets`): it joins the taker's Secrets, unrevealed; when the taker already has that
 * Secret or no room for another, it is destroyed instead (rule `secrets`, an assumption).
 */
export function takeSecret(ctx: Ctx, s: Entity): void {
  const g = ctx.g;
  const to = ctx.controller;
  if (s.controller === to) return;
  const from = g.players[s.controller];
  const mine = g.players[to];
  from.secrets = from.secrets.filter((x) => x !== s.id);
  const clash = !secretFits(g, mine, s.card);
  g.trace.event({ e: 'control', entity: s.id, from: s.controller, to });
  s.controller = to;
  if (clash) {
    mine.graveyard.push(s.id);
    moveTo(g, s, 'graveyard', { from: 'secret' });
    return;
  }
  mine.secrets.push(s.id);
}

export function takeControl(ctx: Ctx, t: Entity, to: Side): void {
  const g = ctx.g;
  if (t.controller === to || t.zone !== 'play' || t.card.type !== 'minion') return;
  const from = t.controller;
  g.players[from].board = g.players[from].board.filter((x) => x !== t.id);
  t.controller = to;
  for (const en of t.enchantments) entity(g, en).controller = to; // enchantments follow (Nightmare, Rule 10)
  g.trace.event({ e: 'control', entity: t.id, from, to });
  // A minion whose controller changes cannot attack until its new controller's turn starts, unless it has Charge
  // (rule control-sickness; Shadow Madness's enchantment grants Charge).
  t.exhausted = true;
  // Its attacks counted are its old controller's, of a turn that is over (attacks are counted per turn of the
  // character's controller): it has made none for its new one (a stolen Charge minion that attacked on its owner's
  // last turn can attack).
  t.attacks = 0;
  // Mutant (breaks control-sickness): the stolen minion counts as having used its attacks, Charge or not.
  if (g.mutants.has('stolen-cannot-attack')) t.attacks = 4;
  if (g.players[to].board.length >= g.profile.limits.board) {
    t.pendingDestroy = true; // no room: the stolen minion is destroyed
    g.trace.event({ e: 'destroy_mark', target: t.id, rule: 'board-limit' });
    g.players[to].board.push(t.id);
    return;
  }
  g.players[to].board.push(t.id);
}
