/**
 * The legality oracle over a trace (rule `legality`, the catalog's assumption: the basic game rules). Every Player
 * Action the trace shows taken (a top-level PLAY_MINION, CAST_SPELL, PLAY_WEAPON, ATTACK or HERO_POWER Sequence) is
 * judged against the state the trace gave before it (legality-state.ts): the mana paid against the mana the player
 * had and the card's cost; the card in the active player's hand; a minion onto a full board; an attacker that is
 * Frozen, exhausted without Charge, without Attack or out of attacks; a Hero Power used a second time in a turn; a defender that is not an enemy character, is
 * in Stealth, or stands behind a Taunt minion; a target that is an enemy minion in Stealth; with the card definitions
 * (InvariantEnv), a card's play requirements that name no target and the boards decide (a free minion slot, minions
 * in play).
 * Facts the trace does not state are not judged. The engine is never asked, so any producer's trace is judged the same way.
 */
import type { OpenRecord, TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, type TraceState, type RecordKind } from './walk.js';
import { LegalityState } from './legality-state.js';
import { refusalRule } from '../../engine/trace/format.js';

export const ID = 'legality-oracle';

const ACTIONS = new Set(['PLAY_MINION', 'CAST_SPELL', 'PLAY_WEAPON', 'ATTACK', 'HERO_POWER']);

interface Pending { seq: OpenRecord; player: number }

/** What the visit reads, and what the legality state takes in (legality-state.ts `LegalityState.apply`). */
const READS: readonly RecordKind[] = ['open', 'close', 'mana', 'status', 'player_status', 'freeze', 'silence', 'control', 'summon', 'zone', 'death', 'draw'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  const ls = new LegalityState();
  let pending: Pending | undefined;
  let paid: { player: number; spent: number; before: number | undefined } | undefined;
  // The Hero Powers used in the turn going on (a Hero Power is used once a turn; a new one, after a hero or its Hero
  // Power is replaced, is another entity, unused).
  const usedThisTurn = new Set<number>();
  const flag = (s: TraceState, at: number, why: string, what: string, entities: number[]) => {
    out.push({ invariant: ID, rule: refusalRule(why), at, path: s.path(), entities, message: `${what} was taken although ${why}` });
  };
  return {
    reads: READS,
    visit: (r, s, at) => {
      if (r.t === 'event' && r.e === 'mana' && s.stack.length === 0) {
        const before = ls.mana[r.player as 0 | 1];
        paid = { player: r.player, spent: r.spent, before };
        if (before !== undefined && r.spent > before) flag(s, at, `the player had ${before} mana`, `a payment of ${r.spent} mana`, []);
      }
      if (r.t === 'open' && r.block === 'sequence' && (r.kind === 'END_TURN' || r.kind === 'START_TURN')) usedThisTurn.clear();
      if (r.t === 'open' && r.block === 'sequence' && s.stack.length === 0 && ACTIONS.has(r.kind) && r.subject !== undefined) {
        const player = r.player ?? s.entities.get(r.subject)?.controller ?? 0;
        const what = `${r.kind} of ${s.name(r.subject)}`;
        const before = paid?.player === player ? paid.before : ls.mana[player as 0 | 1];
        // a card's play requirements that name no target, when its definition is known (InvariantEnv)
        const sub = s.entities.get(r.subject);
        const requires = sub ? env?.card?.(sub.card)?.requires : undefined;
        const why = r.kind === 'ATTACK' ? ls.attackerRefusal(s, r.subject)
          : r.kind === 'HERO_POWER' ? (usedThisTurn.has(r.subject) ? `${s.name(r.subject)} was already used this turn (a Hero Power is used once a turn)` : requires ? ls.unmet(s, player, requires, s.name(r.subject)) : null)
            : ls.playRefusal(s, r.subject, before, requires);
        if (r.kind === 'HERO_POWER') usedThisTurn.add(r.subject);
        if (why) flag(s, at, why, what, [r.subject]);
        pending = { seq: r, player };
      } else if (r.t === 'open' && pending && r.block === 'phase' && s.top()?.id === pending.seq.id) {
        const seq = pending.seq;
        pending = undefined;
        if (r.target !== undefined && seq.kind === 'ATTACK') {
          const why = ls.defenderRefusal(s, seq.subject!, r.target);
          if (why) flag(s, at, why, `an attack of ${s.name(seq.subject)} on ${s.name(r.target)}`, [seq.subject!, r.target]);
        } else if (r.target !== undefined) {
          const why = ls.targetRefusal(s, seq.player ?? s.entities.get(seq.subject!)?.controller ?? 0, r.target);
          if (why) flag(s, at, why, `${seq.kind} of ${s.name(seq.subject)} aimed at ${s.name(r.target)}`, [seq.subject!, r.target]);
        }
      }
      if (r.t === 'open' && r.block === 'sequence' && r.kind === 'ATTACK' && s.stack.length === 0 && r.subject !== undefined) {
        const st = ls.get(r.subject);
        if (st.attacks !== undefined) st.attacks++;
      }
      if (r.t === 'close' && s.stack.length === 1) { pending = undefined; paid = undefined; }
      ls.apply(r, s);
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['legality'], fidelity: 'phases', profiles: ['hearthstone'],
  description: 'every Player Action taken was legal in the state the trace gave before it (mana, cost, Frozen, summoning sickness, attacks made, Stealth, Taunt, full board; with the card definitions, play requirements that name no target)',
  check,
  pass,
};
