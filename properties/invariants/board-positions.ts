/**
 * Board positions (rule `board-position`, an assumption: the rulebook does not place summons). The boards are rebuilt
 * from the trace: the set-up positions, then every summon inserted at its stated position, every minion that dies,
 * leaves play or changes sides taken out (a minion taken over goes to the right end of its new board), so no slot is
 * ever shared or left empty. Checked:
 * - a summon enters at a position from 0 to the number of minions on that board (no gap, no slot outside);
 * - a Deathrattle's summon on the dead minion's own side, when the card's Deathrattle does not say where: the first
 *   takes the dead minion's place, each further one goes right of the one before (as far as the board allows, if
 *   something left it meanwhile). Its place: left of the minion that stood to its right when it died and did not die
 *   in the same Death Creation Step (the right end when none did), while that minion is on the board; else its slot
 *   when it died, or the right end if the board is shorter now;
 * - a summon by a trigger, Battlecry or spell whose card says nowhere where its summons go: the right end.
 * Summons the card places itself (right or left of the summoner, both sides), resurrections and summons whose source
 * card is unknown (no card definitions given) are judged on the first point only.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { CardDef } from '../../engine/cards/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, type Block, type TraceState, type RecordKind } from './walk.js';

export const ID = 'board-positions';

const SUMMONING = new Set(['summon', 'put_into_play', 'resurrect']);

/** The summon-like actions somewhere in `node` (a card or one of its abilities). */
function summonActions(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const x of node) summonActions(x, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.do === 'string' && SUMMONING.has(o.do)) out.push(o);
    for (const v of Object.values(o)) summonActions(v, out);
  }
  return out;
}

/** Where the card's summons go when it never says so itself: 'default'; otherwise undefined (not judged). */
function unplaced(card: CardDef | undefined, part: 'deathrattle' | 'all'): boolean {
  if (!card) return false;
  let known = UNPLACED.get(card);
  if (!known) { known = {}; UNPLACED.set(card, known); }
  return (known[part] ??= unplacedIn(part === 'deathrattle' ? card.deathrattle : card));
}

function unplacedIn(node: unknown): boolean {
  const acts = summonActions(node);
  return acts.length > 0 && acts.every((a) => a.do === 'summon' && a.position === undefined && (a.player === undefined || a.player === 'friendly'));
}

/** unplaced, per card definition (a card is read once, not at every summon it makes). */
const UNPLACED = new WeakMap<CardDef, { deathrattle?: boolean; all?: boolean }>();

const READS: readonly RecordKind[] = ['zone', 'summon', 'death', 'control'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  const boards: [number[], number[]] = [[], []];
  const setupAt = new Map<number, number>();
  const lastPosition = new Map<number, number>();
  /**
   * A minion that died in a Death Creation Step: the ones to its right and to its left that did not die in it (null:
   * none).
   */
  const rightOfDeath = new Map<number, number | null>();
  const leftOfDeath = new Map<number, number | null>();
  /** The Death Creation Step the deaths so far belong to, and the minions that died in it. */
  let step: { id: number; dead: Set<number> } | undefined;
  /** Summons made so far on a side by each open trigger block: trigger id → positions. */
  const made = new Map<number, number[]>();
  const take = (id: number) => {
    for (const b of boards) {
      const i = b.indexOf(id);
      if (i >= 0) { b.splice(i, 1); lastPosition.set(id, i); }
    }
  };
  /**
   * Where a dead minion stood on `board` as it is now (engine/effects/summon.ts placeOfDeath): left of the minion to its
   * right that lived, else right of the one to its left, while on the board (the right or left end when none was);
   * else its slot when it died.
   */
  const placeOfDeath = (id: number, board: readonly number[]): number | undefined => {
    const right = rightOfDeath.get(id);
    const left = leftOfDeath.get(id);
    if (right === undefined || left === undefined) return lastPosition.get(id);
    if (right !== null && board.includes(right)) return board.indexOf(right);
    if (left !== null && board.includes(left)) return board.indexOf(left) + 1;
    if (right === null) return board.length;
    if (left === null) return 0;
    return lastPosition.get(id);
  };
  const flag = (s: TraceState, at: number, ids: number[], message: string) => out.push({ invariant: ID, rule: 'board-position', at, path: s.path(), entities: ids, message });
  const source = (s: TraceState): Block | undefined => {
    for (let i = s.stack.length - 1; i >= 0; i--) {
      const b = s.stack[i]!;
      if (b.block === 'trigger') return b;
      if (b.block === 'phase' && (b.kind === 'BATTLECRY' || b.kind === 'SPELL_TEXT')) return b;
      if (b.block === 'phase' || b.block === 'sequence') return undefined;
    }
    return undefined;
  };
  return {
    reads: READS,
    visit: (r, s, at) => {
      if (r.t !== 'event') return;
      if (r.e === 'zone' && r.from === 'setup') {
        // Set-up positions are those of the finished board: keep each board sorted by them.
        if (r.position === undefined) return;
        const b = boards[s.entities.get(r.entity)?.controller === 1 ? 1 : 0];
        setupAt.set(r.entity, r.position);
        b.push(r.entity);
        b.sort((x, y) => setupAt.get(x)! - setupAt.get(y)!);
        return;
      }
      if (r.e === 'summon') {
        const side = r.controller === 1 ? 1 : 0;
        const board = boards[side];
        if (r.position < 0 || r.position > board.length) {
          flag(s, at, [r.entity], `${s.name(r.entity)} was summoned at position ${r.position} of a board of ${board.length} minion(s): positions run from 0 to ${board.length}`);
        } else {
          const src = source(s);
          const srcEnt = src?.subject !== undefined ? s.entities.get(src.subject) : undefined;
          const card = srcEnt ? env?.card?.(srcEnt.card) : undefined;
          if (src && srcEnt && src.block === 'trigger' && src.kind === 'deathrattle' && srcEnt.controller === side && srcEnt.zone !== 'play' && unplaced(card, 'deathrattle')) {
            const before = made.get(src.id) ?? [];
            const dead = placeOfDeath(srcEnt.id, board);
            const want = before.length ? Math.min(before[before.length - 1]! + 1, board.length) : dead === undefined ? undefined : Math.min(dead, board.length);
            if (want !== undefined && want !== r.position) {
              flag(s, at, [r.entity, srcEnt.id], `${s.name(r.entity)}, summoned by the Deathrattle of ${s.name(srcEnt.id)}, went to position ${r.position}; ${before.length ? 'the one before it went to ' + before[before.length - 1] + ', so it goes to ' + want : 'the dead minion was at ' + dead + ', so it takes position ' + want}`);
            }
            made.set(src.id, [...before, r.position]);
          } else if (src && srcEnt && !(src.block === 'trigger' && src.kind === 'deathrattle') && (srcEnt.type !== 'minion' || srcEnt.zone === 'play') && unplaced(card, 'all') && r.position !== board.length) {
            flag(s, at, [r.entity, srcEnt.id], `${s.name(r.entity)}, summoned by ${s.name(srcEnt.id)}, whose card does not say where, went to position ${r.position}, not the right end (${board.length})`);
          }
        }
        board.splice(Math.max(0, Math.min(r.position, board.length)), 0, r.entity);
        return;
      }
      if (r.e === 'death') {
        // Deaths of one Death Creation Step leave the board together: each one's place is left of the next minion to
        // its right that lives (one that dies in the same step hands on its own right neighbour).
        const top = s.stack[s.stack.length - 1];
        const side = boards.find((b) => b.includes(r.entity));
        if (top?.block === 'step' && top.kind === 'DEATH_CREATION' && side) {
          if (step?.id !== top.id) step = { id: top.id, dead: new Set() };
          const at = side.indexOf(r.entity);
          const next = side[at + 1] ?? null;
          const prev = at > 0 ? side[at - 1]! : null;
          for (const id of step.dead) {
            if (rightOfDeath.get(id) === r.entity) rightOfDeath.set(id, next);
            if (leftOfDeath.get(id) === r.entity) leftOfDeath.set(id, prev);
          }
          rightOfDeath.set(r.entity, next);
          leftOfDeath.set(r.entity, prev);
          step.dead.add(r.entity);
        } else { rightOfDeath.delete(r.entity); leftOfDeath.delete(r.entity); }
        take(r.entity);
        return;
      }
      if (r.e === 'zone' && r.from === 'play' && r.to !== 'play') { take(r.entity); return; }
      if (r.e === 'control') {
        const e = s.entities.get(r.entity);
        if (e?.type !== 'minion') return;
        take(r.entity);
        boards[r.to === 1 ? 1 : 0].push(r.entity);
      }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['board-position'], fidelity: 'phases', profiles: ['hearthstone'], uses: ['cards'],
  description: 'a summon enters the board without a gap; a Deathrattle summon takes the dead minion\'s place, other summons the right end unless the card says where',
  check,
  pass,
};
