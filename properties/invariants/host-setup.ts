/**
 * Host invariant of the game set-up (9.1.7): a mulligan puts cards on the bottom of the deck, then draws as many (so
 * none of the cards put back is drawn again: the deck holds 45 cards above them), then shuffles the deck; a player
 * who puts no card back does not shuffle (9.1.7.1). A mulligan starts with the player's act record of rule host/9.1.7.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { ev, hostInvariant, label, violation, type HostPass, type HostView, type RecordKind } from './host-walk.js';

const ID = 'host-mulligan';
const READS: readonly RecordKind[] = ['priority', 'host_phase', 'zone', 'draw', 'deck_shuffle'];

function mulliganPass(trace: readonly TraceRecord[]): HostPass {
  const out: Violation[] = [];
  let cur: { player: number; back: Set<number>; drew: number; shuffled: boolean } | null = null;
  const close = (v: HostView, i: number) => {
    if (cur && cur.back.size > 0) {
      if (cur.drew !== cur.back.size) out.push(violation(ID, 'host/9.1.7', `player ${cur.player} put ${cur.back.size} card(s) back but drew ${cur.drew}`, v, i));
      if (!cur.shuffled) out.push(violation(ID, 'host/9.1.7', `player ${cur.player} put ${cur.back.size} card(s) back but did not shuffle the deck`, v, i));
    }
    cur = null;
  };
  return {
    reads: READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'priority' && e.action === 'act' && e.rule === 'host/9.1.7') { close(v, i); cur = { player: e.player, back: new Set(), drew: 0, shuffled: false }; }
      else if (e?.e === 'host_phase' || (e?.e === 'priority' && e.rule !== 'host/9.1.7')) close(v, i);
      else if (cur && e?.e === 'zone' && e.from === 'hand' && e.to === 'deck') cur.back.add(e.entity);
      else if (cur && e?.e === 'draw' && e.player === cur.player) {
        if (e.entity !== null && cur.back.has(e.entity)) out.push(violation(ID, 'host/9.1.7', `${label(v, e.entity)} was put on the bottom of the deck in the mulligan and is drawn again at once`, v, i, [e.entity]));
        cur.drew++;
      } else if (cur && e?.e === 'deck_shuffle' && e.rule === 'host/9.1.7') {
        if (cur.back.size === 0) out.push(violation(ID, 'host/9.1.7.1', `player ${cur.player} put no card back but the deck is shuffled`, v, i));
        cur.shuffled = true;
      }
    },
    finish: (v) => { close(v, trace.length - 1); return out; },
  };
}

export const mulligan: Invariant = hostInvariant(mulliganPass, {
  id: ID, rules: ['host/9.1.7', 'host/9.1.7.1'], fidelity: 'events',
  description: 'a mulligan puts the cards on the bottom of the deck, draws as many (never one put back), and shuffles the deck only when a card went back',
});
