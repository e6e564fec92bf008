/**
 * Turn action intents into legal actions by running the engine (the one the case is for, mutants included): for
 * each intent, the scenario so far is run, the legal choices are read from the game as it stands (cards the
 * active player can pay for, with a legal target; ready attackers; enemy characters they may attack), and the
 * intent's picks are taken modulo those choices. Only labelled entities can be named in a scenario, so tokens made
 * during play are never chosen. An intent with no legal choice is dropped; a chosen action the engine still
 * refuses (IllegalActionError, reported as an illegal-action input error) is dropped too. Intents after the game
 * ends, or after the engine gives up (loop guard), are dropped.
 */
import type { CardPool, Entity, Game } from '../../../engine/state.js';
import { entity, cost, hasKeyword, BOARD_LIMIT } from '../../../engine/state.js';
import { legalTargets, canAttack } from '../../../engine/sequences.js';
import { startRun, tryAction, runResult, type LiveRun, type RunResult } from '../../../engine/scenario/run.js';
import type { MutantName } from '../../../engine/mutants.js';
import type { Scenario, ScenarioAction } from '../../../engine/scenario/format.js';
import type { Intent } from './raw.js';

const FILE = '<generated>';

/**
 * Trigger resolutions a generated run may take before the engine's loop guard stops it (the engine's default is
 * 10,000). Generated cards can loop for ever (a Death trigger that summons and deals area damage); 500 keeps such
 * runs cheap, and no rule needs more. (Before the engine had a nesting guard, a deep chain of nested triggers
 * overflowed the JavaScript stack at about 1,000 resolutions: properties/findings/.)
 */
export const PROPERTY_STEP_BUDGET = 500;

function labelOf(labels: Map<string, number>): Map<number, string> {
  const m = new Map<number, string>();
  for (const [l, id] of labels) m.set(id, l);
  return m;
}

function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length ? list[n % list.length] : undefined;
}

function playable(g: Game, e: Entity, named: Map<number, string>, choose = 1): { targets: string[]; needs: boolean } | null {
  const side = g.active;
  const p = g.players[side];
  if (cost(g, e) > p.mana) return null;
  const c = e.card;
  if (c.type === 'minion' && p.board.length >= BOARD_LIMIT) return null;
  if (c.type !== 'minion' && c.type !== 'spell' && c.type !== 'weapon') return null;
  if (c.secret && p.secrets.some((s) => entity(g, s).card.id === c.id)) return null; // secrets are unique per side
  const choice = c.chooseOne?.[choose - 1];
  const spec = c.chooseOne ? choice?.target : c.target;
  if (!spec) return { targets: [], needs: false };
  const targets = legalTargets(g, e, choice).map((id) => named.get(id)).filter((l): l is string => l !== undefined);
  const needs = c.type === 'spell' && !spec.optional && !spec.requires;
  if (needs && !targets.length) return null;
  return { targets, needs };
}

function concrete(g: Game, labels: Map<string, number>, it: Intent): ScenarioAction | null {
  const named = labelOf(labels);
  const side = g.active;
  const p = g.players[side];
  const me = side === 0 ? 'A' : 'B';
  if (it.kind === 'endTurn') return { endTurn: true };
  if (it.kind === 'play') {
    const options = p.hand
      .map((id) => entity(g, id))
      .filter((e) => named.has(e.id))
      .map((e) => {
        // a Choose One card: the option from the intent's position number, the first when that one cannot be played
        const n = e.card.chooseOne?.length ?? 0;
        const wanted = n ? (it.position % n) + 1 : 1;
        const ok = playable(g, e, named, wanted);
        return ok !== null || !n ? { e, ok, choose: wanted } : { e, ok: playable(g, e, named, 1), choose: 1 };
      })
      .filter((x) => x.ok !== null);
    const o = pick(options, it.pick);
    if (!o) return null;
    const target = o.ok!.targets.length && (o.ok!.needs || it.target % 4 !== 0) ? pick(o.ok!.targets, it.target) : undefined;
    const position = o.e.card.type === 'minion' ? it.position % (p.board.length + 1) : undefined;
    const choose = o.e.card.chooseOne ? { choose: o.choose } : {};
    return { play: named.get(o.e.id)!, ...(target ? { target } : {}), ...(position !== undefined ? { position } : {}), ...choose };
  }
  if (it.kind === 'attack') {
    const attackers = [p.hero, ...p.board].map((id) => entity(g, id)).filter((e) => named.has(e.id) && canAttack(g, e) === null);
    const a = pick(attackers, it.pick);
    if (!a) return null;
    const foe = g.players[side === 0 ? 1 : 0];
    const enemies = [foe.hero, ...foe.board].map((id) => entity(g, id)).filter((e) => e.zone === 'play');
    const taunts = enemies.filter((e) => e.card.type === 'minion' && hasKeyword(g, e, 'taunt') && !hasKeyword(g, e, 'stealth'));
    const defenders = (taunts.length ? taunts : enemies).filter((e) => named.has(e.id));
    const d = pick(defenders, it.defender);
    if (!d) return null;
    return { attack: named.get(a.id)!, defender: named.get(d.id)! };
  }
  // hero power
  if (p.heroPower === null) return null;
  const hp = entity(g, p.heroPower);
  if (cost(g, hp) > p.mana) return null;
  if (!hp.card.target) return { heroPower: me };
  const targets = legalTargets(g, hp).map((id) => named.get(id)).filter((l): l is string => l !== undefined);
  const t = pick(targets, it.target);
  if (!t && !hp.card.target.optional) return null;
  return { heroPower: me, ...(t ? { target: t } : {}) };
}

/**
 * The scenario with its intents made legal. Returns the run of the final scenario too (absent when the engine
 * failed on it), so a caller on the same engine need not run it again. The game is played once, action by action:
 * the engine refuses an illegal action before it changes anything (engine/sequences.ts), and the records that
 * reading the game or a refusal wrote are rewound, so the run is the one `runScenario` gives for the final scenario.
 */
export function legalize(s: Scenario, intents: readonly Intent[], cards: CardPool, mutants: readonly MutantName[]): { scenario: Scenario; run?: RunResult } {
  const actions: ScenarioAction[] = [];
  let live: LiveRun;
  try {
    live = startRun({ ...s, actions }, FILE, { cards, mutants, stepBudget: PROPERTY_STEP_BUDGET });
  } catch {
    return { scenario: { ...s, actions } }; // the engine fails on the set-up itself: the check will say so
  }
  for (const it of intents) {
    if (live.error || live.g.result !== 'ongoing') break;
    const mark = live.g.trace.mark();
    const a = concrete(live.g, live.labels, it);
    live.g.trace.rewind(mark);
    if (!a) continue;
    let refused: string | null;
    try {
      refused = tryAction(live, FILE, a, actions.length);
    } catch {
      // The engine failed on a legal action: keep it, so the failure is what the property reports.
      return { scenario: { ...s, actions: [...actions, a] } };
    }
    if (refused !== null) { live.g.trace.rewind(mark); continue; }
    actions.push(a);
  }
  return { scenario: { ...s, actions }, run: runResult(live) };
}
