/**
 * Rule 10 and 10-controller: a trigger responds only to events its own filters accept, read on the board as it is
 * when the event is queued: "another minion" is not the trigger's own minion, "a friendly minion" is one its current
 * controller controls, "at the end of your turn" is its current controller's turn (minions only know their current
 * controller). Checked for every queue entry of a trigger, at the queue record, against the card definitions
 * (env.card): the entry's `what` ("trigger:<index>") names the trigger, the queued event names the subject.
 *
 * Only what the trace states is judged: `is` (self / other), `type`, `player`, `race` and the turn's player. A filter
 * with anything else (keywords, Attack, damage...) is not judged, so a producer can never be charged with a filter
 * the trace cannot show. Triggers that act for their caster (Blessing of Wisdom) are not judged on `player`.
 */
import type { Filter, Trigger } from '../../engine/cards/format.js';
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, type EntityState, type TraceState, type RecordKind, NO_RECORDS } from './walk.js';

export const ID = 'trigger-filters';

type Tri = boolean | undefined;

const TYPES: Record<NonNullable<Filter['type']>, (t: string) => boolean> = {
  minion: (t) => t === 'minion',
  hero: (t) => t === 'hero',
  character: (t) => t === 'minion' || t === 'hero',
  weapon: (t) => t === 'weapon',
  secret: (t) => t === 'secret',
  spell: (t) => t === 'spell' || t === 'secret',
  card: () => true,
};

const JUDGED = new Set(['is', 'type', 'player', 'race', 'not', 'and']);

/** Does the subject pass the filter (undefined: the trace cannot tell)? */
function passes(f: Filter, subject: EntityState, carrier: number, controller: number | undefined, env: InvariantEnv): Tri {
  if (Object.keys(f).some((k) => !JUDGED.has(k))) return undefined;
  const parts: Tri[] = [];
  if (f.is === 'self') parts.push(subject.id === carrier);
  if (f.is === 'other') parts.push(subject.id !== carrier);
  if (f.type) parts.push(TYPES[f.type](subject.type));
  if (f.player && f.player !== 'both') parts.push(controller === undefined ? undefined : (subject.controller === controller) === (f.player === 'friendly'));
  if (f.race) {
    const race = env.card?.(subject.card)?.race;
    parts.push(race === undefined && !env.card?.(subject.card) ? undefined : race === f.race);
  }
  if (f.not) { const n = passes(f.not, subject, carrier, controller, env); parts.push(n === undefined ? undefined : !n); }
  for (const a of f.and ?? []) parts.push(passes(a, subject, carrier, controller, env));
  if (parts.some((p) => p === false)) return false;
  return parts.some((p) => p === undefined) ? undefined : true;
}

function describeFilter(f: Filter): string {
  return JSON.stringify(f);
}

const READS: readonly RecordKind[] = ['queue'];

export function pass(trace: readonly TraceRecord[], env: InvariantEnv = {}): WalkPass {
  const out: Violation[] = [];
  if (!env.card) return { reads: NO_RECORDS, visit: () => undefined, finish: () => out };
  return {
    reads: READS,
    visit: (r, s: TraceState, at) => {
    if (r.t !== 'queue') return;
    r.entries.forEach((entry, k) => {
      const m = /^trigger:(\d+)$/.exec(entry.what);
      if (!m) return;
      const src = s.entities.get(entry.source);
      const trig: Trigger | undefined = src ? env.card!(src.card)?.triggers?.[Number(m[1])] : undefined;
      const ev = r.events[entry.event];
      const subject = ev ? s.entities.get(ev.subject) : undefined;
      if (!src || !trig || !subject) return;
      const carrier = src.attachedTo ?? src.id;
      // an enchantment's trigger acts for the enchantment's controller, which the trace may not restate: not judged on `player`
      const controller = trig.actsFor === 'caster' || src.type === 'enchantment' ? undefined : src.controller;
      const v = (rule: string, message: string) => out.push({ invariant: ID, rule, message, path: s.path(), entities: [src.id, subject.id], at });
      if (trig.when.player && trig.when.player !== 'both' && controller !== undefined && (ev!.kind === 'turn_end' || ev!.kind === 'turn_start')) {
        const mine = subject.controller === controller;
        if (mine !== (trig.when.player === 'friendly')) {
          v('10-controller', `queue ${r.id} entry ${k}: ${s.name(src.id)} (controlled by ${controller === 0 ? 'A' : 'B'}) responds to the ${ev!.kind} of player ${subject.controller === 0 ? 'A' : 'B'}, but its trigger is for ${trig.when.player === 'friendly' ? 'its controller\'s' : 'the opponent\'s'} turn: minions only know their current controller`);
        }
      }
      if (trig.when.subject) {
        const ok = passes(trig.when.subject, subject, carrier, controller, env);
        if (ok === false) {
          const rule = trig.when.subject.player && passes({ ...trig.when.subject, player: undefined }, subject, carrier, controller, env) !== false ? '10-controller' : '10';
          v(rule, `queue ${r.id} entry ${k}: ${s.name(src.id)} responds to the ${ev!.kind} of ${s.name(subject.id)}, which its trigger's subject filter ${describeFilter(trig.when.subject)} excludes on the board as it stands${carrier === subject.id ? ' (it is the trigger\'s own minion)' : ''}`);
        }
      }
    });
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['10', '10-controller'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'], uses: ['cards'],
  description: 'a trigger responds only to events its own filters accept (another / friendly / whose turn), on the board as it stands when the event is queued',
  check,
  pass,
};
