/** Run a scenario on the reference engine: set up, take the actions, return the trace and the final state. */
import type { TraceRecord } from '../trace/format.js';
import { entity, attack, health, maxHealth, type Game, type Side } from '../state.js';
import { InputError } from '../validation.js';
import type { MutantName } from '../mutants.js';
import type { CardPool } from '../state.js';
import { playCard, attackWith, useHeroPower, endTurn, IllegalActionError } from '../sequences.js';
import { LoopGuardError } from '../kernel/queue.js';
import { ForcedRandomError } from '../random.js';
import { auraUpdateHealthAttack, auraUpdateOther } from '../kernel/auras.js';
import { buildGame } from './setup.js';
import type { Scenario, ScenarioAction } from './format.js';

export interface MinionState { card: string; name: string; label?: string; attack: number; health: number; maxHealth: number; damage: number }
export interface PlayerState {
  hero: { card: string; health: number; maxHealth: number; armor: number; dead: boolean };
  board: MinionState[];
  hand: string[];
  deckSize: number;
  secrets: string[];
  weapon: string | null;
  graveyard: string[];
}
export interface FinalState {
  result: Game['result'];
  players: [PlayerState, PlayerState];
}

export interface RunResult {
  trace: TraceRecord[];
  final: FinalState;
  labels: Map<string, number>;
  g: Game;
  /** The largest entity id of the set-up: entities above it were created during the run. */
  setupMaxId: number;
  /** An engine-side error that stopped the run (loop guard, illegal action): the run is still reported. */
  error?: string;
  /** Indexes of actions marked `illegal` that the engine took anyway (a broken engine). */
  acceptedIllegal?: number[];
}

export interface RunOptions {
  cards: CardPool;
  mutants?: Iterable<MutantName>;
  stepBudget?: number;
  /** Override the scenario's order of play (used to check "in both orders of play"). */
  order?: string[];
}

export function snapshot(g: Game): FinalState {
  const player = (side: Side): PlayerState => {
    const p = g.players[side];
    const h = entity(g, p.hero);
    return {
      hero: { card: h.card.id, health: health(g, h), maxHealth: maxHealth(g, h), armor: h.armor, dead: h.zone !== 'play' },
      board: p.board.map((id) => {
        const m = entity(g, id);
        return { card: m.card.id, name: m.card.name, ...(m.label ? { label: m.label } : {}), attack: attack(g, m), health: health(g, m), maxHealth: maxHealth(g, m), damage: m.damage };
      }),
      hand: p.hand.map((id) => entity(g, id).card.name),
      deckSize: p.deck.length,
      secrets: p.secrets.map((id) => entity(g, id).card.name),
      weapon: p.weapon !== null ? entity(g, p.weapon).card.name : null,
      graveyard: p.graveyard.map((id) => entity(g, id).card.name),
    };
  };
  return { result: g.result, players: [player(0), player(1)] };
}

function resolveLabel(file: string, labels: Map<string, number>, l: string, path: string): number {
  const id = labels.get(l);
  if (id === undefined) throw new InputError(file, path, `unknown label "${l}" (labels: ${[...labels.keys()].join(', ')})`);
  return id;
}

function act(g: Game, file: string, labels: Map<string, number>, a: ScenarioAction, i: number): void {
  const path = `$.actions[${i}]`;
  const id = (l: string | undefined, at: string) => (l === undefined ? undefined : resolveLabel(file, labels, l, `${path}.${at}`));
  // The attempt is recorded first, so a consumer pairs it with the Sequence it opens or the refusal that follows.
  const attempt = 'play' in a ? { kind: 'play' as const, subject: id(a.play, 'play'), target: id(a.target, 'target') }
    : 'attack' in a ? { kind: 'attack' as const, subject: id(a.attack, 'attack'), target: id(a.defender, 'defender') }
      : 'heroPower' in a ? { kind: 'hero_power' as const, subject: g.players[a.heroPower === 'A' ? 0 : 1].heroPower ?? undefined, target: id(a.target, 'target') }
        : { kind: 'end_turn' as const };
  const player = 'heroPower' in a ? (a.heroPower === 'A' ? 0 : 1) : attempt.subject !== undefined ? entity(g, attempt.subject).controller : g.active;
  g.trace.event({ e: 'action', action: i, player, ...attempt });
  if ('play' in a) {
    const id = resolveLabel(file, labels, a.play, `${path}.play`);
    const target = a.target !== undefined ? resolveLabel(file, labels, a.target, `${path}.target`) : null;
    playCard(g, entity(g, id).controller, id, { target, position: a.position });
  } else if ('attack' in a) {
    attackWith(g, resolveLabel(file, labels, a.attack, `${path}.attack`), resolveLabel(file, labels, a.defender, `${path}.defender`));
  } else if ('heroPower' in a) {
    const target = a.target !== undefined ? resolveLabel(file, labels, a.target, `${path}.target`) : null;
    useHeroPower(g, a.heroPower === 'A' ? 0 : 1, target);
  } else {
    endTurn(g);
  }
}

export function runScenario(s: Scenario, file: string, o: RunOptions): RunResult {
  const setup = o.order ? { ...s, setup: { ...s.setup, order: o.order } } : s;
  const { g, labels } = buildGame(setup, file, { cards: o.cards, mutants: o.mutants, stepBudget: o.stepBudget });
  const setupMaxId = g.nextId - 1;
  // The board as set up is in a settled state: auras apply before the first action.
  auraUpdateHealthAttack(g);
  auraUpdateOther(g);
  let error: string | undefined;
  const acceptedIllegal: number[] = [];
  for (let i = 0; i < s.actions.length && g.result === 'ongoing'; i++) {
    const a = s.actions[i]!;
    const illegal = 'illegal' in a && a.illegal === true;
    try {
      act(g, file, labels, a, i);
      if (illegal) acceptedIllegal.push(i);
    } catch (e) {
      // An action the scenario marks illegal must be refused: the refusal is recorded and the game goes on.
      if (e instanceof IllegalActionError && illegal) { g.trace.event({ e: 'refused', action: i, player: g.active, reason: e.message, rule: 'legality' }); continue; }
      if (e instanceof IllegalActionError) throw new InputError(file, `$.actions[${i}]`, `illegal action: ${e.message} (mark it "illegal": true if the case checks that it is refused)`);
      if (e instanceof ForcedRandomError) throw new InputError(file, '$.random', e.message);
      if (e instanceof LoopGuardError) { error = `loop guard: ${e.message}`; g.trace.event({ e: 'loop_guard', steps: g.steps, rule: 'step-budget' }); break; }
      throw e;
    }
  }
  return { trace: g.trace.records, final: snapshot(g), labels, g, setupMaxId, ...(error ? { error } : {}), ...(acceptedIllegal.length ? { acceptedIllegal } : {}) };
}
