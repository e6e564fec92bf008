/**
 * Rule 2c: once a Queue starts resolving it is immutable. The trigger blocks that resolve queue q are exactly its
 * recorded entries (some may abort instead of opening a block), in order, each at most once, and each names the
 * entry's source (a deathrattle names the dead minion; its source may be an enchantment the minion carried).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';

export const ID = 'immutable-queues';

const READS: readonly RecordKind[] = ['open'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  const last = new Map<number, number>();
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'open' || r.block !== 'trigger' || r.queue === undefined) return;
    const v = (message: string, entities: number[]) => out.push({ invariant: ID, rule: '2c', message, path: s.path(), entities, at });
    const q = s.queues.get(r.queue);
    const who = s.name(r.subject);
    if (!q) { v(`trigger #${r.id} of ${who} resolves queue ${r.queue}, which was never recorded`, r.subject !== undefined ? [r.subject] : []); return; }
    const i = r.entry ?? -1;
    if (i < 0 || i >= q.entries.length) {
      v(`trigger #${r.id} of ${who} resolves entry ${i} of queue ${r.queue}, but that queue was recorded with ${q.entries.length} entr${q.entries.length === 1 ? 'y' : 'ies'}: an entry was added after the queue started resolving`, r.subject !== undefined ? [r.subject] : []);
      return;
    }
    const prev = last.get(r.queue) ?? -1;
    if (i <= prev) v(`trigger #${r.id} of ${who} resolves entry ${i} of queue ${r.queue} after entry ${prev} already resolved: entries resolve once each, in order`, r.subject !== undefined ? [r.subject] : []);
    last.set(r.queue, Math.max(prev, i));
    const e = q.entries[i]!;
    if (r.subject !== undefined && r.subject !== e.source) {
      const attached = s.entities.get(e.source)?.attachedTo;
      const ok = e.what === 'deathrattle' && (attached === undefined || attached === r.subject);
      if (!ok) v(`trigger #${r.id} resolves entry ${i} of queue ${r.queue} for ${who}, but that entry belongs to ${s.name(e.source)}`, [r.subject, e.source]);
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['2c'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'the trigger blocks resolving a Queue are exactly its recorded entries, in order, with nothing added',
  check,
  pass,
};
