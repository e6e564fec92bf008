/**
 * Rule 5: negative (damaging / destroying / hindering / misdirecting) triggers ignore mortally wounded and
 * pending-destroy characters. A random choice among characters made directly inside a negative trigger (or a
 * negative Battlecry, spell text or hero power, which pick their random targets the same way) must not offer, let
 * alone pick, a character that is at 0 or less Health (as the trace last stated it) or marked for destruction.
 *
 * What the trace does not say, and where it is read from instead:
 * - The Rule 5 class of a trigger is not in the trace. It is read from a `class` field on the trigger's open record
 *   when a producer gives one; otherwise from the card definitions (env.card), by the card id of the trigger's source
 *   entity and the queue entry's `what` ("trigger:<index>" or "deathrattle"). Without either, nothing is checked.
 * - A `random` event says what it chose (`kind`: entity, int, chance); only entity choices among characters are
 *   judged. A producer that leaves `kind` out is read as choosing among entities when every option is the id of a
 *   character the trace introduced.
 */
import type { CardDef, Rule5Class } from '../../engine/cards/format.js';
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, blockName, type Block, type TraceState, type RecordKind } from './walk.js';

export const ID = 'negative-triggers';

function classOf(b: Block, s: TraceState, env: InvariantEnv | undefined): Rule5Class | undefined {
  const given = (b.rec as { class?: Rule5Class; cls?: Rule5Class }).class ?? (b.rec as { cls?: Rule5Class }).cls;
  if (given) return given;
  const card = (id: number | undefined): CardDef | undefined => {
    const e = id === undefined ? undefined : s.entities.get(id);
    return e && env?.card ? env.card(e.card) : undefined;
  };
  if (b.block === 'trigger' && b.queue !== undefined) {
    const entry = s.queues.get(b.queue)?.entries[b.entry ?? -1];
    if (!entry) return undefined;
    const c = card(entry.source);
    if (!c) return undefined;
    if (entry.what === 'deathrattle') return c.deathrattle?.class ?? 'neutral';
    const m = /^trigger:(\d+)$/.exec(entry.what);
    return m ? c.triggers?.[Number(m[1])]?.class : undefined;
  }
  if (b.block === 'phase') {
    const c = card(b.subject);
    if (!c) return undefined;
    if (b.kind === 'BATTLECRY') return c.battlecry?.class ?? 'neutral';
    if (b.kind === 'SPELL_TEXT' || b.kind === 'HERO_POWER') return c.spell?.class ?? 'neutral';
  }
  return undefined;
}

const READS: readonly RecordKind[] = ['random'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  return {
    reads: READS,
    visit: (r, s, at) => {
    if (r.t !== 'event' || r.e !== 'random') return;
    const kind = (r as { kind?: string }).kind;
    if (kind !== undefined && kind !== 'entity') return;
    if (r.options.length === 0 || !r.options.every((o) => s.isCharacter(o))) return;
    const b = s.top();
    if (!b || !(b.block === 'trigger' || (b.block === 'phase' && ['BATTLECRY', 'SPELL_TEXT', 'HERO_POWER'].includes(b.kind)))) return;
    if (classOf(b, s, env) !== 'negative') return;
    const bad = r.options.filter((o) => s.mortallyWounded(o));
    if (!bad.length) return;
    const state = (id: number) => (s.entities.get(id)!.destroyMarked ? 'marked for destruction' : `at ${s.entities.get(id)!.health} Health`);
    const src = b.block === 'trigger' ? s.name(s.queues.get(b.queue ?? -1)?.entries[b.entry ?? -1]?.source ?? b.subject) : s.name(b.subject);
    const picked = bad.includes(r.pick);
    out.push({
      invariant: ID, rule: '5', at, path: s.path(), entities: bad,
      message: picked
        ? `the negative ${b.block === 'trigger' ? 'trigger' : b.kind.toLowerCase()} of ${src} (in ${blockName(b)}) picked ${s.name(r.pick)}, which is ${state(r.pick)}: negative triggers ignore mortally wounded and pending-destroy characters`
        : `the negative ${b.block === 'trigger' ? 'trigger' : b.kind.toLowerCase()} of ${src} (in ${blockName(b)}) chose at random among characters that include ${bad.map((o) => `${s.name(o)} (${state(o)})`).join(', ')}: negative triggers ignore mortally wounded and pending-destroy characters`,
    });
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['5'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'], uses: ['cards'],
  description: 'random choices of negative triggers never include mortally wounded or pending-destroy characters',
  check,
  pass,
};
