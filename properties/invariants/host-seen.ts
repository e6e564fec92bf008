/**
 * Host invariant of what players may see (seed 002 rules 4, 6, 41): a card going into a closed zone (deck 4.1.1,
 * damage zone 4.8.1) is seen by nobody; into an open zone (drop 4.2.1, banished 4.9.1, frontrow 4.4.1) by both; into
 * the hand (semi-open, 4.3.1) by its owner only (37.1). A card in a closed zone is shown only by a reveal (both,
 * 41.1.1), a look or a search (the one player, 41.2.1, 41.3.2); a card a search finds by traits is seen by both (41.3.3).
 * A face-down card turned face up where it lies (`turned_up`: an Ambush activated, 17.2.2; the Hosts when the game
 * begins, 9.1.8) is no longer semi-open (6.2): it is known to whoever sees its place, both players in an open zone.
 * Records without `seen` (a simulator that does not state it) are not judged.
 */
import type { Invariant, Violation } from './types.js';
import { ev, hostInvariant, label, violation, type HostPass, type RecordKind } from './host-walk.js';

const SIDE = ['A', 'B'];
const CLOSED: Record<string, string> = { deck: 'host/4.1.1', damage: 'host/4.8.1' };
const OPEN: Record<string, string> = { drop: 'host/4.2.1', banished: 'host/4.9.1', frontrow: 'host/4.4.1' };
/** The rules that turn a face-down card face up where it lies: an Ambush activated, the Hosts when the game begins. */
const FLIPS = ['host/17.2.2', 'host/9.1.8'];
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const show = (s: readonly string[]) => (s.length ? s.join(' and ') : 'nobody');

const ID = 'host-hidden-stays-hidden';
const READS: readonly RecordKind[] = ['zone', 'seen'];

function hiddenPass(): HostPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: () => undefined,
    // after the record: the zone it moved the card to
    after: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'zone' && e.seen) {
        const want = e.to in CLOSED ? [] : e.to in OPEN ? SIDE : e.to === 'hand' && v.owner.has(e.entity) ? [SIDE[v.owner.get(e.entity)!]!] : null;
        const rule = CLOSED[e.to] ?? OPEN[e.to] ?? 'host/4.3.1';
        if (want && !same(e.seen, want)) out.push(violation(ID, rule, `${label(v, e.entity)} goes to the ${e.to} zone seen by ${show(e.seen)}; there it is seen by ${show(want)} (host/6.1)`, v, i, [e.entity]));
      }
      if (e?.e === 'seen' && e.how === 'turned_up') {
        const zone = v.zone.get(e.entity);
        const want = zone === undefined ? null : zone in CLOSED ? [] : zone === 'hand' && v.owner.has(e.entity) ? [SIDE[v.owner.get(e.entity)!]!] : SIDE;
        const rule = FLIPS.includes(e.rule) ? e.rule : 'host/6.2';
        if (want && !same(e.seen, want)) out.push(violation(ID, rule, `${label(v, e.entity)} turned face up in the ${zone} zone is seen by ${show(e.seen)}; face up there it is seen by ${show(want)} (host/6.1, host/6.2)`, v, i, [e.entity]));
      } else if (e?.e === 'seen') {
        const one = [SIDE[e.player]!];
        const want = e.how === 'reveal' || (e.how === 'found' && e.traits) ? SIDE : one;
        const rule = e.how === 'reveal' ? 'host/41.1.1' : e.how === 'look' ? 'host/41.2.1' : e.how === 'found' && e.traits ? 'host/41.3.3' : 'host/41.3.2';
        if (!same(e.seen, want)) out.push(violation(ID, rule, `${label(v, e.entity)} ${e.how === 'found' ? 'found by a search' : `${e.how === 'look' ? 'looked at' : e.how === 'reveal' ? 'revealed' : 'searched'}`} by player ${e.player} is seen by ${show(e.seen)}, not ${show(want)}`, v, i, [e.entity]));
      }
    },
    finish: () => out,
  };
}

export const hiddenStaysHidden: Invariant = hostInvariant(hiddenPass, {
  id: ID, rules: ['host/6.1', 'host/6.2', 'host/17.2.2', 'host/9.1.8', 'host/41.1.1', 'host/41.2.1', 'host/41.3.2', 'host/41.3.3'], fidelity: 'events',
  description: 'who sees a card follows its zone (closed: nobody, semi-open: its owner, open: both); a card in a closed zone is seen only through a reveal (both), a look or a search (one player); a card a search finds by its traits is seen by both; a card turned face up is seen as its place is (both, in play)',
});
