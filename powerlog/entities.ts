/**
 * Entity and tag tracking for one game: the entity table (created by entity lines, or made up from a bracket when the
 * log never created the id), the tags the parser follows, and the trace records they cause: `entity` records, and the
 * zone (order of play, force plays, full-hand returns), death, damage, control and game_check events.
 */
import { cardTypeName, parseRef, tagName, zoneName, type Ref } from './grammar.js';
import type { EntState, OpenBlock, PendingDef } from './game-state.js';
import { ctl, type GameOutput, type PowerRecord } from './parsed-game.js';
import { Players } from './players.js';

const PRE_GAME_STEPS = new Set(['INVALID', 'BEGIN_FIRST', 'BEGIN_SHUFFLE', 'BEGIN_DRAW', 'BEGIN_MULLIGAN', '0', '1', '2', '3', '4']);

export class EntityTracker {
  readonly entities = new Map<number, EntState>();
  readonly players: Players;
  gameEntity = 1;
  midGame = false;
  complete = false;
  /** The log (or excerpt) starts inside a game: no CREATE_GAME, entities come from their brackets. */
  implicit = false;
  private orderCounter = 0;
  /** True until the first line after CREATE_GAME's entity dump (used to spot preexisting entities). */
  private initialDump = true;
  /** Applying the tags of a FULL_ENTITY that recreates a known id. */
  private recreating = false;
  private pendingConcede = new Map<number | string, string>();

  constructor(
    private readonly out: GameOutput,
    /** The game's open blocks (blocks.ts), innermost last. */
    private readonly stack: readonly OpenBlock[],
  ) {
    this.players = new Players(this.entities, stack, out);
  }

  // ---------- entity references ----------

  parseRef(s: string): Ref {
    return parseRef(s, this.gameEntity);
  }

  /** Entity id for a reference; creates a stand-in entity for an unknown id. undefined for an unresolved name. */
  resolve(ref: Ref, line: number, tag?: string, value?: string): number | undefined {
    if (ref.id !== undefined) {
      if (ref.id > 0 && !this.entities.has(ref.id)) this.standIn(ref, line);
      const e = this.entities.get(ref.id);
      // Brackets carry the card's (localised) name, which FULL_ENTITY lines do not: keep it for messages.
      if (e && ref.entityName && !ref.entityName.startsWith('UNKNOWN ENTITY') && e.type !== 'player' && e.type !== 'game') e.name = ref.entityName;

      return ref.id;
    }
    if (ref.name !== undefined) return this.players.resolveName(ref.name, line, tag, value);
    return undefined;
  }

  /**
   * An entity the log never created (a log or excerpt that starts inside a game, a lost FULL_ENTITY): made up from its
   * bracket. Its type is the bracket's `type=` when there is one, else a minion when it stands on the board
   * (zone=PLAY with zonePos >= 1; heroes, weapons and hero powers have zonePos 0). In play, its order is unknown.
   */
  private standIn(ref: Ref, line: number): void {
    const id = ref.id!;
    this.out.counters.unknownEntities++;
    const zone = ref.zone ? zoneName(ref.zone) : 'invalid';
    let type = ref.type && ref.type !== 'INVALID' ? cardTypeName(ref.type) : 'invalid';
    if (type === 'invalid' && zone === 'play' && (ref.zonePos ?? 0) >= 1) type = 'minion';
    else if (type === 'invalid' && zone === 'play' && /^HERO_\d/.test(ref.card ?? '')) type = 'hero';
    const e: EntState = {
      id, card: ref.card ?? '', name: ref.entityName && !ref.entityName.startsWith('UNKNOWN ENTITY') ? ref.entityName : '', type, zone,
      controller: ref.player ?? 0, damage: 0, health: 0, lastAffectedBy: 0, tags: new Map(),
    };
    if (zone === 'play') { e.preexisting = true; this.out.counters.preexisting++; }
    this.entities.set(id, e);
    this.out.counters.entities++;
    if (!this.implicit) this.out.warn(`line ${line}: entity #${id} is used before it was created; it is taken from its bracket (${zone}${type !== 'invalid' ? `, ${type}` : ''})`);
    this.emitEntity(e, line, { standIn: true });
  }

  startImplicit(line: number): void {
    this.implicit = true;
    this.midGame = true;
    this.endDump();
    const g = this.newEntity(this.gameEntity, '', 'GameEntity', 'game');
    g.zone = 'play';
    this.emitEntity(g, line);
    this.out.warn(`line ${line}: the log starts inside a game (no CREATE_GAME before it): entities are taken from their brackets, their order of play is unknown`);
  }

  // ---------- entity lines ----------

  private newEntity(id: number, card: string, name: string, type: string): EntState {
    const e: EntState = { id, card, name, type, zone: 'invalid', controller: 0, damage: 0, health: 0, lastAffectedBy: 0, tags: new Map() };
    this.entities.set(id, e);
    this.out.counters.entities++;
    return e;
  }

  private emitEntity(e: EntState, line: number, extra: Record<string, unknown> = {}): void {
    this.out.emit({
      t: 'entity', id: e.id, card: e.card, name: e.name, type: e.type, controller: ctl(e.controller), zone: e.zone,
      ...(e.order !== undefined ? { order: e.order } : {}),
      ...(e.preexisting ? { preexisting: true } : {}),
      ...(e.forcePlay && e.zone === 'play' ? { forcePlay: true } : {}),
      ...(e.orderUnknown && e.zone === 'play' ? { orderUnknown: true } : {}),
      line, ...extra,
    } as PowerRecord);
  }

  private inDump(): boolean {
    return this.initialDump;
  }

  /** CREATE_GAME's entity dump is over (any line other than an entity definition ends it). */
  endDump(): void {
    this.initialDump = false;
  }

  /** Applies an entity line and its `tag=` lines: creates the entity, or changes a known one. */
  define(p: PendingDef): void {
    if (p.kind === 'game' || p.kind === 'player') {
      const e = this.newEntity(p.id, '', p.kind === 'game' ? 'GameEntity' : `Player ${p.playerId}`, p.kind);
      e.zone = 'play';
      for (const [t, v] of p.tags) this.setTag(e, t, v, p.line, true);
      if (p.kind === 'player') {
        e.controller = p.playerId ?? e.controller;
        const known = this.players.playerNames.get(p.playerId ?? -1);
        if (known !== undefined) { this.players.names.set(known, e.id); e.name = known; }
      }
      if (p.kind === 'game') {
        this.gameEntity = p.id;
        const step = e.tags.get('STEP');
        const turn = Number(e.tags.get('TURN') ?? '0');
        this.midGame = (step !== undefined && !PRE_GAME_STEPS.has(step)) || turn > 1;
      }
      this.emitEntity(e, p.line);
      return;
    }
    if (p.kind === 'full' && !p.existing) {
      const e = this.newEntity(p.id, p.card, p.name, 'invalid');
      if (p.bracketPlayer) e.controller = p.bracketPlayer;
      for (const [t, v] of p.tags) this.setTag(e, t, v, p.line, true);
      this.emitEntity(e, p.line);
      return;
    }
    // SHOW_ENTITY, CHANGE_ENTITY, FULL_ENTITY of a known id: apply tags as changes.
    const e = this.entities.get(p.id);
    if (!e) return;
    const before = `${e.card}|${e.type}`;
    if (p.card) e.card = p.card;
    if (p.name) e.name = p.name;
    // CARDTYPE first so a revealed card's zone change is judged with its real type.
    const ordered = [...p.tags.filter(([t]) => tagName(t) === 'CARDTYPE'), ...p.tags.filter(([t]) => tagName(t) !== 'CARDTYPE')];
    // FULL_ENTITY of a known id after the game began recreates the entity: its entry has no known order.
    this.recreating = p.kind === 'full' && !this.inDump();
    try {
      for (const [t, v] of ordered) this.setTag(e, t, v, p.line, false);
    } finally {
      this.recreating = false;
    }
    if (p.kind === 'full' && e.zone === 'play' && !this.inDump()) {
      // FULL_ENTITY of a known id after the game began: the entity is recreated (puzzle GAME_RESET and the puzzle
      // board set-up that follows reuse ids for new cards). What it leaves in play has an order of play the log does
      // not tell.
      if (!e.orderUnknown) this.out.counters.resetInPlay++; // (not already counted on entering play just now)
      e.order = undefined;
      e.orderUnknown = true;
      e.forcePlay = undefined;
      this.emitEntity(e, p.line, { update: true, via: 'recreated' });
      return;
    }
    if (`${e.card}|${e.type}` !== before) this.emitEntity(e, p.line, { update: true, via: p.kind });
  }

  // ---------- tag handling ----------

  setTag(e: EntState, tagRaw: string, value: string, line: number, creating: boolean): void {
    const tag = tagName(tagRaw);
    e.tags.set(tag, value);
    switch (tag) {
      case 'ZONE': {
        const to = zoneName(value);
        const from = e.zone;
        e.zone = to;
        if (creating) {
          if (to === 'play') this.enterPlay(e, line, false);
          return;
        }
        if (from === to) return;
        if (to === 'play') { this.enterPlay(e, line, true, from); return; }
        const dies = from === 'play' && to === 'graveyard' && (e.type === 'minion' || e.type === 'hero');
        const reset = this.inBlock('GAME_RESET');
        // A minion returned to its owner's full hand is destroyed instead: PLAY -> GRAVEYARD, but not a Death. Only an
        // effect returns a minion (its POWER or TRIGGER block: Sap, Freezing Trap), and the minion it returns is not
        // mortally wounded nor marked for destruction: anything else leaving play so is a Death, judged as one.
        const fullHand = dies && e.type === 'minion' && !reset && !this.inBlock('DEATHS') && this.handFull(e.controller)
          && this.inEffect() && !(e.tags.has('HEALTH') && e.damage >= e.health) && e.tags.get('TO_BE_DESTROYED') !== '1';
        this.out.emit({
          t: 'event', e: 'zone', entity: e.id, from, to, ...(fullHand ? { reason: 'returned to a full hand' } : reset && from === 'play' ? { reason: 'game reset' } : {}),
          ...(e.name ? { name: e.name } : {}), line,
        } as PowerRecord);
        if (from === 'play') { e.order = undefined; e.forcePlay = undefined; e.orderUnknown = undefined; }
        if (fullHand) { this.out.counters.fullHandRemovals++; return; }
        if (dies && !reset) {
          this.out.counters.deaths++;
          if (e.type === 'minion') this.out.counters.minionDeaths++;
          this.out.emit({ t: 'event', e: 'death', entity: e.id, line, type: e.type, card: e.card, ...(e.name ? { name: e.name } : {}) } as PowerRecord);
        }
        return;
      }
      case 'CARDTYPE':
        e.type = cardTypeName(value);
        return;
      case 'CONTROLLER': {
        const to = Number(value);
        if (!creating && e.controller !== to && e.zone === 'play' && e.controller !== 0) {
          this.out.emit({ t: 'event', e: 'control', entity: e.id, from: ctl(e.controller), to: ctl(to), line } as PowerRecord);
        }
        e.controller = to;
        return;
      }
      case 'HEALTH':
        e.health = Number(value) || 0;
        return;
      case 'LAST_AFFECTED_BY':
        e.lastAffectedBy = Number(value) || 0;
        return;
      case 'DAMAGE': {
        const d = Number(value) || 0;
        if (!creating && d > e.damage) {
          const top = this.stack[this.stack.length - 1];
          const source = e.lastAffectedBy || top?.subject || 0;
          // health: what is left (HEALTH - DAMAGE) when HEALTH is known; entities made up from brackets do not know it.
          this.out.emit({
            t: 'event', e: 'damage', source, target: e.id, amount: d - e.damage, ...(e.tags.has('HEALTH') ? { health: e.health - d } : { healthUnknown: true }), line,
          } as PowerRecord);
        }
        e.damage = d;
        return;
      }
      case 'PLAYSTATE':
        if (!creating) this.playstate(e, value, line);
        e.playstate = value;
        return;
      case 'STATE':
        if (e.id === this.gameEntity && value === 'COMPLETE') this.complete = true;
        return;
      default:
        return;
    }
  }

  private enterPlay(e: EntState, line: number, event: boolean, from?: string): void {
    e.forcePlay = undefined;
    e.orderUnknown = undefined;
    if (this.inDump() && this.midGame) {
      e.preexisting = true;
      e.order = undefined;
      this.out.counters.preexisting++;
    } else if (this.recreating || this.inBlock('GAME_RESET')) {
      e.order = undefined;
      e.orderUnknown = true;
      this.out.counters.resetInPlay++;
    } else {
      e.order = ++this.orderCounter;
      e.preexisting = undefined;
      // From hand or deck without being the card of an open PLAY block: put into play by an effect.
      if ((from === 'hand' || from === 'deck') && e.type === 'minion' && !this.stack.some((b) => b.logType === 'PLAY' && b.subject === e.id)) {
        e.forcePlay = true;
        this.out.counters.forcePlays++;
      }
    }
    if (event) {
      this.out.emit({
        t: 'event', e: 'zone', entity: e.id, from: from ?? 'invalid', to: 'play', ...(e.order !== undefined ? { order: e.order } : {}),
        ...(e.forcePlay ? { forcePlay: true } : {}), ...(e.orderUnknown ? { orderUnknown: true } : {}), line,
      } as PowerRecord);
    }
  }

  /** The innermost block is an effect's (POWER or TRIGGER), not an attack, a play or a Death Phase. */
  private inEffect(): boolean {
    const top = this.stack[this.stack.length - 1]?.logType;
    return top === 'POWER' || top === 'TRIGGER';
  }

  private inBlock(logType: string): boolean {
    return this.stack.some((b) => b.logType === logType);
  }

  /** The player's hand holds MAXHANDSIZE (default 10) cards. */
  private handFull(controller: number): boolean {
    let n = 0;
    for (const x of this.entities.values()) if (x.zone === 'hand' && x.controller === controller) n++;
    const pe = this.players.playerEntities.get(controller);
    const max = Number((pe !== undefined ? this.entities.get(pe)?.tags.get('MAXHANDSIZE') : undefined) ?? 10) || 10;
    return n >= max;
  }

  // ---------- game results ----------

  private playstate(e: EntState, value: string, line: number): void {
    const pid = this.players.playerIdOf(e.id);
    const player = pid !== undefined ? ctl(pid) : undefined;
    const name = this.players.playerName(e.id);
    if (value === 'CONCEDED' || value === 'DISCONNECTED' || value === 'QUIT') {
      this.pendingConcede.set(e.id, value.toLowerCase());
      return;
    }
    if (value !== 'WON' && value !== 'LOST' && value !== 'TIED') return;
    const cause = this.pendingConcede.size > 0 ? [...this.pendingConcede.values()][0] : 'check';
    let result: 'win' | 'loss' | 'draw';
    let winner: number | undefined;
    if (value === 'WON') { result = 'win'; winner = player; } else if (value === 'LOST') { result = 'loss'; } else { result = 'draw'; }
    this.out.emit({
      t: 'event', e: 'game_check', result, ...(winner !== undefined ? { winner } : {}), rule: '9',
      player, playerName: name, playstate: value, cause, line,
    } as PowerRecord);
  }

  /** PLAYSTATE of a name no player could be tied to: still a game result for Rule 9. */
  unresolvedPlaystate(name: string, value: string, line: number): void {
    if (value === 'CONCEDED' || value === 'DISCONNECTED' || value === 'QUIT') { this.pendingConcede.set(name, value.toLowerCase()); return; }
    if (value !== 'WON' && value !== 'LOST' && value !== 'TIED') return;
    const cause = this.pendingConcede.size > 0 ? [...this.pendingConcede.values()][0] : 'check';
    this.out.emit({
      t: 'event', e: 'game_check', result: value === 'WON' ? 'win' : value === 'LOST' ? 'loss' : 'draw', rule: '9',
      playerName: name, playstate: value, cause, unresolvedPlayer: true, line,
    } as PowerRecord);
  }
}
