/**
 * Rule 2 note (2-force-play): a minion put into play from hand or deck ("force played", Voidcaller, Deathlord)
 * becomes the oldest in the order of play, not the newest. In the trace, a force play is a zone move from hand or
 * deck to play followed by the summon record of the same minion: its order must be below that of every entity in
 * play.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, IN_PLAY, type EntityState, type RecordKind } from './walk.js';

export const ID = 'force-play-oldest';

const READS: readonly RecordKind[] = ['summon'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'event' || r.e !== 'summon') return;
    const prev = trace[at - 1];
    if (!prev || prev.t !== 'event' || prev.e !== 'zone' || prev.entity !== r.entity || (prev.from !== 'hand' && prev.from !== 'deck') || prev.to !== 'play') return;
    const newer: EntityState[] = [];
    for (const e of s.entities.values()) if (e.id !== r.entity && IN_PLAY.has(e.zone) && e.order !== undefined && e.order <= r.order) newer.push(e);
    if (!newer.length) return;
    out.push({
      invariant: ID, rule: '2-force-play', at, path: s.path(), entities: [r.entity, ...newer.map((e) => e.id)],
      message: `${s.name(r.entity)} was put into play from ${prev.from} with order ${r.order}, after ${newer.slice(0, 3).map((e) => `${s.name(e.id)} (order ${e.order})`).join(', ')}${newer.length > 3 ? ` and ${newer.length - 3} more` : ''}: a force-played minion becomes the oldest in the order of play`,
    });
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['2-force-play'], fidelity: 'events', profiles: ['hearthstone', 'hearthtop'],
  description: 'a minion put into play from hand or deck becomes the oldest in the order of play',
  check,
  pass,
};
