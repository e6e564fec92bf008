/**
 * The decision loop of a Host game. The game says who must decide what (`settle`): a player with pending triggers to
 * put on the Stack in an order and with targets (33.2, 33.3, 34.1), the turn player's attack target (25.3), or the
 * player with priority (31). A decision is applied by `decide`; the rules' refusals are `HostIllegal`.
 */
import type { Amounts, ResourceType } from './format.js';
import { endGame } from './actions.js';
import { HostIllegal, activate, playCard } from './cards.js';
import { legalTargets } from './effects.js';
import { needsChoice, pushTrigger, takePending } from './push.js';
import { resolveNext } from './stack.js';
import { SIDES, ent, other, type HEntity, type HostGame, type PlayerIndex } from './state.js';
import { chooseFirst, mulligan } from './start.js';
import { advanceBattle, declareAttack, declareTarget, discard, givePriority, nextPhase, useAp } from './turn.js';

export type Need = { kind: 'triggers' | 'target' | 'priority' | 'first' | 'mulligan'; player: PlayerIndex };

export type Decision =
  | { kind: 'pass' }
  | { kind: 'play'; card: number; slot?: number; targets: number[]; pay: Amounts }
  | { kind: 'activate'; card: number; ability?: number; targets: number[]; pay: Amounts }
  | { kind: 'ap'; use: 'resource' | 'draw' | 'any'; type?: ResourceType }
  | { kind: 'phase' }
  | { kind: 'attack'; card: number }
  | { kind: 'target'; card: number | 'host' }
  | { kind: 'triggers'; list: { source: number; ability?: number; targets: number[] }[] }
  | { kind: 'discard'; cards: number[] }
  | { kind: 'concede' }
  | { kind: 'first'; goFirst: boolean }
  | { kind: 'mulligan'; cards: (number | string)[] };

/** A decision the game did not ask for (wrong player, wrong kind): a script error, not a rules refusal. */
export class DecisionMismatch extends Error {}

export function describeNeed(g: HostGame, n: Need): string {
  const who = SIDES[n.player];
  if (n.kind === 'first') return `${who} won the set-up roll and decides to go first or second ("goFirst": true or false, 9.1.5)`;
  if (n.kind === 'mulligan') return `${who} decides their mulligan ("mulligan": the cards to put on the bottom of the deck, [] to keep the hand, 9.1.7)`;
  if (n.kind === 'triggers') return `${who} puts their triggered effects on the Stack (order and targets: "triggers")`;
  if (n.kind === 'target') return `${who} declares what the attack targets ("target": an opposing Entity label or "host")`;
  return `${who} has priority (${g.s.stack.length} item(s) on the Stack): pass, play, activate, ap, phase, attack, discard or concede`;
}

/** Put every trigger that needs no choice on the Stack, turn player's first (33.2, 33.3); then who must decide. */
export function settle(g: HostGame): Need | null {
  if (g.s.result !== 'ongoing') return null;
  if (g.s.setup) return { kind: g.s.setup.step === 'choose' ? 'first' : 'mulligan', player: g.s.setup.player };
  let placed = false;
  for (const p of [g.s.active, other(g.s.active)]) {
    if (!g.s.pending.some((t) => t.controller === p)) continue;
    if (needsChoice(g, p)) return { kind: 'triggers', player: p };
    for (const t of takePending(g, p)) pushTrigger(g, t, []);
    placed = true;
  }
  if (placed) givePriority(g, g.s.active, 'host/31.5.1');
  if (g.s.battle?.step === 'declare') return { kind: 'target', player: g.s.active };
  return { kind: 'priority', player: g.s.priority.holder };
}

function placeTriggers(g: HostGame, player: PlayerIndex, list: { source: number; ability?: number; targets: number[] }[]): void {
  const mine = g.s.pending.filter((t) => t.controller === player);
  if (list.length !== mine.length) throw new DecisionMismatch(`${SIDES[player]} has ${mine.length} triggered effect(s) to put on the Stack (sources ${mine.map((t) => `#${t.source}`).join(', ')}); the decision lists ${list.length}`);
  const order = list.map((d) => {
    const i = mine.findIndex((t) => t.source === d.source && (d.ability === undefined || t.ability === d.ability));
    if (i < 0) throw new DecisionMismatch(`#${d.source} has no pending triggered effect${d.ability !== undefined ? ` ${d.ability}` : ''}`);
    return { t: mine.splice(i, 1)[0]!, targets: d.targets };
  });
  for (const { t, targets } of order) {
    const specs = t.declared ? [] : t.effect.targets ?? [];
    const legal = specs.every((spec) => legalTargets(g, spec, t.controller, t.source).length > 0);
    if (legal && targets.length !== specs.length) throw new HostIllegal(`the triggered effect of #${t.source} declares ${specs.length} target(s) (34.1), got ${targets.length}`, 'host/34.1');
    specs.forEach((spec, i) => { if (legal && !legalTargets(g, spec, t.controller, t.source).includes(targets[i]!)) throw new HostIllegal(`#${targets[i]} is not a legal target`, 'host/30.5'); });
  }
  g.s.pending = g.s.pending.filter((t) => t.controller !== player);
  for (const { t, targets } of order) pushTrigger(g, t, targets);
  if (!g.s.pending.length) givePriority(g, g.s.active, 'host/31.5.1');
}

const entity = (g: HostGame, id: number): HEntity => ent(g, id);

/** Apply one decision of `player` where `need` asks for one. */
export function decide(g: HostGame, need: Need, player: PlayerIndex, d: Decision): void {
  if (player !== need.player) throw new DecisionMismatch(`expected a decision by ${SIDES[need.player]}: ${describeNeed(g, need)}`);
  if (need.kind === 'first' || need.kind === 'mulligan') {
    if (d.kind === 'first' && need.kind === 'first') return chooseFirst(g, player, d.goFirst);
    if (d.kind === 'mulligan' && need.kind === 'mulligan') return mulligan(g, player, d.cards);
    throw new DecisionMismatch(describeNeed(g, need));
  }
  if (need.kind === 'triggers') {
    if (d.kind !== 'triggers') throw new DecisionMismatch(describeNeed(g, need));
    placeTriggers(g, player, d.list);
    return;
  }
  if (need.kind === 'target') {
    if (d.kind === 'concede') return void endGame(g, [player], 'host/35.3.5');
    if (d.kind !== 'target') throw new DecisionMismatch(describeNeed(g, need));
    declareTarget(g, player, d.card === 'host' ? 'host' : entity(g, d.card));
    return;
  }
  if (d.kind === 'first' || d.kind === 'mulligan') throw new DecisionMismatch(`${describeNeed(g, need)}; "${d.kind === 'first' ? 'goFirst' : 'mulligan'}" is asked only during the set-up (9.1)`);
  if (d.kind === 'triggers' || d.kind === 'target') throw new DecisionMismatch(`${describeNeed(g, need)}; "${d.kind}" is not asked now`);
  const ambush = d.kind === 'activate' && entity(g, d.card).card.type === 'ambush' && d.ability === undefined;
  if (d.kind === 'pass') {
    g.trace.event({ e: 'priority', player, action: 'pass', rule: 'host/31.5.3' });
    for (const w of g.s.windows) w.open = w.open.filter((p) => p !== player);
    const passes = g.s.priority.passes + 1;
    if (passes < 2) { g.s.priority = { holder: other(player), passes }; g.trace.event({ e: 'priority', player: other(player), action: 'receive', rule: 'host/31.5.3' }); return; }
    // 31.6: both passed in succession.
    if (g.s.stack.length) { resolveNext(g); givePriority(g, g.s.active, 'host/31.5.2'); return; }
    if (g.s.battle) { advanceBattle(g); return; }
    givePriority(g, g.s.active, 'host/31.5.1');
    return;
  }
  // Any other action: recorded first; a refusal (HostIllegal, thrown before anything changes) takes the record back.
  const mark = g.trace.records.length;
  g.trace.event({ e: 'priority', player, action: 'act', rule: 'host/31.1' });
  try {
    act(g, player, d);
  } catch (e) {
    if (e instanceof HostIllegal) g.trace.records.length = mark;
    throw e;
  }
  g.s.unbroken = 0;
  // The player's Ambush windows close unless they activated an Ambush (33.5).
  if (!ambush) for (const w of g.s.windows) w.open = w.open.filter((p) => p !== player);
}

function act(g: HostGame, player: PlayerIndex, d: Exclude<Decision, { kind: 'pass' | 'triggers' | 'target' }>): void {
  switch (d.kind) {
    case 'play': playCard(g, player, entity(g, d.card), d); return void givePriority(g, other(player), 'host/31.7');
    case 'activate': activate(g, player, entity(g, d.card), d); return void givePriority(g, other(player), 'host/31.7');
    case 'ap': return useAp(g, player, d.use, d.type); // 31.2.1: priority is not passed
    case 'phase': return nextPhase(g, player);
    case 'attack': return declareAttack(g, player, entity(g, d.card));
    case 'discard': return discard(g, player, d.cards.map((id) => entity(g, id)));
    case 'concede': return void endGame(g, [player], 'host/35.3.5');
  }
}
