/**
 * The zone mover: the only code that writes an entity's zone and the only code that emits the trace's `zone`
 * record. A move the trace shows passes `record` (where it came from, and its order of play or board position when
 * the move gives it one); moves the trace leaves implicit (an enchantment that goes with its host, a card burnt or
 * drawn, which have records of their own) pass none.
 */
import type { Entity, Game, Zone } from '../state.js';
import { forgetStatus } from '../status.js';
import type { GameEvent } from '../trace/format.js';

export interface ZoneRecord {
  from: string;
  order?: number;
  position?: number;
}

export function moveTo(g: Game, e: Entity, to: Zone, record?: ZoneRecord): void {
  if (e.zone !== to) forgetStatus(g, e.id);
  e.zone = to;
  if (!record) return;
  // Optional fields set one by one, in the record's order (no object spread per move).
  const rec: GameEvent & { e: 'zone' } = { e: 'zone', entity: e.id, from: record.from, to };
  if (record.order !== undefined) rec.order = record.order;
  if (record.position !== undefined) rec.position = record.position;
  g.trace.event(rec);
}

/**
 * A card leaves its player's hand or Secrets straight for the graveyard (destroyed, discarded, a Secret revealed):
 * out of that list, onto the graveyard, with its zone record.
 */
export function discardTo(g: Game, e: Entity, from: 'hand' | 'secrets'): void {
  const p = g.players[e.controller];
  p[from] = p[from].filter((x) => x !== e.id);
  p.graveyard.push(e.id);
  moveTo(g, e, 'graveyard', { from: from === 'secrets' ? 'secret' : 'hand' });
}
