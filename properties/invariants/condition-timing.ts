/**
 * Rule 10b: "Triggered effects with a condition do not check their condition until the moment they queue or the
 * moment they trigger (or sometimes both)." Which moment is the card's: `queueCondition` (checked when the Queue is
 * populated) and `resolveCondition` (checked when the entry resolves) in its trigger definitions. A producer states
 * each check with a `trigger_condition` record (source, trigger index, when, result); with the card definitions:
 * - a check at a moment the card does not check at is a violation (a condition read too early or too late);
 * - a trigger with a queue-time condition is queued only after a check at queue time that held;
 * - a trigger with a resolve-time condition opens its trigger block only right after a check that held, and a check
 *   that failed is followed by its abort (rule 10b), not by the trigger;
 * - an abort citing rule 10b comes from an entity whose card has a condition checked at resolution (a trigger's or
 *   its Deathrattle's).
 * Triggers whose card is unknown are not judged.
 */
import type { CardDef, Trigger } from '../../engine/cards/format.js';
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, type TraceState, type RecordKind, NO_RECORDS } from './walk.js';

export const ID = 'condition-timing';

const READS: readonly RecordKind[] = ['trigger_condition', 'queue', 'open', 'trigger_abort'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  if (!env?.card) return { reads: NO_RECORDS, visit: () => undefined, finish: () => out };
  const cardOf = (s: TraceState, id: number): CardDef | undefined => {
    const e = s.entities.get(id);
    return e ? env.card!(e.card) : undefined;
  };
  const triggerOf = (s: TraceState, id: number, i: number): Trigger | undefined => cardOf(s, id)?.triggers?.[i];
  const flag = (s: TraceState, at: number, id: number, message: string) => out.push({ invariant: ID, rule: '10b', at, path: s.path(), entities: [id], message: `${s.name(id)}: ${message}` });
  /** Queue-time checks since the last queue record: "source:trigger" → result. */
  const queued = new Map<string, boolean>();
  /** The last resolve-time check per source, not yet followed by its trigger or abort. */
  const resolved = new Map<number, { trigger: number; result: boolean }>();
  return {
    reads: READS,
    visit: (r, s, at) => {
      if (r.t === 'event' && r.e === 'trigger_condition') {
        const t = triggerOf(s, r.source, r.trigger);
        if (!t) return;
        if (r.when === 'queue' && !t.queueCondition) flag(s, at, r.source, `its trigger ${r.trigger} had its condition checked when the Queue was populated, but the card checks it ${t.resolveCondition ? 'when the trigger resolves' : 'never'}`);
        if (r.when === 'resolve' && !t.resolveCondition) flag(s, at, r.source, `its trigger ${r.trigger} had its condition checked when it resolved, but the card checks it ${t.queueCondition ? 'when the Queue is populated' : 'never'}`);
        if (r.when === 'queue') queued.set(`${r.source}:${r.trigger}`, r.result);
        else resolved.set(r.source, { trigger: r.trigger, result: r.result });
        return;
      }
      if (r.t === 'queue') {
        for (const en of r.entries) {
          const m = /^trigger:(\d+)$/.exec(en.what);
          if (!m) continue;
          const t = triggerOf(s, en.source, Number(m[1]));
          if (!t?.queueCondition) continue;
          const got = queued.get(`${en.source}:${m[1]}`);
          if (got === undefined) flag(s, at, en.source, `its trigger ${m[1]} was queued without its condition being checked when the Queue was populated`);
          else if (!got) flag(s, at, en.source, `its trigger ${m[1]} was queued although its condition was false when the Queue was populated`);
        }
        queued.clear();
        return;
      }
      if (r.t === 'open' && r.block === 'trigger' && r.subject !== undefined && r.queue !== undefined && r.entry !== undefined && r.kind !== 'deathrattle') {
        const q = s.queues.get(r.queue);
        const m = q ? /^trigger:(\d+)$/.exec(q.entries[r.entry]?.what ?? '') : null;
        const src = q?.entries[r.entry]?.source;
        if (!m || src === undefined) return;
        const t = triggerOf(s, src, Number(m[1]));
        const seen = resolved.get(src);
        resolved.delete(src);
        if (!t?.resolveCondition) return;
        if (!seen || seen.trigger !== Number(m[1])) flag(s, at, src, `its trigger ${m[1]} resolved without its condition being checked when it resolved`);
        else if (!seen.result) flag(s, at, src, `its trigger ${m[1]} resolved although its condition was false when it resolved`);
        return;
      }
      if (r.t === 'event' && r.e === 'trigger_abort' && r.rule === '10b') {
        const seen = resolved.get(r.source);
        resolved.delete(r.source);
        const card = cardOf(s, r.source);
        if (!card) return;
        const checksAtResolve = !!card.deathrattle?.condition || (card.triggers ?? []).some((t) => t.resolveCondition);
        if (!checksAtResolve) flag(s, at, r.source, 'aborted by its condition (rule 10b), but its card has no condition checked when it resolves');
        else if (seen?.result === true) flag(s, at, r.source, 'aborted by its condition (rule 10b) right after that condition was checked and held');
      }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['10b'], fidelity: 'phases', profiles: ['hearthstone'], uses: ['cards'],
  description: 'a trigger\'s condition is checked when the Queue is populated or when it resolves, as its card says, and the trigger follows the result',
  check,
  pass,
};
