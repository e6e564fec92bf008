/**
 * A refused action leaves a record saying why (rules `legality`, `board-limit`).
 * - Every Player Action the trace shows attempted (an `action` record) is followed, before the next attempt, by the
 *   top-level Sequence it begins (play → PLAY_MINION / CAST_SPELL / PLAY_WEAPON, attack → ATTACK, hero power →
 *   HERO_POWER, end turn → END_TURN) or by a `refused` record for it that gives a reason and a rule id; never both,
 *   never neither. (An attempt after the game was decided is not judged: nothing follows it.)
 * - A summon an effect attempted and did not make (`summon_refused`) gives a reason and a rule, and the reason is
 *   true: that player's board holds 7 minions as the trace shows it (a summon refused with room on the board breaks
 *   the board limit's own rule: the limit is 7).
 * - A limit acts only when it is reached: a card burnt for the hand limit (a `burn` of rule `hand-limit`: drawn or put
 *   into a full hand; a card milled from the deck names another rule) only when its player's hand holds 10 cards, and a minion taken onto a board with no room is destroyed for it (a destroy mark of
 *   rule `board-limit`) only when its new side already has 7 other minions in play (board-limit).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';
import { BOARD_LIMIT } from './legality-state.js';
import { PROFILE_LIMITS } from './conservation.js';

/** The hand limit (hand-limit: at most 10 cards in hand; overdraw burns). */
const HAND_LIMIT = PROFILE_LIMITS.hearthstone!.hand;

export const ID = 'refusals';

const BEGINS: Record<string, readonly string[]> = {
  play: ['PLAY_MINION', 'CAST_SPELL', 'PLAY_WEAPON'], attack: ['ATTACK'], hero_power: ['HERO_POWER'], end_turn: ['END_TURN'],
};

interface Attempt { action: number; kind: string; at: number; path: string; began?: string; refused?: boolean }

const READS: readonly RecordKind[] = ['game_check', 'action', 'open', 'refused', 'summon_refused', 'burn', 'destroy_mark'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  let open: Attempt | undefined;
  let decided = false;
  const settle = () => {
    if (!open || decided) return;
    if (!open.began && !open.refused) {
      out.push({ invariant: ID, rule: 'legality', at: open.at, path: open.path, entities: [], message: `action ${open.action} (${open.kind}) neither began its Sequence nor left a refused record saying why` });
    }
  };
  return {
    reads: READS,
    visit: (r, st, at) => {
      if (r.t === 'event' && r.e === 'game_check' && r.result !== 'ongoing') decided = true;
      if (r.t === 'event' && r.e === 'action') {
        settle();
        open = { action: r.action, kind: r.kind, at, path: st.path() };
        return;
      }
      if (r.t === 'open' && r.block === 'sequence' && st.stack.length === 0 && open && !open.began && !open.refused) {
        if ((BEGINS[open.kind] ?? []).includes(r.kind)) open.began = r.kind;
        return;
      }
      if (r.t === 'event' && r.e === 'refused') {
        const bad = !r.reason.trim() || !r.rule.trim();
        if (open && r.action === open.action && open.began) {
          out.push({ invariant: ID, rule: 'legality', at, path: st.path(), entities: [], message: `action ${r.action} was refused after its ${open.began} Sequence had begun` });
        } else if (bad) {
          out.push({ invariant: ID, rule: 'legality', at, path: st.path(), entities: [], message: `the refusal of action ${r.action} does not say why (reason and rule are required)` });
        }
        if (open && r.action === open.action) open.refused = true;
        return;
      }
      if (r.t === 'event' && r.e === 'burn' && r.rule === 'hand-limit') {
        let n = 0;
        for (const e of st.entities.values()) if (e.id !== r.entity && e.zone === 'hand' && e.controller === r.player) n++;
        if (n < HAND_LIMIT) {
          out.push({ invariant: ID, rule: 'hand-limit', at, path: st.path(), entities: [r.entity], message: `${st.name(r.entity)} was burnt with ${n} card(s) in player ${r.player === 0 ? 'A' : 'B'}'s hand: a card burns only when the hand holds ${HAND_LIMIT}` });
        }
        return;
      }
      if (r.t === 'event' && r.e === 'destroy_mark' && r.rule === 'board-limit') {
        const t = st.entities.get(r.target);
        if (!t) return;
        let n = 0;
        for (const e of st.entities.values()) if (e.id !== t.id && e.type === 'minion' && e.zone === 'play' && e.controller === t.controller) n++;
        if (n < BOARD_LIMIT) {
          out.push({ invariant: ID, rule: 'board-limit', at, path: st.path(), entities: [t.id], message: `${st.name(t.id)} was destroyed for lack of room with ${n} other minion(s) on player ${t.controller === 0 ? 'A' : 'B'}'s board: the limit is ${BOARD_LIMIT}` });
        }
        return;
      }
      if (r.t === 'event' && r.e === 'summon_refused') {
        if (!r.reason.trim() || !r.rule.trim()) {
          out.push({ invariant: ID, rule: 'board-limit', at, path: st.path(), entities: [], message: `a refused summon of ${r.card} does not say why (reason and rule are required)` });
        }
        let n = 0;
        for (const e of st.entities.values()) if (e.type === 'minion' && e.zone === 'play' && e.controller === r.player) n++;
        if (n < BOARD_LIMIT) {
          out.push({ invariant: ID, rule: 'board-limit', at, path: st.path(), entities: [], message: `a summon of ${r.card} for player ${r.player === 0 ? 'A' : 'B'} was refused ("${r.reason}") with ${n} minion(s) on that board: the limit is ${BOARD_LIMIT}` });
        }
      }
    },
    finish: () => { settle(); return out; },
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['legality', 'board-limit', 'hand-limit'], fidelity: 'phases', profiles: ['hearthstone'],
  description: 'every attempted Player Action begins its Sequence or leaves a refused record saying why; a refused summon had a full board; a card burns only from a full hand, a stolen minion is destroyed only on a full board',
  check,
  pass,
};
