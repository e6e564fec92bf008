/**
 * A simulator that stops at a Player Action the case does not mark illegal (it refused the action, or failed on it)
 * answers `error`: the case is a CRASH. Which action it stopped at, and what the reference engine does with that
 * action, is what its author needs to act on: "Harvest Golem costs 0 here: the reference engine plays it for 0 mana".
 */
import type { CardPool } from '../engine/state.js';
import type { Scenario } from '../engine/scenario/format.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { runScenario } from '../engine/scenario/run.js';

/**
 * The index of the case's action an error names: the message's `action` field, else the way the adapters in this
 * repository and the Python helper write it ("during action 2", "refused action actions[2]").
 */
export function erroredAction(msg: { action?: number; message: string }, actions: number): number | undefined {
  const i = msg.action ?? Number(/\bactions?\[(\d+)\]|\bduring action (\d+)\b/.exec(msg.message)?.slice(1).find((x) => x !== undefined) ?? NaN);
  return Number.isInteger(i) && i >= 0 && i < actions ? i : undefined;
}

/** What the reference engine does with an action: in words, and for a Play, the card played and the mana it paid. */
export interface ReferenceTakes { text: string; play?: { card: string; spent: number } }

/** What the reference engine does with action `i` of the scenario (undefined when it cannot say). */
export function referenceTakes(scenario: Scenario, origin: string, cards: CardPool, i: number): ReferenceTakes | undefined {
  const action = scenario.actions[i];
  if (action && 'illegal' in action && action.illegal) return undefined;
  let trace: readonly TraceRecord[];
  try { trace = runScenario(scenario, origin, { cards }).trace; } catch { return undefined; }
  const names = new Map<number, string>();
  const cardOf = new Map<number, string>();
  for (const r of trace) if (r.t === 'entity') { names.set(r.id, r.label ? `${r.name} (${r.label})` : r.name); cardOf.set(r.id, r.card); }
  const k = trace.findIndex((r) => r.t === 'event' && r.e === 'action' && r.action === i);
  if (k < 0) return undefined;
  const a = trace[k] as Extract<TraceRecord, { e: 'action' }>;
  const name = (id: number | undefined) => (id === undefined ? undefined : names.get(id) ?? `#${id}`);
  const what = a.kind === 'end_turn' ? 'ends the turn'
    : `${a.kind === 'play' ? 'plays' : a.kind === 'attack' ? 'attacks with' : 'uses the Hero Power'} ${name(a.subject) ?? ''}${a.target !== undefined ? ` ${a.kind === 'attack' ? 'into' : 'on'} ${name(a.target)}` : ''}`.replace(/ +/g, ' ').trim();
  // The records of this action, up to the next one: its mana, or its refusal.
  let end = trace.findIndex((r, j) => j > k && r.t === 'event' && r.e === 'action');
  if (end < 0) end = trace.length;
  const own = trace.slice(k + 1, end);
  if (own.some((r) => r.t === 'event' && r.e === 'refused')) return undefined;
  const mana = own.find((r) => r.t === 'event' && r.e === 'mana') as Extract<TraceRecord, { e: 'mana' }> | undefined;
  const text = `the reference engine takes actions[${i}]: it ${what}${mana ? ` for ${mana.spent} mana (${mana.left} left)` : ''}; the case does not mark it illegal, so the rules allow it`;
  const card = a.kind === 'play' && a.subject !== undefined ? cardOf.get(a.subject) : undefined;
  return card !== undefined && mana ? { text, play: { card, spent: mana.spent } } : { text };
}

/** Does the reference engine pay less for the Play it takes than the card's printed cost (a cost change it counted)? */
export function cheaperThanPrinted(takes: ReferenceTakes, cards: CardPool): boolean {
  const p = takes.play;
  const cost = p && cards.has(p.card) ? cards.get(p.card).cost : undefined;
  return p !== undefined && cost !== undefined && p.spent < cost;
}
