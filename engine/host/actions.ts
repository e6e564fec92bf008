/**
 * Zone moves, events that trigger effects, and Game Actions (35): destroying an entity whose damage reaches its health
 * (18.2), sending an entity with 0 or less health to the drop zone (18.3, 26.1.2, 26.1.3), markers whose card left
 * (24.3), and losing the game (1.1, 35.3.4). Game actions are performed at once, even while an effect resolves (35.2,
 * 35.4); a victory condition ends the game at once (1.1).
 */
import type { PoolKey, TriggerEvent } from './format.js';
import { GameOver, SIDES, closeBlock, ent, openBlock, inPlay, isEntityInPlay, other, type HEntity, type HostGame, type PlayerIndex } from './state.js';
import { continuousSources, health, hostHealth, recordStats, stats } from './stats.js';
import { moveTo } from './zones.js';

export { moveTo };

/** Record an event that effects may trigger on, and open its Ambush window (17.2). */
export function emit(g: HostGame, event: TriggerEvent, subject?: number, subjectPlayer?: PlayerIndex, item?: number): void {
  const sp = subjectPlayer ?? (subject !== undefined ? ent(g, subject).controller : undefined);
  g.s.windows.push({ event, ...(subject !== undefined ? { subject } : {}), ...(sp !== undefined ? { subjectPlayer: sp } : {}), ...(item !== undefined ? { item } : {}), open: [0, 1] });
  const candidates = g.s.entities.filter((s) => (inPlay(s) && !(s.zone === 'backrow' && !s.faceUp)) || (s.id === subject && event === 'destroyed'));
  for (const s of candidates) {
    (s.card.abilities ?? []).forEach((a, i) => {
      if (a.kind !== 'trigger' || a.when.on !== event) return;
      if (a.when.phase !== undefined && a.when.phase !== g.s.phase) return;
      const w = a.when.whose;
      const ok = w === 'any' || (w === 'self' ? subject === s.id : w === 'you' ? sp === s.controller : sp !== undefined && sp !== s.controller);
      if (!ok) return;
      const t = { source: s.id, controller: s.controller, ability: i, what: `ability ${i}`, effect: a.effect, event, ...(subject !== undefined ? { subject } : {}), ...(sp !== undefined ? { subjectPlayer: sp } : {}), ...(item !== undefined ? { subjectItem: item } : {}) };
      if (g.s.resolving > 0) g.trace.event({ e: 'trigger_wait', source: s.id, event, rule: 'host/34.4' });
      g.s.pending.push(t);
    });
  }
}

/** Victory conditions (1.1): checked at once after every change; the game ends without finishing anything. */
export function checkVictory(g: HostGame, lost: PlayerIndex[] = []): void {
  // Inside parts that happen at once (an 'and' clause, combat damage) no game action comes between them (40.4.1): a
  // loss waits for the end of them all, when both players may have lost (a draw).
  const at = g.s as { simultaneous?: number; pendingLoss?: PlayerIndex[] };
  if (at.simultaneous) { at.pendingLoss = [...(at.pendingLoss ?? []), ...lost]; return; }
  const losers = new Set<PlayerIndex>(lost);
  for (const p of [0, 1] as PlayerIndex[]) {
    const pl = g.s.players[p];
    if (pl.damage.length >= hostHealth(g, p)) losers.add(p);
    if (pl.deck.length === 0) losers.add(p);
  }
  if (losers.size === 0) return;
  if (g.mutants.has('host-finish-before-loss') && g.s.resolving > 0) { (g.s as { deferredLoss?: number[] }).deferredLoss = [...losers]; return; }
  endGame(g, [...losers]);
}

export function endGame(g: HostGame, losers: PlayerIndex[], rule = 'host/1.1'): never {
  for (const p of losers) g.trace.event({ e: 'game_action', action: 'lose', player: p, rule: 'host/35.3.4' });
  const winner = losers.length === 2 ? null : other(losers[0]!);
  g.s.result = winner === null ? 'draw' : SIDES[winner];
  g.trace.event({ e: 'game_check', result: winner === null ? 'draw' : 'win', ...(winner !== null ? { winner } : {}), rule });
  throw new GameOver();
}

/**
 * Perform `run` as parts that happen at once, in a SIMULTANEOUS block (40.4.1, 25.4.2.3): no loss is decided until
 * they have all been done and the block has closed; then the victory conditions are checked with every loss they
 * caused.
 */
export function atOnce(g: HostGame, subject: number, rule: string, run: () => void): void {
  const at = g.s as { simultaneous?: number; pendingLoss?: PlayerIndex[] };
  const b = openBlock(g, 'SIMULTANEOUS', { subject, rule });
  at.simultaneous = (at.simultaneous ?? 0) + 1;
  try { run(); } finally { at.simultaneous--; }
  closeBlock(g, b);
  if (at.simultaneous) return;
  const lost = at.pendingLoss;
  delete at.pendingLoss;
  if (lost) checkVictory(g, lost);
}

/** The Game Actions that hold now, performed at once until none holds (35.4). */
export function gameActions(g: HostGame): void {
  if (g.mutants.has('host-game-actions-wait') && g.s.resolving > 0) return;
  recordStats(g, 'check');
  for (let guard = 0; guard < 1000; guard++) {
    const front = g.s.entities.filter(isEntityInPlay);
    // Every entity in such a state now is dealt with at once (35.4: "If any of these states occur, the Game Action
    // must be immediately performed"; 26.1.1.1): all are read before any leaves, so one leaving (the source of a
    // -health effect) does not save another. 26.1.3: an entity at 0 health that is also damaged enough goes to the
    // drop zone, not destroyed.
    const sources = continuousSources(g);
    const zero: HEntity[] = [];
    const dead: HEntity[] = [];
    for (const e of front) {
      const h = stats(g, e, sources).health;
      if (h <= 0) zero.push(e);
      else if (e.damage >= h) dead.push(e);
    }
    if (zero.length || dead.length) {
      for (const z of zero) {
        moveTo(g, z, 'drop');
        g.trace.event({ e: 'game_action', action: 'drop', entity: z.id, rule: 'host/26.1.2' });
      }
      for (const d of dead) destroy(g, d, null);
      continue;
    }
    const marker = g.s.entities.find((m) => m.zone === 'marker' && (m.attachedTo === undefined || !inPlay(ent(g, m.attachedTo))));
    if (marker) {
      moveTo(g, marker, 'drop');
      g.trace.event({ e: 'game_action', action: 'marker_drop', entity: marker.id, rule: 'host/35.3.3' });
      continue;
    }
    break;
  }
  recordStats(g, 'game actions');
  checkVictory(g);
}

/** Destroy by damage (source: the last to deal damage, 38) or by an effect (`by`). */
export function destroy(g: HostGame, e: HEntity, by: number | null): void {
  const ld = e.lastDamage;
  const cause = by !== null ? 'effect' : ld ? (ld.combat ? 'combat' : 'effect') : 'none';
  const source = by ?? ld?.source;
  moveTo(g, e, 'drop');
  g.trace.event({ e: 'game_action', action: 'destroy', entity: e.id, ...(source !== undefined ? { source } : {}), cause, rule: by !== null ? 'host/35.3.1' : 'host/18.2' });
  emit(g, 'destroyed', e.id, e.owner);
}

/** Damage counters on an entity (18.4): health stays; the last source is remembered (38.2, 38.3). */
export function damageEntity(g: HostGame, e: HEntity, amount: number, source: number, combat: boolean): void {
  if (amount <= 0 || !isEntityInPlay(e)) return;
  e.damage += amount;
  e.lastDamage = { source, combat };
  g.trace.event({ e: 'damage', source, target: e.id, amount, counters: e.damage, health: health(g, e), combat, rule: combat ? 'host/25.4' : 'host/18.2' });
}

/** Damage to a Host (2.1): one card a point, from the hand into the damage zone; with no card in hand, a loss (1.1.3). */
export function damageHost(g: HostGame, player: PlayerIndex, amount: number, source: number, combat: boolean): void {
  const p = g.s.players[player];
  for (let i = 0; i < amount; i++) {
    if (p.hand.length === 0) {
      g.trace.event({ e: 'damage', source, target: p.host, amount: 1, counters: p.damage.length, combat, rule: 'host/1.1.3' });
      checkVictory(g, [player]);
      return;
    }
    // Assumption (host-damage-card): the seed does not say which card of the hand is taken; a seeded random pick.
    const { pick } = g.random.pickEntity(p.hand, 'host damage card');
    g.trace.event({ e: 'random', kind: 'entity', what: 'host damage card', options: [...p.hand], pick });
    const card = ent(g, pick);
    moveTo(g, card, 'damage', undefined, false);
    g.trace.event({ e: 'damage', source, target: p.host, amount: 1, counters: p.damage.length, combat, rule: 'host/2.1' });
    checkVictory(g);
  }
}

/** Healing a Host (2.2, 2.3): from the top of the damage zone; assumption: the card returns to the hand. */
export function healHost(g: HostGame, player: PlayerIndex, amount: number, source: number): void {
  const p = g.s.players[player];
  for (let i = 0; i < amount && p.damage.length > 0; i++) {
    const top = ent(g, p.damage[p.damage.length - 1]!);
    moveTo(g, top, 'hand');
    g.trace.event({ e: 'heal', source, target: p.host, amount: 1 });
  }
}

export function draw(g: HostGame, player: PlayerIndex, n: number): void {
  const p = g.s.players[player];
  for (let i = 0; i < n; i++) {
    const top = p.deck[0];
    if (top === undefined) { checkVictory(g); return; }
    const e = ent(g, top);
    moveTo(g, e, 'hand');
    g.trace.event({ e: 'draw', player, entity: e.id, card: e.card.id });
    checkVictory(g);
  }
}

export function gainResource(g: HostGame, player: PlayerIndex, type: PoolKey, amount: number, rule = 'host/12'): void {
  const p = g.s.players[player];
  p.resources[type] += amount;
  g.trace.event({ e: 'resource', player, type, amount, total: p.resources[type], rule });
  if (amount > 0) emit(g, 'resource_gained', undefined, player);
}
