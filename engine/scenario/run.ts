/** Run a scenario on the reference engine: set up, take the actions, return the trace and the final state. */
import type { OpenRecord, TraceRecord } from '../trace/format.js';
import { entity, attack, health, maxHealth, type Game, type Side } from '../state.js';
import { InputError } from '../validation.js';
import { refusalRule } from '../trace/format.js';
import type { MutantName } from '../mutants.js';
import type { CardPool } from '../state.js';
import { playCard, attackWith, useHeroPower, endTurn, IllegalActionError } from '../sequences.js';
import { LoopGuardError } from '../kernel/queue.js';
import { ForcedRandomError } from '../random.js';
import { auraUpdateHealthAttack, auraUpdateOther } from '../kernel/auras.js';
import { buildGame, checkAlive, recordSetupStats } from './setup.js';
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
  /**
   * Called as each block of the actions opens (not the set-up's), before anything in it runs, with the game and the
   * record's index in the trace: observers read the state at Phase and Step boundaries through it.
   */
  onOpen?: (r: OpenRecord, g: Game, index: number) => void;
}

export function snapshot(g: Game): FinalState {
  const player = (side: Side): PlayerState => {
    const p = g.players[side];
    const h = entity(g, p.hero);
    return {
      hero: { card: h.card.id, health: health(g, h), maxHealth: maxHealth(g, h), armor: h.armor, dead: h.zone !== 'play' },
      board: p.board.map((id) => {
        const m = entity(g, id);
        // Two literals rather than a spread: the label sits after the name when there is one.
        return m.label
          ? { card: m.card.id, name: m.card.name, label: m.label, attack: attack(g, m), health: health(g, m), maxHealth: maxHealth(g, m), damage: m.damage }
          : { card: m.card.id, name: m.card.name, attack: attack(g, m), health: health(g, m), maxHealth: maxHealth(g, m), damage: m.damage };
      }),
      hand: p.hand.map((id) => entity(g, id).card.name),
      deckSize: g.table ? g.table.deck.length : p.deck.length,
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
    playCard(g, entity(g, id).controller, id, { target, position: a.position, choose: a.choose });
  } else if ('attack' in a) {
    attackWith(g, resolveLabel(file, labels, a.attack, `${path}.attack`), resolveLabel(file, labels, a.defender, `${path}.defender`));
  } else if ('heroPower' in a) {
    const target = a.target !== undefined ? resolveLabel(file, labels, a.target, `${path}.target`) : null;
    useHeroPower(g, a.heroPower === 'A' ? 0 : 1, target);
  } else {
    endTurn(g);
  }
}

/** A run in progress: the game after its set-up and the actions taken so far (`startRun`, `takeAction`). */
export interface LiveRun {
  g: Game;
  labels: Map<string, number>;
  setupMaxId: number;
  error?: string;
  acceptedIllegal: number[];
}

/** Build the game of a scenario's set-up, ready for its actions. */
export function startRun(s: Scenario, file: string, o: RunOptions): LiveRun {
  const setup = o.order ? { ...s, setup: { ...s.setup, order: o.order } } : s;
  const { g, labels, boardPaths } = buildGame(setup, file, { cards: o.cards, mutants: o.mutants, stepBudget: o.stepBudget });
  const setupMaxId = g.nextId - 1;
  // The board as set up is in a settled state: auras apply before the first action (a new Hearthtop game's set-up
  // ends with the first Upkeep, whose Phases already ran their Aura Updates).
  if (!s.setup.start) {
    auraUpdateHealthAttack(g);
    if (boardPaths) checkAlive(g, boardPaths, file);
    auraUpdateOther(g);
    recordSetupStats(g);
  }
  const onOpen = o.onOpen;
  if (onOpen) g.trace.onOpen = (r) => onOpen(r, g, g.trace.records.length - 1);
  return { g, labels, setupMaxId, acceptedIllegal: [] };
}

/**
 * Take action `i` unless the engine refuses it: the reason of the refusal (the engine refuses before it changes
 * anything; the records the check wrote are left to the caller), or null when it was taken. The loop guard stops the
 * run (`run.error`); a forced random outcome that does not fit is an InputError.
 */
export function tryAction(run: LiveRun, file: string, a: ScenarioAction, i: number): string | null {
  const g = run.g;
  try {
    act(g, file, run.labels, a, i);
    return null;
  } catch (e) {
    if (e instanceof IllegalActionError) return e.message;
    if (e instanceof ForcedRandomError) throw new InputError(file, '$.random', e.message);
    if (e instanceof LoopGuardError) { run.error = `loop guard: ${e.message}`; g.trace.event({ e: 'loop_guard', steps: g.steps, rule: 'step-budget' }); return null; }
    throw e;
  }
}

/**
 * Take action `i` of a scenario, as `runScenario` does: an action marked illegal that is refused is recorded and the
 * game goes on; an illegal action not so marked is an InputError.
 */
export function takeAction(run: LiveRun, file: string, a: ScenarioAction, i: number): void {
  const illegal = 'illegal' in a && a.illegal === true;
  const refused = tryAction(run, file, a, i);
  if (refused === null) {
    if (illegal && run.error === undefined) run.acceptedIllegal.push(i);
    return;
  }
  // An action the scenario marks illegal must be refused: the refusal is recorded and the game goes on.
  if (illegal) { run.g.trace.event({ e: 'refused', action: i, player: run.g.active, reason: refused, rule: refusalRule(refused) }); return; }
  throw new InputError(file, `$.actions[${i}]`, `illegal action: ${refused} (mark it "illegal": true if the case checks that it is refused)`);
}

/** The result of a run as it stands. */
export function runResult(run: LiveRun): RunResult {
  const { g, labels, setupMaxId, error, acceptedIllegal } = run;
  return { trace: g.trace.records, final: snapshot(g), labels, g, setupMaxId, ...(error ? { error } : {}), ...(acceptedIllegal.length ? { acceptedIllegal } : {}) };
}

export function runScenario(s: Scenario, file: string, o: RunOptions): RunResult {
  const run = startRun(s, file, o);
  for (let i = 0; i < s.actions.length && run.g.result === 'ongoing' && run.error === undefined; i++) takeAction(run, file, s.actions[i]!, i);
  return runResult(run);
}
