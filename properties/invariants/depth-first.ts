/**
 * Rule 1a / 1b: depth-first resolution. An entry's consequences resolve before the next entry starts:
 * - a trigger block of queue q never opens while another trigger block of q is still open;
 * - the Queue answering a Damage or Heal Event is built in the block where that damage or healing happened (inside
 *   the trigger that dealt it), before that block goes on; a Queue built later, outside it, means the consequences
 *   were put off until after later entries (breadth first);
 * - the Queue of a Death Event is built inside a Death Phase (DEATH or FORCED_DEATH);
 * - the Queue answering a Phase's own Event (a summon, a play, an attack, a turn's start or end...) is built inside
 *   that Phase, for that subject (Rule 2a: "When we start to resolve a Phase ... a Queue is created").
 * A Queue that answers only events raised before what they announce happens (fatal damage to a hero, assumption
 * `fatal-damage`: answered at once, in the middle of the damage of several characters) does not end the block's
 * damage: what was dealt before it is still answered by the Queue built once all of that damage is dealt.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type TraceState, type RecordKind } from './walk.js';

export const ID = 'depth-first';


/** The Phases whose own Event each queued event kind is. */
const PHASE_OF: Record<string, string[]> = {
  summoned: ['ON_SUMMON', 'ON_PLAY'], after_summon: ['AFTER_SUMMON'], played: ['ON_PLAY'], spell_cast: ['ON_PLAY'],
  after_played: ['AFTER_PLAY'], after_spell: ['AFTER_SPELL'], attack: ['PREPARATION'], turn_start: ['START_OF_TURN'],
  turn_end: ['END_OF_TURN'], hero_power: ['HERO_POWER'],
};

const READS: readonly RecordKind[] = ['damage', 'heal', 'open', 'queue', 'close'];

/** Events raised before the thing they announce is dealt, answered at once (spec/rules.json `fatal-damage`). */
const BEFORE_EVENTS = new Set(['fatal_damage']);

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  /** Damage / heal events not yet answered by a queue, per block they happened in. */
  const pending = new Map<number, { kind: string; target: number; at: number }[]>();
  /** Where the last damage / heal of each character happened, to say so when its queue comes late. */
  const lastDamaged = new Map<number, { block: number; at: number }>();
  const lastHealed = new Map<number, { block: number; at: number }>();
  const v = (s: TraceState, at: number, rule: string, message: string, entities: number[]) => out.push({ invariant: ID, rule, message, path: s.path(), entities, at });
  return {
    reads: READS,
    visit: (r, s, at) => {
    // a block that closes takes its unanswered events with it (nothing else reads them at its close)
    if (r.t === 'close') { pending.delete(r.id); return; }
    const here = s.top()?.id ?? 0;
    if (r.t === 'event' && (r.e === 'damage' || r.e === 'heal')) {
      const damaged = r.e === 'damage';
      const list = pending.get(here) ?? [];
      list.push({ kind: damaged ? 'damaged' : 'healed', target: r.target, at });
      pending.set(here, list);
      (damaged ? lastDamaged : lastHealed).set(r.target, { block: here, at });
      return;
    }
    if (r.t === 'open' && r.block === 'trigger' && r.queue !== undefined) {
      const open = s.stack.find((b) => b.block === 'trigger' && b.queue === r.queue);
      if (open) v(s, at, '1b', `entry ${r.entry} of queue ${r.queue} (${s.name(r.subject)}) started inside entry ${open.entry} (${s.name(open.subject)}), before that entry was resolved`, [r.subject, open.subject].filter((x): x is number => x !== undefined));
      return;
    }
    if (r.t !== 'queue') return;
    if (r.events.length > 0 && r.events.every((ev) => BEFORE_EVENTS.has(ev.kind))) return;
    const list = pending.get(here) ?? [];
    for (const ev of r.events) {
      if (ev.kind === 'died') {
        const ph = s.nearest('phase');
        if (!ph || (ph.kind !== 'DEATH' && ph.kind !== 'FORCED_DEATH') || s.top()?.block !== 'phase') {
          v(s, at, '1b', `queue ${r.id} answers the death of ${s.name(ev.subject)} outside a Death Phase${s.top() ? ` (in ${blockName(s.top()!)})` : ''}`, [ev.subject]);
        }
        continue;
      }
      const phases = PHASE_OF[ev.kind];
      if (phases) {
        const top = s.top();
        const subjectOk = !top || top.subject === undefined || top.kind === 'ON_PLAY' || top.subject === ev.subject || top.kind === 'START_OF_TURN' || top.kind === 'END_OF_TURN' || top.kind === 'HERO_POWER';
        if (!top || top.block !== 'phase' || !phases.includes(top.kind) || !subjectOk) {
          v(s, at, '1b', `queue ${r.id} answers the ${ev.kind} event of ${s.name(ev.subject)} outside its ${phases.join('/')} Phase${top ? ` (in ${blockName(top)})` : ''}: its consequences were put off (depth first)`, [ev.subject]);
        }
        continue;
      }
      if (ev.kind !== 'damaged' && ev.kind !== 'healed') continue;
      const k = list.findIndex((p) => p.kind === ev.kind && p.target === ev.subject);
      if (k >= 0) { list.splice(k, 1); continue; }
      const hit = (ev.kind === 'damaged' ? lastDamaged : lastHealed).get(ev.subject);
      const where = hit ? s.blocks.get(hit.block) : undefined;
      v(s, at, '1b', hit && where
        ? `${s.name(ev.subject)} was ${ev.kind} inside ${blockName(where)}${where.queue !== undefined ? ` (queue ${where.queue} entry ${where.entry})` : ''}, but queue ${r.id} answering it was built only after that block had gone on or closed: its consequences must resolve before the next entry (depth first)`
        : `queue ${r.id} answers ${s.name(ev.subject)} being ${ev.kind}, but no such ${ev.kind === 'damaged' ? 'damage' : 'healing'} happened in this block`, [ev.subject]);
    }
    // Everything that happened here before this queue has been answered (or had nothing to answer it).
    pending.set(here, []);
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['1a', '1b'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'depth first: each queue entry resolves fully before the next; the Queue answering a damage/heal is built where it happened, a Phase\'s own Queue inside that Phase',
  check,
  pass,
};
