/**
 * Rule 2a / 2b: a Queue lists simultaneous events by order of play of their subjects, and its entries by
 * (priority: first, normal, last), then the event they respond to, then order of play. Each entry states the
 * order it was sorted by; where the trace told us an entity's order of play (setup, summon, enchant and zone
 * records), the stated order must be that one.
 */
import type { QueueEntry, TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type TraceState, type RecordKind } from './walk.js';

export const ID = 'queue-order';

const rank = (e: QueueEntry) => (e.priority === 'first' ? 0 : e.priority === 'last' ? 2 : 1);
const prio = (e: QueueEntry) => (e.priority ? `priority ${e.priority}` : 'normal priority');

const READS: readonly RecordKind[] = ['queue'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  const v = (s: TraceState, at: number, rule: string, message: string, entities: number[]) => out.push({ invariant: ID, rule, message, path: s.path(), entities, at });
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'queue') return;
    // A Death Phase's queue of Deaths is Rule 7's ("Death Phases queue deaths in order of play"); other events, 2b's.
    const eventRule = r.rule === '7' ? '7' : '2b';
    for (let i = 1; i < r.events.length; i++) {
      const a = r.events[i - 1]!, b = r.events[i]!;
      if (a.order > b.order) v(s, at, eventRule, `queue ${r.id} lists the ${a.kind} event of ${s.name(a.subject)} (order ${a.order}) before the ${b.kind} event of ${s.name(b.subject)} (order ${b.order}): simultaneous events are queued in order of play`, [a.subject, b.subject]);
    }
    for (const ev of r.events) {
      const known = s.entities.get(ev.subject)?.order;
      if (known !== undefined && known !== ev.order) v(s, at, '2b', `queue ${r.id} sorts the ${ev.kind} event of ${s.name(ev.subject)} by order ${ev.order}, but its order of play is ${known}`, [ev.subject]);
    }
    for (let i = 0; i < r.entries.length; i++) {
      const e = r.entries[i]!;
      if (e.event < 0 || e.event >= r.events.length) v(s, at, '2b', `queue ${r.id} entry ${i} (${s.name(e.source)}) responds to event ${e.event}, which the queue does not list`, [e.source]);
      const known = s.entities.get(e.source)?.order;
      if (known !== undefined && known !== e.order) v(s, at, '2a', `queue ${r.id} entry ${i} sorts ${s.name(e.source)} by order ${e.order}, but its order of play is ${known}`, [e.source]);
      if (i === 0) continue;
      const p = r.entries[i - 1]!;
      const cmp = rank(p) - rank(e) || p.event - e.event || p.order - e.order;
      if (cmp <= 0) continue;
      const why = rank(p) !== rank(e) ? `${prio(p)} before ${prio(e)}`
        : p.event !== e.event ? `event ${p.event} before event ${e.event}`
        : `order ${p.order} before order ${e.order}`;
      v(s, at, p.event !== e.event && rank(p) === rank(e) ? '2b' : '2a', `queue ${r.id} puts ${s.name(p.source)} (${p.what}, ${prio(p)}, event ${p.event}, order ${p.order}) before ${s.name(e.source)} (${e.what}, ${prio(e)}, event ${e.event}, order ${e.order}): entries must be sorted by priority, event, then order of play (${why} is out of order)`, [p.source, e.source]);
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['2a', '2b', '7'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'every Queue is sorted by (priority first/normal/last, event index, order of play), with the orders of play the trace gave',
  check,
  pass,
};
