/**
 * Run a Host scenario: set up, then feed each scripted decision where the game asks for one. A decision the game does
 * not ask for, or a choice the script leaves open, is bad input (an InputError naming the JSON path) on the reference
 * engine; on a broken engine (mutants) it stops the run and is reported as its error.
 */
import { InputError } from '../validation.js';
import type { TraceRecord } from '../trace/format.js';
import type { HostDecision, HostScenario, Side } from './format.js';
import type { HostCardPool } from './load.js';
import type { HostMutant } from './mutants.js';
import { buildHostGame } from './setup.js';
import { gameActions } from './actions.js';
import { HostIllegal } from './cards.js';
import { DecisionMismatch, decide, describeNeed, settle, type Decision, type Need } from './driver.js';
import { HostLoopGuard } from './stack.js';
import { GameOver, SIDES, type HostGame, type PlayerIndex } from './state.js';
import { health, power, recordStats } from './stats.js';

export interface HostFinal {
  result: HostGame['s']['result'];
  players: Record<Side, { hand: number; deck: number; damage: number; drop: string[]; resources: Record<string, number>; ap: number }>;
  entities: Record<string, { zone: string; slot?: number; power: number; health: number; damage: number; faceUp: boolean; controller: Side }>;
}

export interface HostRunResult {
  trace: TraceRecord[];
  final: HostFinal;
  labels: Map<string, number>;
  g: HostGame;
  error?: string;
  acceptedIllegal?: number[];
}

export function hostFinal(g: HostGame, labels: Map<string, number>): HostFinal {
  const players = {} as HostFinal['players'];
  (['A', 'B'] as Side[]).forEach((side, i) => {
    const p = g.s.players[i]!;
    players[side] = { hand: p.hand.length, deck: p.deck.length, damage: p.damage.length, drop: p.drop.map((id) => g.s.entities[id]!.card.name), resources: { ...p.resources }, ap: p.ap };
  });
  const entities: HostFinal['entities'] = {};
  for (const [l, id] of labels) {
    const e = g.s.entities[id]!;
    const st = e.card.type === 'entity' || e.card.type === 'host' ? { power: power(g, e), health: health(g, e) } : { power: 0, health: 0 };
    entities[l] = { zone: e.zone, ...(e.slot !== undefined ? { slot: e.slot } : {}), ...st, damage: e.damage, faceUp: e.faceUp, controller: SIDES[e.controller] };
  }
  return { result: g.s.result, players, entities };
}

/** Entities created during the game (tokens: token1, token2, ...) join the labels as they appear. */
function syncLabels(g: HostGame, labels: Map<string, number>): void {
  for (const e of g.s.entities) if (e.label && !labels.has(e.label)) labels.set(e.label, e.id);
}

class ScriptError extends Error {
  constructor(readonly path: string, message: string) { super(message); }
}

function toDecision(file: string, d: HostDecision, i: number, labels: Map<string, number>): Decision {
  const path = `$.actions[${i}]`;
  const id = (l: string, at: string) => {
    const v = labels.get(l);
    if (v === undefined) throw new InputError(file, at, `unknown label "${l}" (labels: ${[...labels.keys()].join(', ')})`);
    return v;
  };
  const ids = (ls: string[] | undefined, at: string) => (ls ?? []).map((l, k) => id(l, `${at}[${k}]`));
  if ('search' in d) throw new ScriptError(`${path}.search`, `no search is under way: a "search" decision answers a search an effect makes as it resolves (41.3)`);
  if ('goFirst' in d) return { kind: 'first', goFirst: d.goFirst };
  // A mulligan names cards by label, or by card name or id (engine/host/start.ts).
  if ('mulligan' in d) return { kind: 'mulligan', cards: d.mulligan.map((x) => labels.get(x) ?? x) };
  if ('pass' in d) return { kind: 'pass' };
  if ('play' in d) return { kind: 'play', card: id(d.play, `${path}.play`), ...(d.slot !== undefined ? { slot: d.slot } : {}), targets: ids(d.targets, `${path}.targets`), pay: d.pay ?? {} };
  if ('activate' in d) return { kind: 'activate', card: id(d.activate, `${path}.activate`), ...(d.ability !== undefined ? { ability: d.ability } : {}), targets: ids(d.targets, `${path}.targets`), pay: d.pay ?? {} };
  if ('ap' in d) return { kind: 'ap', use: d.ap, ...(d.type ? { type: d.type } : {}) };
  if ('phase' in d) return { kind: 'phase' };
  if ('attack' in d) return { kind: 'attack', card: id(d.attack, `${path}.attack`) };
  if ('target' in d) return { kind: 'target', card: d.target === 'host' ? 'host' : id(d.target, `${path}.target`) };
  if ('triggers' in d) return { kind: 'triggers', list: d.triggers.map((t, k) => ({ source: id(t.source, `${path}.triggers[${k}].source`), ...(t.ability !== undefined ? { ability: t.ability } : {}), targets: ids(t.targets, `${path}.triggers[${k}].targets`) })) };
  if ('discard' in d) return { kind: 'discard', cards: ids(d.discard, `${path}.discard`) };
  return { kind: 'concede' };
}

export function runHostScenario(s: HostScenario, file: string, o: { cards: HostCardPool; mutants?: readonly HostMutant[] }): HostRunResult {
  const mutants = o.mutants ?? [];
  const { g, labels } = buildHostGame(s, o.cards, mutants);
  const acceptedIllegal: number[] = [];
  let error: string | undefined;
  let i = 0;
  // A search under way (41.3) takes the next decision of the script: the searching player's card, matching the traits.
  g.choose = (q) => {
    const at = i + 1;
    const raw = s.actions[at];
    if (!raw) throw new ScriptError('$.actions', `the script ends while a choice is open: ${SIDES[q.player]} searches for ${q.what} ("search": a label)`);
    if (raw.by !== SIDES[q.player] || !('search' in raw)) throw new ScriptError(`$.actions[${at}]${raw.by !== SIDES[q.player] ? '.by' : ''}`, `expected a decision by ${SIDES[q.player]}: the card their search takes ("search": the label of ${q.what})`);
    syncLabels(g, labels);
    const id = labels.get(raw.search);
    if (id === undefined || !q.candidates.includes(id)) throw new ScriptError(`$.actions[${at}].search`, `"${raw.search}" is not ${q.what} (candidates: ${q.candidates.map((c) => g.s.entities[c]!.label ?? `#${c}`).join(', ')})`);
    i = at;
    return id;
  };
  try {
    try {
      recordStats(g, 'setup');
      gameActions(g);
      for (; i < s.actions.length; i++) {
        const need = settle(g);
        if (!need) break;
        const raw = s.actions[i]!;
        const player: PlayerIndex = raw.by === 'A' ? 0 : 1;
        syncLabels(g, labels);
        const d = toDecision(file, raw, i, labels);
        try {
          const k = i;
          decide(g, need, player, d);
          if (raw.illegal) acceptedIllegal.push(k);
        } catch (e) {
          if (e instanceof HostIllegal && raw.illegal) { g.trace.event({ e: 'refused', action: i, player, reason: e.message, rule: e.rule }); continue; }
          if (e instanceof HostIllegal) throw new ScriptError(`$.actions[${i}]`, `illegal: ${e.message} (rule ${e.rule}; mark it "illegal": true if the case checks that it is refused)`);
          if (e instanceof DecisionMismatch) throw new ScriptError(`$.actions[${i}].by`, e.message);
          throw e;
        }
      }
      const need = settle(g);
      if (need && openChoice(g, need)) throw new ScriptError('$.actions', `the script ends while a choice is open: ${describeNeed(g, need)}`);
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
    }
  } catch (e) {
    if (e instanceof ScriptError) {
      if (mutants.length === 0) throw new InputError(file, e.path, e.message);
      error = `${e.path}: ${e.message}`;
    } else if (e instanceof HostLoopGuard) {
      error = `loop guard: ${e.message}`;
      g.trace.event({ e: 'loop_guard', steps: g.s.unbroken, rule: 'host/42.1' });
    } else throw e;
  }
  syncLabels(g, labels);
  for (const b of [...g.blocks].reverse()) g.trace.closeBlock(b);
  g.blocks.length = 0;
  return { trace: g.trace.records, final: hostFinal(g, labels), labels, g, ...(error ? { error } : {}), ...(acceptedIllegal.length ? { acceptedIllegal } : {}) };
}

/** A game may stop where the Stack is empty and nobody owes a choice; anywhere else the script left a choice open. */
function openChoice(g: HostGame, need: Need): boolean {
  return need.kind !== 'priority' || g.s.stack.length > 0 || g.s.pending.length > 0;
}
