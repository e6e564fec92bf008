/**
 * Host invariants of persistence and control: a token does not persist (36.3, 36.3.1: when it would leave its zone it
 * is removed from the game and no longer exists), and a card out of play is its owner's (37.1, 37.2: the controller is
 * who has the card in play; the zones outside play are the owner's).
 */
import type { Invariant, Violation } from './types.js';
import { ev, fold, label, newView, violation } from './host-walk.js';

const IN_PLAY = new Set(['frontrow', 'backrow', 'form', 'marker', 'stack', 'host']);

export const tokensDoNotPersist: Invariant = {
  id: 'host-tokens-do-not-persist', rules: ['host/36.3', 'host/36.3.1'], fidelity: 'events', profiles: ['host'],
  description: 'a token (an entity an effect created: a summon record) that leaves its zone is removed from the game, and a removed token never comes back',
  check(trace) {
    const v = newView();
    const out: Violation[] = [];
    const tokens = new Set<number>();
    const removed = new Set<number>();
    trace.forEach((r, i) => {
      const e = ev(r);
      if (e?.e === 'summon') tokens.add(e.entity);
      if (e?.e === 'zone' && tokens.has(e.entity)) {
        if (removed.has(e.entity)) out.push(violation(this.id, 'host/36.3.1', `${label(v, e.entity)} was removed from the game but moves again (${e.from} to ${e.to})`, v, i, [e.entity]));
        else if (e.from !== e.to && e.to !== 'removed') out.push(violation(this.id, 'host/36.3.1', `the token ${label(v, e.entity)} leaves ${e.from} for ${e.to}: it should be removed from the game`, v, i, [e.entity]));
        if (e.to === 'removed') removed.add(e.entity);
      }
      fold(v, r);
    });
    return out;
  },
};

export const ownerZones: Invariant = {
  id: 'host-owner-zones', rules: ['host/37.1', 'host/37.2'], fidelity: 'events', profiles: ['host'],
  description: 'a card out of play (hand, deck, drop, damage, banished zone) is in its owner\'s zone, controlled by its owner, whoever controlled it in play',
  check(trace) {
    const v = newView();
    const out: Violation[] = [];
    let left = new Set<number>();
    const judge = (i: number) => {
      for (const id of left) {
        const zone = v.zone.get(id)!;
        if (IN_PLAY.has(zone)) continue;
        const o = v.owner.get(id), c = v.controller.get(id);
        if (o !== undefined && c !== o) out.push(violation(this.id, 'host/37.1', `${label(v, id)} is in the ${zone} zone of player ${c}, but its owner is player ${o}`, v, i, [id]));
      }
      left = new Set();
    };
    trace.forEach((r, i) => {
      const e = ev(r);
      // The return of control to the owner comes with the zone move: judged at the first record after both.
      if (!(e && (e.e === 'zone' || e.e === 'control'))) judge(i);
      fold(v, r);
      if (e?.e === 'zone' || e?.e === 'control') left.add(e.entity);
    });
    judge(trace.length - 1);
    return out;
  },
};
