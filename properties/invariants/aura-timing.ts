/**
 * Rule 4a / 4b / 4d (and 1c): auras are evaluated only in the Steps that follow the outermost Phase.
 * - A `stats` event caused by an aura (why "aura") stands only inside an AURA_UPDATE_* step.
 * - Those steps and the DEATH_CREATION step never run inside a Phase or a trigger (not in the middle of a Phase).
 * - After every outermost Phase ends come exactly: AURA_UPDATE_HEALTH_ATTACK, DEATH_CREATION, AURA_UPDATE_OTHER, in
 *   that order (4a); in particular no Health/Attack update between the Death Creation Step and the next Phase, so
 *   Health from lost auras is not recalculated after deaths (4b).
 * - The board as set up may be settled once before the first Sequence by an AURA_UPDATE_HEALTH_ATTACK then an
 *   AURA_UPDATE_OTHER at the top level.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type TraceState, type RecordKind } from './walk.js';

export const ID = 'aura-timing';

const HA = 'AURA_UPDATE_HEALTH_ATTACK', DC = 'DEATH_CREATION', OTHER = 'AURA_UPDATE_OTHER';
const AFTER_PHASE = [HA, DC, OTHER];
const SETTLE = [HA, OTHER];

const READS: readonly RecordKind[] = ['open', 'close', 'queue', 'event'];

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  /** Steps still owed after the last outermost Phase, and the level (parent block) they must appear at. */
  let expect: string[] = [];
  let expectParent = -1;
  let afterWhat = '';
  let settle = [...SETTLE];
  let seenSequence = false;
  const outermostOpen = new Set<number>();
  const v = (s: TraceState, at: number, rule: string, message: string, entities: number[] = []) => out.push({ invariant: ID, rule, message, path: s.path(), entities, at });
  const owe = (s: TraceState, at: number) => {
    if (expect.length) v(s, at, '4a', `after ${afterWhat} the ${expect.join(', ')} step${expect.length > 1 ? 's are' : ' is'} missing (an outermost Phase ends with ${AFTER_PHASE.join(' → ')})`);
    expect = [];
  };
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t === 'event' && r.e === 'stats' && r.why === 'aura') {
      const top = s.top();
      if (!top || top.block !== 'step' || (top.kind !== HA && top.kind !== OTHER)) {
        v(s, at, '4a', `${s.name(r.entity)} changed to ${r.attack}/${r.health} by an aura${top ? ` in ${blockName(top)}` : ' at the top level'}, outside an Aura Update step`, [r.entity]);
      }
    }
    if (r.t === 'open') {
      if (r.block === 'sequence') seenSequence = true;
      const parent = s.top()?.id ?? 0;
      if (r.block === 'step' && (r.kind === HA || r.kind === DC || r.kind === OTHER)) {
        const inside = s.outermost('phase', 'trigger');
        if (inside) v(s, at, r.kind === DC ? '3' : '4a', `${blockName({ block: 'step', kind: r.kind, id: r.id })} ran inside ${blockName(inside)}, in the middle of a Phase`);
        if (expect.length && parent === expectParent) {
          if (expect[0] === r.kind) { expect.shift(); return; }
          const rule = r.kind === HA && expect[0] === OTHER ? '4b' : '4a';
          v(s, at, rule, rule === '4b'
            ? `${blockName({ block: 'step', kind: r.kind, id: r.id })} ran after the Death Creation Step that followed ${afterWhat}: Health from lost auras must not be recalculated after deaths`
            : `after ${afterWhat} came ${r.kind}#${r.id} where ${expect[0]} was due (the order is ${AFTER_PHASE.join(' → ')})`);
          return;
        }
        if (!seenSequence && parent === 0 && settle[0] === r.kind) { settle.shift(); return; }
        if (!inside) v(s, at, '4a', `${blockName({ block: 'step', kind: r.kind, id: r.id })} ran although no outermost Phase had just ended`);
        return;
      }
      if (expect.length) owe(s, at);
      if (r.block === 'phase' && !s.inPhase()) outermostOpen.add(r.id);
      return;
    }
    if (r.t === 'close') {
      if (expect.length && s.top()?.id === r.id) {
        // the level where the steps were due is closing: they never came
        if (s.top()?.id === expectParent) owe(s, at);
      }
      if (outermostOpen.has(r.id)) {
        outermostOpen.delete(r.id);
        if (expect.length) owe(s, at);
        const b = s.blocks.get(r.id)!;
        expect = [...AFTER_PHASE];
        expectParent = b.parent;
        afterWhat = `the outermost phase ${b.kind}#${b.id}`;
      }
      return;
    }
    if ((r.t === 'event' || r.t === 'queue') && expect.length && (s.top()?.id ?? 0) === expectParent) owe(s, at);
    },
    finish: (s) => {
      if (expect.length && s.loopGuard === trace.length) {
        out.push({ invariant: ID, rule: '4a', message: `after ${afterWhat} the trace ends before ${expect.join(', ')}`, path: '', entities: [], at: trace.length });
      }
      return out;
    },
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['4a', '4b', '4d', '1c'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'aura stat changes only in Aura Update steps; after each outermost Phase: Aura Update (Health/Attack) → Death Creation → Aura Update (Other), never inside a Phase',
  check,
  pass,
};
