/**
 * A legality oracle of the property suite's own (rule `legality`): which Player Actions the game's rules allow in a
 * state, decided here from the state's values (mana, Frozen, summoning sickness, attacks made, Windfury, Charge,
 * Stealth, Taunt, a full board), not by the engine's own checks. For a generated case, every attack and every play of
 * a card in hand from the set-up state is offered to the engine under test one at a time; an action the oracle
 * forbids that the engine takes is a violation. (An action the oracle allows that the engine refuses is not judged:
 * card target requirements are the engine's, and the oracle does not model them.)
 */
import type { Game, Entity, CardPool } from '../engine/state.js';
import { attack, cost, entity, hasKeyword, BOARD_LIMIT } from '../engine/state.js';
import type { MutantName } from '../engine/mutants.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import { startRun, tryAction, type LiveRun } from '../engine/scenario/run.js';
import type { Violation } from './invariants/index.js';

export const ID = 'legality-oracle';

const isCharacter = (e: Entity) => e.card.type === 'minion' || e.card.type === 'hero';

/** Why the rules forbid `a` attacking `d` (null: they allow it). */
export function attackRefusal(g: Game, a: Entity, d: Entity): string | null {
  if (a.zone !== 'play' || !isCharacter(a)) return 'the attacker is not a character in play';
  if (a.controller !== g.active) return 'it is not the attacker\'s controller\'s turn';
  if (a.frozen) return 'the attacker is Frozen';
  if (attack(g, a) <= 0) return 'the attacker has no Attack';
  if (a.card.type === 'minion' && a.exhausted && !hasKeyword(g, a, 'charge')) return 'the minion came into play this turn and has no Charge';
  if (a.attacks >= (hasKeyword(g, a, 'windfury') ? 2 : 1)) return 'the attacker has already attacked as often as it may this turn';
  if (d.zone !== 'play' || !isCharacter(d) || d.controller === a.controller) return 'the defender is not an enemy character in play';
  if (d.card.type === 'minion' && hasKeyword(g, d, 'stealth')) return 'the defender is in Stealth';
  const taunts = g.players[d.controller].board.map((id) => entity(g, id)).filter((m) => hasKeyword(g, m, 'taunt') && !hasKeyword(g, m, 'stealth'));
  if (taunts.length && !taunts.includes(d)) return 'a Taunt minion stands in the way';
  return null;
}

/** Why the rules forbid playing `c` (at `target`) (null: the oracle sees nothing against it). */
export function playRefusal(g: Game, c: Entity, target: Entity | null): string | null {
  const p = g.players[c.controller];
  if (c.controller !== g.active || !p.hand.includes(c.id)) return 'the card is not in the active player\'s hand';
  if (cost(g, c) > p.mana) return `it costs ${cost(g, c)} mana and the player has ${p.mana}`;
  if (c.card.type === 'minion' && p.board.length >= BOARD_LIMIT) return 'the board is full';
  if (target && target.card.type === 'minion' && target.controller !== c.controller && hasKeyword(g, target, 'stealth')) return 'the target is an enemy minion in Stealth';
  return null;
}

/** Every attack and every play (untargeted, and at each character) the active player could try in the set-up state. */
function candidates(g: Game, labelOf: (id: number) => string | undefined): { action: ScenarioAction; refusal: string | null }[] {
  const out: { action: ScenarioAction; refusal: string | null }[] = [];
  const side = g.active;
  const chars = (s: 0 | 1) => [g.players[s].hero, ...g.players[s].board].map((id) => entity(g, id));
  for (const a of chars(side)) {
    for (const d of chars(side === 0 ? 1 : 0)) {
      const la = labelOf(a.id), ld = labelOf(d.id);
      if (la && ld) out.push({ action: { attack: la, defender: ld }, refusal: attackRefusal(g, a, d) });
    }
  }
  for (const id of g.players[side].hand.slice(0, 3)) {
    const c = entity(g, id);
    const lc = labelOf(id);
    if (!lc) continue;
    if (!c.card.target) out.push({ action: { play: lc }, refusal: playRefusal(g, c, null) });
    else for (const t of [...chars(0), ...chars(1)]) { const lt = labelOf(t.id); if (lt) out.push({ action: { play: lc, target: lt }, refusal: playRefusal(g, c, t) }); }
  }
  return out;
}

/**
 * Offer each candidate action of the set-up state to the engine: taking one the oracle forbids is a violation. The
 * set-up game is built once and reused while the engine refuses (it refuses before it changes anything,
 * engine/sequences.ts; the records a refusal wrote are rewound); after an action it took, or a failure, the next
 * candidate gets a fresh set-up.
 */
export function checkLegality(s: Scenario, cards: CardPool, mutants: readonly MutantName[] = [], stepBudget?: number): Violation[] {
  const setup = { ...s, actions: [] };
  const start = () => startRun(setup, '<legality>', { cards, mutants, stepBudget });
  let live: LiveRun | null;
  try { live = start(); } catch { return []; }
  if (live.g.result !== 'ongoing') return [];
  const names = new Map([...live.labels].map(([l, id]) => [id, l]));
  const out: Violation[] = [];
  for (const { action, refusal } of candidates(live.g, (id) => names.get(id))) {
    if (!refusal) continue;
    try {
      live ??= start();
      const mark = live.g.trace.mark();
      if (tryAction(live, '<legality>', action, 0) !== null) { live.g.trace.rewind(mark); continue; } // refused, as it must be
    } catch {
      live = null;
      continue; // another failure is not a legality verdict
    }
    live = null; // the engine took it: the game has moved on
    out.push({ invariant: ID, rule: 'legality', path: '', entities: [], message: `the engine took ${JSON.stringify(action)} although ${refusal}` });
    if (out.length >= 3) break;
  }
  return out;
}
