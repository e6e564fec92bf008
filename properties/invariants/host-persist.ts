/**
 * Host invariants of persistence and control: a token does not persist (36.3, 36.3.1: when it would leave its zone it
 * is removed from the game and no longer exists), and a card out of play is its owner's (37.1, 37.2: the controller is
 * who has the card in play; the zones outside play are the owner's).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { ev, hostInvariant, label, violation, type HostPass, type HostView, type RecordKind } from './host-walk.js';

const IN_PLAY = new Set(['frontrow', 'backrow', 'form', 'marker', 'stack', 'host']);

const TOKENS = 'host-tokens-do-not-persist';
const TOKENS_READS: readonly RecordKind[] = ['summon', 'zone'];

function tokensPass(): HostPass {
  const out: Violation[] = [];
  const tokens = new Set<number>();
  const removed = new Set<number>();
  return {
    reads: TOKENS_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'summon') tokens.add(e.entity);
      if (e?.e === 'zone' && tokens.has(e.entity)) {
        if (removed.has(e.entity)) out.push(violation(TOKENS, 'host/36.3.1', `${label(v, e.entity)} was removed from the game but moves again (${e.from} to ${e.to})`, v, i, [e.entity]));
        else if (e.from !== e.to && e.to !== 'removed') out.push(violation(TOKENS, 'host/36.3.1', `the token ${label(v, e.entity)} leaves ${e.from} for ${e.to}: it should be removed from the game`, v, i, [e.entity]));
        if (e.to === 'removed') removed.add(e.entity);
      }
    },
    finish: () => out,
  };
}

export const tokensDoNotPersist: Invariant = hostInvariant(tokensPass, {
  id: TOKENS, rules: ['host/36.3', 'host/36.3.1'], fidelity: 'events',
  description: 'a token (an entity an effect created: a summon record) that leaves its zone is removed from the game, and a removed token never comes back',
});

const OWNER = 'host-owner-zones';

function ownerPass(trace: readonly TraceRecord[]): HostPass {
  const out: Violation[] = [];
  /** Entities moved or taken over since the last judgement. */
  const left = new Set<number>();
  const judge = (v: HostView, i: number) => {
    if (!left.size) return;
    for (const id of left) {
      const zone = v.zone.get(id)!;
      if (IN_PLAY.has(zone)) continue;
      const o = v.owner.get(id), c = v.controller.get(id);
      if (o !== undefined && c !== o) out.push(violation(OWNER, 'host/37.1', `${label(v, id)} is in the ${zone} zone of player ${c}, but its owner is player ${o}`, v, i, [id]));
    }
    left.clear();
  };
  // every record: the first that is not a zone move or a change of control judges the moves before it
  return {
    visit: (r, v, i) => {
      const e = ev(r);
      // The return of control to the owner comes with the zone move: judged at the first record after both.
      if (!(e && (e.e === 'zone' || e.e === 'control'))) judge(v, i);
    },
    after: (r) => {
      const e = ev(r);
      if (e?.e === 'zone' || e?.e === 'control') left.add(e.entity);
    },
    finish: (v) => { judge(v, trace.length - 1); return out; },
  };
}

export const ownerZones: Invariant = hostInvariant(ownerPass, {
  id: OWNER, rules: ['host/37.1', 'host/37.2'], fidelity: 'events',
  description: 'a card out of play (hand, deck, drop, damage, banished zone) is in its owner\'s zone, controlled by its owner, whoever controlled it in play',
});
