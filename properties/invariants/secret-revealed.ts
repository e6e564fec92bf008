/**
 * A revealed Secret leaves (rule `secrets`): when a Secret's trigger resolves (a trigger block whose subject is in its
 * player's Secrets), the Secret is revealed and leaves the Secrets zone before that block closes; a Secret that stays
 * could be revealed again. A trigger that is aborted (its condition false, rule 10b; no legal target, rule 5) opens no
 * block, so the Secret stays, as it should.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';

export const ID = 'secret-revealed';

const READS: readonly RecordKind[] = ['open', 'close', 'zone'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  // trigger blocks of Secrets still in the Secrets zone: block id → the Secret and where the block opened
  const pending = new Map<number, { secret: number; at: number; path: string }>();
  return {
    reads: READS,
    visit: (r, s, at) => {
      if (r.t === 'open' && r.block === 'trigger' && r.subject !== undefined && s.entities.get(r.subject)?.zone === 'secret') {
        pending.set(r.id, { secret: r.subject, at, path: s.path() });
        return;
      }
      if (r.t === 'event' && r.e === 'zone' && r.from === 'secret') {
        for (const [id, p] of pending) if (p.secret === r.entity) pending.delete(id);
        return;
      }
      if (r.t === 'close') {
        const p = pending.get(r.id);
        if (!p) return;
        pending.delete(r.id);
        out.push({ invariant: ID, rule: 'secrets', at: p.at, path: p.path, entities: [p.secret], message: `${s.name(p.secret)} resolved its trigger and is still in its player's Secrets when the trigger block closes: a revealed Secret leaves play` });
      }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['secrets'], fidelity: 'phases', profiles: ['hearthstone'],
  description: 'a Secret whose trigger resolves is revealed: it leaves its player\'s Secrets before the trigger block closes',
  check,
  pass,
};
