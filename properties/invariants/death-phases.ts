/**
 * Rule 7 / 8: Death Phases. When a Death Creation Step removes entities, a Death Phase follows once the steps
 * after it are done (the Aura Update (Other); the order of steps is aura-timing's to judge), and its first record is the Queue of those Deaths, in order of play. Its own steps may
 * remove more, and then another Death Phase follows, until a Death Creation Step removes nothing. A Death Phase
 * opens only to resolve Deaths; a Forced Death Phase (Rule 3 exception) begins with the Queue of the deaths
 * recorded just before it.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type TraceState } from './walk.js';

export const ID = 'death-phases';

interface Owed { deaths: number[]; dc: number; parent: number; at: number }

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  let inDC = 0;
  let dcDeaths: number[] = [];
  let owed: Owed | null = null;
  /** Deaths recorded outside a Death Creation Step since the last other record (a Forced Death Phase's). */
  let loose: number[] = [];
  /** A Death Phase just opened: its first record must be the queue of these deaths. */
  let opened: { id: number; kind: string; deaths: number[] } | null = null;
  const names = (s: { name(id: number): string }, ids: number[]) => ids.map((d) => s.name(d)).join(', ');
  const v = (s: TraceState, at: number, rule: string, message: string, entities: number[]) => out.push({ invariant: ID, rule, message, path: s.path(), entities, at });
  /** Is a step that opened after record `at` still open? */
  const inStepAfter = (s: TraceState, at: number) => {
    for (const b of s.stack) if (b.block === 'step' && b.at > at) return true;
    return false;
  };

  return {
    visit: (r, s, at) => {
    if (opened) {
      const o = opened;
      opened = null;
      const listed = r.t === 'queue' ? r.entries.filter((e) => e.what === 'death').map((e) => e.source) : null;
      if (!listed || listed.length !== o.deaths.length || !o.deaths.every((d) => listed.includes(d))) {
        v(s, at, '7', `${o.kind} phase #${o.id} should begin with the Queue of the Deaths of ${names(s, o.deaths) || 'nothing'}${listed ? `, but its queue lists ${names(s, listed) || 'no deaths'}` : ', but it does not begin with a queue'}`, o.deaths);
      } else if (r.t === 'queue') {
        for (let i = 1; i < r.entries.length; i++) {
          const a = r.entries[i - 1]!, b = r.entries[i]!;
          if (a.order > b.order) v(s, at, '7', `queue ${r.id} lists the Death of ${s.name(a.source)} (order ${a.order}) before that of ${s.name(b.source)} (order ${b.order}): Deaths are queued in order of play`, [a.source, b.source]);
        }
      }
    }
    if (owed) {
      const o = owed;
      // Steps may stand between (the Aura Update (Other), or more: aura-timing judges the steps themselves).
      const inStep = inStepAfter(s, o.at);
      const stepEdge = (r.t === 'open' && r.block === 'step') || (r.t === 'close' && s.blocks.get(r.id)?.block === 'step');
      if (inStep || stepEdge) {
        if (r.t === 'open' && r.kind === 'DEATH_CREATION') owed = null; // a new Death Creation Step: judge that one
        else return;
      } else if (r.t === 'open' && r.block === 'phase' && r.kind === 'DEATH' && (s.top()?.id ?? 0) === o.parent) {
        opened = { id: r.id, kind: 'DEATH', deaths: o.deaths };
        owed = null;
        return;
      } else {
        const next = r.t === 'open' ? `${blockName({ block: r.block, kind: r.kind, id: r.id })} opened` : r.t === 'close' ? `${blockName(s.blocks.get(r.id) ?? { block: 'phase', kind: '?', id: r.id })} closed` : r.t === 'event' ? `a ${r.e} event came` : `queue ${(r as { id: number }).id} was built`;
        v(s, at, '8', `${names(s, o.deaths)} died in DEATH_CREATION#${o.dc}, but no Death Phase followed to resolve ${o.deaths.length > 1 ? 'their Deaths' : 'its Death'} (${next} instead)`, o.deaths);
        owed = null;
      }
    }
    if (r.t === 'event' && r.e === 'death') {
      if (inDC) dcDeaths.push(r.entity); else loose.push(r.entity);
      return;
    }
    if (r.t === 'open') {
      if (r.block === 'step' && r.kind === 'DEATH_CREATION') { inDC = r.id; dcDeaths = []; }
      else if (r.block === 'phase' && r.kind === 'FORCED_DEATH') opened = { id: r.id, kind: 'FORCED_DEATH', deaths: loose.filter((d) => s.isCharacter(d)) };
      else if (r.block === 'phase' && r.kind === 'DEATH') { v(s, at, '7', `DEATH phase #${r.id} opened although no Death Creation Step had just removed anything`, []); opened = { id: r.id, kind: 'DEATH', deaths: [] }; }
      loose = [];
      return;
    }
    if (r.t === 'close' && r.id === inDC) {
      inDC = 0;
      if (dcDeaths.length) owed = { deaths: dcDeaths, dc: r.id, parent: s.blocks.get(r.id)?.parent ?? 0, at };
      return;
    }
    loose = [];
    },
    finish: (s) => {
      if (owed && s.loopGuard === trace.length) {
        const o = owed as Owed;
        out.push({ invariant: ID, rule: '8', message: `${o.deaths.length} death(s) in DEATH_CREATION#${o.dc} were never resolved: the trace ends without a Death Phase`, path: '', entities: o.deaths, at: trace.length });
      }
      return out;
    },
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['7', '8'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'every Death Creation Step that removes something is followed by a Death Phase queueing exactly those Deaths in order of play, repeating until none',
  check,
  pass,
};
