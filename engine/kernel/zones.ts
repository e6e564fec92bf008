/**
 * The zone mover: the only code that writes an entity's zone and the only code that emits the trace's `zone`
 * record. A move the trace shows passes `record` (where it came from, and its order of play or board position when
 * the move gives it one); moves the trace leaves implicit (an enchantment that goes with its host, a card burnt or
 * drawn, which have records of their own) pass none.
 */
import type { Entity, Game, Zone } from '../state.js';
import { forgetStatus } from '../status.js';

export interface ZoneRecord {
  from: string;
  order?: number;
  position?: number;
}

export function moveTo(g: Game, e: Entity, to: Zone, record?: ZoneRecord): void {
  if (e.zone !== to) forgetStatus(g, e.id);
  e.zone = to;
  if (!record) return;
  g.trace.event({
    e: 'zone', entity: e.id, from: record.from, to,
    ...(record.order !== undefined ? { order: record.order } : {}),
    ...(record.position !== undefined ? { position: record.position } : {}),
  });
}
