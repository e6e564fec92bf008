/**
 * Rule 9 (and the 9-attack exception): the game is decided only when a Sequence ends, or between the Preparation
 * and Combat Phases of an attack.
 * - `game_check` events stand only in GAME_END_CHECK steps, and those never run inside a Phase or trigger: either
 *   at the top level right after a Sequence, or inside an ATTACK Sequence (between Preparation and Combat).
 * - Every Sequence is followed by a GAME_END_CHECK step, unless the game was already decided inside it.
 * - The result matches the heroes: both dead = draw, one dead = the other wins, none dead = ongoing. A player whose
 *   hero died (a death record) has lost, even if a new hero took its place afterwards in the same Sequence ("if one
 *   Hero dies, the game does not immediately end": it ends, at the check).
 * - Once a check says the game is over, nothing happens any more (only blocks close).
 * - An attack is decided between its Phases: the COMBAT Phase of an ATTACK Sequence opens only after a game check
 *   that followed its PREPARATION Phase (9-attack), so an attack whose hero died in Preparation never reaches Combat.
 */
import type { CloseRecord, EventRecord, OpenRecord, TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type TraceState } from './walk.js';

export const ID = 'game-end';

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  let over: { at: number; result: string } | null = null;
  let overReported = false;
  let decidedInSequence = false;
  /** A Sequence just closed at the top level: the next record must open its GAME_END_CHECK. */
  let dueCheck: number | null = null;
  /** Players whose hero died (a death record), even if replaced since. */
  const died = new Set<number>();
  /** ATTACK Sequences (by id) whose Preparation Phase has ended, and whether a game check followed it. */
  const prepared = new Map<number, boolean>();
  const v = (s: TraceState, at: number, rule: string, message: string, entities: number[] = []) => out.push({ invariant: ID, rule, message, path: s.path(), entities, at });
  const opened = (r: OpenRecord, s: TraceState, at: number) => {
    if (r.block === 'sequence' && s.stack.length === 0) decidedInSequence = false;
    if (r.block === 'step' && r.kind === 'GAME_END_CHECK') {
      const inside = s.outermost('phase', 'trigger');
      const seq = s.nearest('sequence');
      if (inside) v(s, at, '9', `GAME_END_CHECK#${r.id} ran inside ${blockName(inside)}: the game is decided only when a Sequence ends`);
      else if (seq && seq.kind !== 'ATTACK') v(s, at, '9', `GAME_END_CHECK#${r.id} ran inside ${blockName(seq)} before it ended (only an attack is decided between its Preparation and Combat)`);
    }
    if (r.block === 'phase' && r.kind === 'COMBAT') {
      const seq = s.nearest('sequence');
      if (seq?.kind === 'ATTACK' && prepared.get(seq.id) === false) {
        v(s, at, '9-attack', `COMBAT#${r.id} opened in ${blockName(seq)} without a game check after its Preparation Phase: an attack is decided between Preparation and Combat${[...died].length ? ` (player ${[...died].map((p) => (p === 0 ? 'A' : 'B')).join(' and ')}'s hero has died)` : ''}`);
      }
    }
  };
  const closed = (r: CloseRecord, s: TraceState) => {
    const closing = s.blocks.get(r.id);
    const seq = s.nearest('sequence');
    if (closing?.block === 'phase' && closing.kind === 'PREPARATION' && seq?.kind === 'ATTACK') prepared.set(seq.id, false);
    if (closing && closing.block === 'sequence' && closing.parent === 0 && !decidedInSequence && !over) dueCheck = r.id;
  };
  const checked = (r: Extract<EventRecord, { e: 'game_check' }>, s: TraceState, at: number) => {
    const seq = s.nearest('sequence');
    if (seq && prepared.has(seq.id)) prepared.set(seq.id, true);
    const top = s.top();
    if (!top || top.block !== 'step' || top.kind !== 'GAME_END_CHECK') v(s, at, '9', `a game_check event (${r.result}) stands ${top ? `in ${blockName(top)}` : 'at the top level'}, outside a GAME_END_CHECK step`);
    if (s.nearest('sequence')) decidedInSequence = r.result !== 'ongoing';
    // A profile's own game end (Hearthtop's deck end at the Cleanup) is judged by that profile's invariant.
    if (r.rule.startsWith('hearthtop/')) { if (r.result !== 'ongoing') over = { at, result: r.result }; return; }
    const dead = ([0, 1] as const).map((p) => { const h = s.heroes[p]; return died.has(p) || (h !== undefined && !s.inPlay(h)); });
    const expected = dead[0] && dead[1] ? 'draw' : dead[0] || dead[1] ? 'win' : 'ongoing';
    const winner = dead[0] && !dead[1] ? 1 : dead[1] && !dead[0] ? 0 : undefined;
    if (r.result !== expected || (expected === 'win' && r.winner !== winner)) {
      const heroes = s.heroes.filter((h): h is number => h !== undefined);
      const who = ([0, 1] as const).filter((p) => dead[p]).map((p) => (died.has(p) ? `player ${p === 0 ? 'A' : 'B'}'s hero died${s.heroes[p] !== undefined && s.inPlay(s.heroes[p]!) ? ` (${s.name(s.heroes[p])} has replaced it since)` : ''}` : `${s.name(s.heroes[p])} is out of play`));
      v(s, at, r.rule === '9-attack' ? '9-attack' : '9', `the game check says ${r.result}${r.winner !== undefined ? ` (winner ${r.winner === 0 ? 'A' : 'B'})` : ''}, but ${who.length ? who.join(' and ') : 'both heroes are alive'}`, heroes);
    }
    if (r.result !== 'ongoing') over = { at, result: r.result };
  };
  return {
    visit: (r, s, at) => {
    if (over && r.t !== 'close' && !overReported) {
      overReported = true;
      const what = r.t === 'open' ? `${blockName({ block: r.block, kind: r.kind, id: r.id })} opened` : r.t === 'event' ? `a ${r.e} event happened` : r.t === 'queue' ? `queue ${r.id} was built` : `a ${r.t} record came`;
      v(s, at, '9', `the game ended (${over.result}) at record ${over.at}, but afterwards ${what}`);
    }
    if (dueCheck !== null) {
      const seq = dueCheck;
      dueCheck = null;
      if (!(r.t === 'open' && r.block === 'step' && r.kind === 'GAME_END_CHECK')) {
        v(s, at, '9', `SEQUENCE #${seq} ended but the game result was not checked before ${r.t === 'open' ? `${blockName({ block: r.block, kind: r.kind, id: r.id })}` : `the next ${r.t} record`}`);
      }
    }
    switch (r.t) {
      case 'open': opened(r, s, at); return;
      case 'close': closed(r, s); return;
      case 'event':
        if (r.e === 'death' && s.entities.get(r.entity)?.type === 'hero') died.add(s.entities.get(r.entity)!.controller);
        else if (r.e === 'game_check') checked(r, s, at);
        return;
      default:
        return;
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['9', '9-attack'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'the game is decided only at the end of a Sequence (or between Preparation and Combat), matching the heroes, and nothing happens after it ends',
  check,
  pass,
};
