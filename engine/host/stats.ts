/**
 * Power and health (18.6, 20.1, 26): all increases, then all decreases, then the effects that set a value in the order
 * they were given; power is never below 0 (26.2.2). Continuous effects (31.3) are read from the cards in play each
 * time, so they never use the Stack.
 */
import type { EntityFilter } from './format.js';
import { ent, inPlay, isEntityInPlay, type HEntity, type HostGame } from './state.js';

/** One change to a stat as the trace records it, in the order it was given. */
export interface StatMod { kind: 'add' | 'set'; power?: number; health?: number; seq: number; from?: number }

export function matches(g: HostGame, f: EntityFilter, controller: number, source: number | null, e: HEntity): boolean {
  if (!isEntityInPlay(e)) return false;
  const side = f.side ?? 'any';
  if (side === 'you' && e.controller !== controller) return false;
  if (side === 'opponent' && e.controller === controller) return false;
  if (f.subtype && !(e.card.subtypes ?? []).includes(f.subtype)) return false;
  if (f.other && source !== null && e.id === source) return false;
  return true;
}

/** Every change that applies to the entity, own and continuous, ordered by when it was given. */
export function modsOf(g: HostGame, e: HEntity, sources: readonly HEntity[] = continuousSources(g)): StatMod[] {
  const out: StatMod[] = e.mods.map((m) => ({ ...m }));
  continuousOn(g, e, sources, (kind, m, s) => { out.push({ kind, ...m, seq: s.enteredAt, from: s.id }); });
  return out.sort((a, b) => a.seq - b.seq);
}

/** Each continuous change of `sources` that applies to `e` (none when `e` is not in play), in the sources' order. */
function continuousOn(g: HostGame, e: HEntity, sources: readonly HEntity[], visit: (kind: StatMod['kind'], m: { power?: number; health?: number }, s: HEntity) => void): void {
  if (!isEntityInPlay(e)) return;
  for (const s of sources) {
    for (const a of s.card.abilities ?? []) {
      if (a.kind !== 'continuous') continue;
      const hit = a.applies === 'equipped' ? s.zone === 'marker' && s.attachedTo === e.id : matches(g, a.applies, s.controller, s.id, e);
      if (!hit) continue;
      if (a.add) visit('add', a.add, s);
      if (a.set) visit('set', a.set, s);
    }
  }
}

/** The cards in play whose continuous effects apply (31.3); a face-down card has none. */
export function continuousSources(g: HostGame): HEntity[] {
  return g.s.entities.filter((s) => inPlay(s) && !(s.zone === 'backrow' && !s.faceUp) && (s.card.abilities ?? []).some((a) => a.kind === 'continuous'));
}

/** The rule's calculation: increases, then decreases, then sets in order (18.6, 26.1.4.1, 26.2.3.1); power >= 0. */
export function computeStats(base: { power: number; health: number }, mods: readonly StatMod[], o: { clamp?: boolean } = {}): { power: number; health: number } {
  let power = base.power;
  let health = base.health;
  for (const m of mods) if (m.kind === 'add') { if ((m.power ?? 0) > 0) power += m.power!; if ((m.health ?? 0) > 0) health += m.health!; }
  for (const m of mods) if (m.kind === 'add') { if ((m.power ?? 0) < 0) power += m.power!; if ((m.health ?? 0) < 0) health += m.health!; }
  for (const m of mods) if (m.kind === 'set') { if (m.power !== undefined) power = m.power; if (m.health !== undefined) health = m.health; }
  return { power: o.clamp === false ? power : Math.max(0, power), health };
}

/** The broken calculation of the mutant host-stats-in-order: each change in the order given, power clamped each step. */
function inOrder(base: { power: number; health: number }, mods: readonly StatMod[]): { power: number; health: number } {
  let { power, health } = base;
  for (const m of mods) {
    if (m.kind === 'add') { power = Math.max(0, power + (m.power ?? 0)); health += m.health ?? 0; }
    else { if (m.power !== undefined) power = m.power; if (m.health !== undefined) health = m.health; }
  }
  return { power, health };
}

export function stats(g: HostGame, e: HEntity, sources?: readonly HEntity[]): { power: number; health: number } {
  const base = { power: e.card.type === 'host' ? e.card.soul ?? 0 : e.card.power ?? 0, health: e.card.health ?? 0 };
  if (g.mutants.has('host-stats-in-order')) return inOrder(base, modsOf(g, e, sources));
  return folded(g, e, base, sources ?? continuousSources(g), !g.mutants.has('host-negative-power'));
}

/**
 * computeStats over modsOf's changes without building them: the increases and decreases add up in any order (the
 * floor of 0 is applied once, at the end), and of the sets the last given wins: the greatest `seq`, and of equal ones
 * the last met, own changes before continuous ones, as modsOf's stable sort orders them. The game's hot path: every
 * Game Action check reads the stats of every entity in play.
 */
function folded(g: HostGame, e: HEntity, base: { power: number; health: number }, sources: readonly HEntity[], clamp: boolean): { power: number; health: number } {
  let power = base.power;
  let health = base.health;
  let setPower: number | undefined;
  let setHealth: number | undefined;
  let powerSeq = -Infinity;
  let healthSeq = -Infinity;
  const take = (kind: StatMod['kind'], p: number | undefined, h: number | undefined, seq: number) => {
    if (kind === 'add') { power += p ?? 0; health += h ?? 0; return; }
    if (p !== undefined && seq >= powerSeq) { setPower = p; powerSeq = seq; }
    if (h !== undefined && seq >= healthSeq) { setHealth = h; healthSeq = seq; }
  };
  for (const m of e.mods) take(m.kind, m.power, m.health, m.seq);
  continuousOn(g, e, sources, (kind, m, s) => take(kind, m.power, m.health, s.enteredAt));
  if (setPower !== undefined) power = setPower;
  if (setHealth !== undefined) health = setHealth;
  return { power: clamp ? Math.max(0, power) : power, health };
}

export const power = (g: HostGame, e: HEntity) => stats(g, e).power;
export const health = (g: HostGame, e: HEntity) => stats(g, e).health;

/** A Host's health and soul (20.1): the same calculation; the trace's `power` field holds the soul. */
export function hostHealth(g: HostGame, player: number): number {
  return health(g, ent(g, g.s.players[player]!.host));
}
export function hostSoul(g: HostGame, player: number): number {
  return power(g, ent(g, g.s.players[player]!.host));
}

const lastStats = new WeakMap<HEntity, string>();

/** Record the stats of every entity in play (and both Hosts) that changed since they were last recorded. */
export function recordStats(g: HostGame, why: string): void {
  if (!g.trace.keep) return; // a look-ahead copy: its trace is not kept
  const sources = continuousSources(g);
  for (const e of g.s.entities) {
    if (!isEntityInPlay(e) && e.card.type !== 'host') continue;
    const st = stats(g, e, sources);
    const key = `${st.power}/${st.health}/${e.damage}/${e.version}/${e.mods.length}`;
    if (lastStats.get(e) === key) continue;
    lastStats.set(e, key);
    const mods = modsOf(g, e, sources).map((m) => ({ kind: m.kind, ...(m.power !== undefined ? { power: m.power } : {}), ...(m.health !== undefined ? { health: m.health } : {}), ...(m.from !== undefined ? { from: m.from } : {}) }));
    const base = { power: e.card.type === 'host' ? e.card.soul ?? 0 : e.card.power ?? 0, health: e.card.health ?? 0 };
    g.trace.event({ e: 'host_stats', entity: e.id, power: st.power, health: st.health, damage: e.damage, base, mods, why });
  }
}
