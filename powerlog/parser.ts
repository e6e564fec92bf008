/**
 * Streaming parser for Hearthstone's Power.log (issue 7): maps each game of a log onto Arbiter trace records
 * (engine/trace/format.ts), one game at a time, so memory stays bounded by the largest game, not the file.
 *
 * What it reads (the `GameState.DebugPrintPower()` lines, or `PowerTaskList.DebugPrintPower()` for a game that has no
 * GameState lines; never both for one game):
 *   CREATE_GAME, GameEntity / Player, FULL_ENTITY - Creating / Updating, SHOW_ENTITY, HIDE_ENTITY, CHANGE_ENTITY,
 *   TAG_CHANGE, BLOCK_START / BLOCK_END (and the 2015 ACTION_START / ACTION_END with BlockType= or SubType=),
 *   META_DATA, and the indented `tag=... value=...` lines that follow an entity line.
 * Plus `GameState.DebugPrintGame()` (player names, build) and `DebugPrintEntityChoices()` (name -> player id).
 *
 * How a game maps onto the trace:
 *   meta     producer 'power.log', profile 'hearthstone', fidelity 'phases'.
 *   entity   one per entity when it is created; again (with `update: true`) when SHOW_ENTITY / CHANGE_ENTITY reveals or
 *            changes its card or type. Zones and types are lower case ('play', 'graveyard', 'removed' for
 *            REMOVEDFROMGAME, 'minion', 'spell' for the old ABILITY), controller is PlayerID - 1 (0 or 1) as in the
 *            engine's traces. `order` is the order of play (the n-th entity to enter PLAY in this game);
 *            `preexisting: true` marks entities already in PLAY when the log starts mid-game (spectator, reconnect).
 *   open     every log block is a 'phase': BlockType DEATHS -> kind DEATH (FORCED_DEATH, with `forcedBy`, when it opens
 *   close    inside a running Phase instead of at the top level or directly in the action's block); ATTACK -> kind
 *            PREPARATION; POWER inside PLAY -> SPELL_TEXT / BATTLECRY / HERO_POWER by the played card's type; anything
 *            else -> OTHER. `type` is the BlockType where format.ts's BlockType union has it; `logType` always holds the
 *            raw one (JOUST, RITUAL, GAME_RESET, REVEAL_CARD, INVALID, ...). A top-level block is `outermost: true` and
 *            is wrapped in a 'sequence' of kind LOG_BLOCK (a Power.log cannot tell Sequences apart). Inside an ATTACK
 *            block a synthetic 'phase' kind COMBAT (`synthetic: true`) opens at the first combat mark (see combatCheck)
 *            and closes with the ATTACK block, so "between Preparation and Combat" is visible.
 *   event    zone (every zone change; `order` when entering play), death (minion or hero PLAY -> GRAVEYARD, except a
 *            minion returned to a full hand or moved by a puzzle GAME_RESET), damage (DAMAGE tag increases), control
 *            (CONTROLLER changes in play), game_check (PLAYSTATE WON / LOST / TIED, with the cause: check, or a
 *            concession / disconnection / quit before it).
 * Every record the log caused carries the 1-based log line in `line`.
 */
import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { basename } from 'node:path';
import { TRACE_FORMAT, type BlockType, type TraceRecord } from '../engine/trace/format.js';

export type LogSource = 'GameState' | 'PowerTaskList';

/** A trace record as this parser writes it: the format's record plus extra fields (line, logType, ...). */
export type PowerRecord = TraceRecord & { line?: number; [extra: string]: unknown };

export interface GameCounters {
  /** DebugPrintPower lines of the chosen source that belong to this game. */
  lines: number;
  /** Log blocks (BLOCK_START / ACTION_START). */
  blocks: number;
  /** DEATHS blocks. */
  deathPhases: number;
  /** Minions and heroes going PLAY -> GRAVEYARD. */
  deaths: number;
  minionDeaths: number;
  tagChanges: number;
  entities: number;
  /** Entities in PLAY when the log began mid-game (order of play unknown). */
  preexisting: number;
  /** Blocks still open when the game's lines ended (log cut off, reconnect). */
  unclosedBlocks: number;
  /** BLOCK_END / ACTION_END with no open block. */
  strayBlockEnds: number;
  /** Power lines the parser did not recognise. */
  unparsed: number;
  /** References to entity ids never created (an entity record is made up from the bracket). */
  unknownEntities: number;
  /** TAG_CHANGEs on a player name the parser could not tie to a player. */
  unresolvedPlayerTags: number;
  /** Minions put into play from hand or deck by an effect (force play). */
  forcePlays: number;
  /** Minions moved PLAY -> GRAVEYARD outside a DEATHS block while their owner's hand was full: returned to a full
   * hand (destroyed instead), not a Death. */
  fullHandRemovals: number;
  /** Entities put or left in PLAY by a FULL_ENTITY of an id that already existed (puzzle GAME_RESET and set-up):
   * order of play unknown. */
  resetInPlay: number;
  /** Blocks closed by the parser because the log lost their BLOCK_END (found open when a turn began). */
  repairedBlocks: number;
  /** DEATHS blocks inside a running Phase (kind FORCED_DEATH): the rulebook's Forced Death Phases. */
  forcedDeathPhases: number;
}

export interface ParsedGame {
  file: string;
  /** 1-based, in order of the game's first line. */
  index: number;
  source: LogSource;
  startLine: number;
  endLine: number;
  build?: number;
  /** DebugPrintGame GameType (GT_RANKED, GT_MERCENARIES_PVP, ...) when the log has it. */
  gameType?: string;
  /** The log began in the middle of this game (spectator, reconnect): CREATE_GAME came with a STEP already set. */
  midGame: boolean;
  /** GameEntity STATE reached COMPLETE. */
  complete: boolean;
  players: { player: number; entity: number; name?: string }[];
  records: PowerRecord[];
  counters: GameCounters;
  warnings: string[];
}

export interface ParseSummary {
  file: string;
  bytes: number;
  lines: number;
  games: number;
  gameStateLines: number;
  powerTaskListLines: number;
  /** Set when the file is not a usable Power.log; no games were produced. */
  error?: string;
  warnings: string[];
}

export interface ParseOptions {
  /** Display name for messages (defaults to the file's base name). */
  name?: string;
  /** Force one source instead of GameState-first-then-PowerTaskList per game. */
  source?: LogSource;
  /** Cap on warnings kept per game (default 20). */
  maxWarnings?: number;
}

const LINE_RE = /^(?:[DIWE] \S+ )?(GameState|PowerTaskList)\.(DebugPrintPower|DebugPrintGame|DebugPrintEntityChoices)\(\) - ?(.*)$/;

const POWERISH_RE = /^(?:[DIWE] \S+ )?(?:GameState|PowerTaskList|PowerProcessor)\./;

const ZONE_NAMES: Record<string, string> = {
  '0': 'invalid', '1': 'play', '2': 'deck', '3': 'hand', '4': 'graveyard', '5': 'removed', '6': 'setaside', '7': 'secret',
  INVALID: 'invalid', PLAY: 'play', DECK: 'deck', HAND: 'hand', GRAVEYARD: 'graveyard', REMOVEDFROMGAME: 'removed',
  SETASIDE: 'setaside', SECRET: 'secret',
};
const CARDTYPE_NAMES: Record<string, string> = {
  '0': 'invalid', '1': 'game', '2': 'player', '3': 'hero', '4': 'minion', '5': 'spell', '6': 'enchantment', '7': 'weapon',
  '8': 'item', '9': 'token', '10': 'hero_power', '39': 'location',
  ABILITY: 'spell', SPELL: 'spell', INVALID: 'invalid',
};
/** Numeric tag ids of the tags the parser follows (old logs sometimes print numbers). */
const TAG_NAMES: Record<string, string> = {
  '17': 'PLAYSTATE', '44': 'DAMAGE', '45': 'HEALTH', '49': 'ZONE', '50': 'CONTROLLER', '202': 'CARDTYPE', '204': 'STATE',
  '18': 'LAST_AFFECTED_BY', '30': 'PLAYER_ID', '27': 'HERO_ENTITY', '23': 'CURRENT_PLAYER', '19': 'STEP', '20': 'TURN',
};
const PRE_GAME_STEPS = new Set(['INVALID', 'BEGIN_FIRST', 'BEGIN_SHUFFLE', 'BEGIN_DRAW', 'BEGIN_MULLIGAN', '0', '1', '2', '3', '4']);
const TRACE_BLOCK_TYPES = new Set<string>(['PLAY', 'POWER', 'TRIGGER', 'DEATHS', 'ATTACK', 'FATIGUE']);
const BLOCK_TYPE_NUMBERS: Record<string, string> = {
  '1': 'ATTACK', '2': 'JOUST', '3': 'POWER', '5': 'TRIGGER', '6': 'DEATHS', '7': 'PLAY', '8': 'FATIGUE', '10': 'REVEAL_CARD',
  '11': 'GAME_RESET', '12': 'MOVE_MINION', '13': 'DECK_ACTION',
};
/** Tags that, changed on the attacker or defender directly inside an ATTACK block, mean combat has begun. */
const COMBAT_TAGS = new Set(['DEFENDING', 'PREDAMAGE', 'DAMAGE', 'DIVINE_SHIELD', 'ARMOR', 'NUM_ATTACKS_THIS_TURN']);
const UNKNOWN_PLAYER = 'UNKNOWN HUMAN PLAYER';
/** Player tags set on the acting player directly inside their own top-level PLAY / ATTACK block. */
const ACTING_TAGS = new Set([
  'RESOURCES_USED', 'NUM_RESOURCES_SPENT_THIS_GAME', 'NUM_CARDS_PLAYED_THIS_TURN', 'NUM_MINIONS_PLAYED_THIS_TURN',
  'NUM_OPTIONS_PLAYED_THIS_TURN', 'LAST_CARD_PLAYED', 'COMBO_ACTIVE', 'NUM_FRIENDLY_MINIONS_THAT_ATTACKED_THIS_TURN',
]);

export function zoneName(v: string): string {
  return ZONE_NAMES[v] ?? v.toLowerCase();
}
export function cardTypeName(v: string): string {
  return CARDTYPE_NAMES[v] ?? v.toLowerCase();
}

interface EntState {
  id: number;
  card: string;
  name: string;
  type: string;
  zone: string;
  controller: number; // PlayerID as in the log (1, 2); records get controller - 1
  order?: number;
  preexisting?: boolean;
  /** Put into play from hand or deck by an effect (not played): the force-play bug (2015) made it the oldest. */
  forcePlay?: boolean;
  /** In play, but its order of play is unknown (recreated by a puzzle GAME_RESET). */
  orderUnknown?: boolean;
  damage: number;
  health: number;
  lastAffectedBy: number;
  playstate?: string;
  tags: Map<string, string>;
}

interface OpenBlock {
  /** Phase record id. */
  id: number;
  /** Wrapping LOG_BLOCK sequence id (top-level blocks only). */
  seq?: number;
  logType: string;
  line: number;
  subject: number;
  target: number;
  /** ATTACK blocks: synthetic COMBAT phase id once combat began. */
  combat?: number;
}

interface PendingDef {
  kind: 'full' | 'show' | 'change' | 'game' | 'player';
  id: number;
  card: string;
  name: string;
  line: number;
  tags: [string, string][];
  /** FULL_ENTITY - Updating / Creating of an id already known: apply as tag changes. */
  existing: boolean;
  playerId?: number;
  bracketPlayer?: number;
}

interface Ref {
  id?: number;
  name?: string;
  card?: string;
  entityName?: string;
  player?: number;
  zone?: string;
  zonePos?: number;
  /** Old brackets ([id=7 cardId= type=INVALID ...]) carry the card type. */
  type?: string;
}

/** One game being built from one source's lines. */
class GameBuilder {
  readonly records: PowerRecord[] = [];
  readonly warnings: string[] = [];
  readonly counters: GameCounters = {
    lines: 0, blocks: 0, deathPhases: 0, deaths: 0, minionDeaths: 0, tagChanges: 0, entities: 0, preexisting: 0,
    unclosedBlocks: 0, strayBlockEnds: 0, unparsed: 0, unknownEntities: 0, unresolvedPlayerTags: 0, forcePlays: 0,
    fullHandRemovals: 0, resetInPlay: 0, repairedBlocks: 0, forcedDeathPhases: 0,
  };
  readonly entities = new Map<number, EntState>();
  readonly stack: OpenBlock[] = [];
  gameEntity = 1;
  /** PlayerID -> player entity id. */
  readonly playerEntities = new Map<number, number>();
  readonly names = new Map<string, number>();
  readonly unresolvedNames = new Set<string>();
  midGame = false;
  complete = false;
  build?: number;
  gameType?: string;
  endLine: number;
  private pending: PendingDef | null = null;
  private nextBlock = 1;
  private orderCounter = 0;
  /** True until the first line after CREATE_GAME's entity dump (used to spot preexisting entities). */
  private initialDump = true;
  /** Applying the tags of a FULL_ENTITY that recreates a known id. */
  private recreating = false;
  private warningsDropped = 0;
  private pendingConcede = new Map<number | string, string>();

  constructor(
    readonly file: string,
    readonly source: LogSource,
    readonly startLine: number,
    private readonly maxWarnings: number,
  ) {
    this.endLine = startLine;
    this.emit({ t: 'meta', format: TRACE_FORMAT, producer: 'power.log', profile: 'hearthstone', fidelity: 'phases', scenario: file, source, line: startLine });
  }

  warn(msg: string): void {
    if (this.warnings.length < this.maxWarnings) this.warnings.push(msg);
    else this.warningsDropped++;
  }

  private emit(r: PowerRecord): void {
    this.records.push(r);
  }

  // ---------- entity references ----------

  parseRef(s: string): Ref {
    s = s.trim();
    if (s === '' || s === '0') return {};
    if (s.startsWith('[')) {
      // [entityName=Knife Juggler id=57 zone=PLAY zonePos=1 cardId=NEW1_019 player=1] (name may hold brackets)
      // [id=7 cardId= type=INVALID zone=HAND zonePos=1 player=1]
      const id = /(?:^\[|\s)id=(\d+)\s/.exec(s);
      const card = /\scardId=(\S*)/.exec(s);
      const player = /\splayer=(\d+)\]?\s*$/.exec(s);
      const zone = /\szone=(\S+)/.exec(s);
      const nm = /^\[(?:entityName|name)=(.*?) id=\d+ /.exec(s);
      const pos = /\szonePos=(\d+)/.exec(s);
      const type = /\stype=(\S+)/.exec(s);
      return {
        id: id ? Number(id[1]) : undefined,
        card: card ? card[1] : undefined,
        player: player ? Number(player[1]) : undefined,
        zone: zone ? zone[1] : undefined,
        zonePos: pos ? Number(pos[1]) : undefined,
        type: type ? type[1] : undefined,
        entityName: nm ? nm[1] : undefined,
      };
    }
    if (/^\d+$/.test(s)) return { id: Number(s) };
    if (s === 'GameEntity') return { id: this.gameEntity };
    return { name: s };
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
    if (ref.name !== undefined) return this.resolveName(ref.name, line, tag, value);
    return undefined;
  }

  /**
   * An entity the log never created (a log or excerpt that starts inside a game, a lost FULL_ENTITY): made up from its
   * bracket. Its type is the bracket's `type=` when there is one, else a minion when it stands on the board
   * (zone=PLAY with zonePos >= 1; heroes, weapons and hero powers have zonePos 0). In play, its order is unknown.
   */
  private standIn(ref: Ref, line: number): void {
    const id = ref.id!;
    this.counters.unknownEntities++;
    const zone = ref.zone ? zoneName(ref.zone) : 'invalid';
    let type = ref.type && ref.type !== 'INVALID' ? cardTypeName(ref.type) : 'invalid';
    if (type === 'invalid' && zone === 'play' && (ref.zonePos ?? 0) >= 1) type = 'minion';
    else if (type === 'invalid' && zone === 'play' && /^HERO_\d/.test(ref.card ?? '')) type = 'hero';
    const e: EntState = {
      id, card: ref.card ?? '', name: ref.entityName && !ref.entityName.startsWith('UNKNOWN ENTITY') ? ref.entityName : '', type, zone,
      controller: ref.player ?? 0, damage: 0, health: 0, lastAffectedBy: 0, tags: new Map(),
    };
    if (zone === 'play') { e.preexisting = true; this.counters.preexisting++; }
    this.entities.set(id, e);
    this.counters.entities++;
    if (!this.implicit) this.warn(`line ${line}: entity #${id} is used before it was created; it is taken from its bracket (${zone}${type !== 'invalid' ? `, ${type}` : ''})`);
    this.emitEntity(e, line, { standIn: true });
  }

  /** The log (or excerpt) starts inside a game: no CREATE_GAME, entities come from their brackets. */
  implicit = false;
  startImplicit(line: number): void {
    this.implicit = true;
    this.midGame = true;
    this.endDump();
    const g = this.newEntity(this.gameEntity, '', 'GameEntity', 'game');
    g.zone = 'play';
    this.emitEntity(g, line);
    this.warn(`line ${line}: the log starts inside a game (no CREATE_GAME before it): entities are taken from their brackets, their order of play is unknown`);
  }

  private playerNamed(entity: number, name: string): void {
    this.names.set(name, entity);
    const e = this.entities.get(entity);
    if (e && (!e.name || e.name === UNKNOWN_PLAYER)) e.name = name;
  }

  /**
   * Which player a name means. Exact evidence first (HERO_ENTITY value, CURRENT_PLAYER flip, a tag the acting player
   * gets directly inside a top-level PLAY / ATTACK block of a card they control), then the only unnamed player, the
   * name without its BattleTag, and UNKNOWN HUMAN PLAYER re-registered under the real name. Names come and go
   * (AI opponents renamed after their hero, BattleTags added later); a name seen after both players were named is
   * accepted only on exact evidence, with a warning.
   */
  resolveName(name: string, line: number, tag?: string, value?: string): number | undefined {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    const players = [...this.playerEntities.values()].map((id) => this.entities.get(id)).filter((e): e is EntState => !!e);
    if (players.length === 0) return undefined;
    const named = new Set([...this.names.entries()].filter(([n]) => n !== UNKNOWN_PLAYER).map(([, id]) => id));
    const unnamed = players.filter((e) => !named.has(e.id));
    if (name !== UNKNOWN_PLAYER && unnamed.length === 0) {
      // Name without / with its BattleTag (Frost vs Frost#11839).
      const bare = name.split('#')[0]!;
      const sameTag = players.filter((e) => this.playerName(e.id).split('#')[0] === bare);
      if (sameTag.length === 1) { this.names.set(name, sameTag[0]!.id); return sameTag[0]!.id; }
    }
    const evidence = this.nameEvidence(players, tag, value);
    if (evidence) {
      // UNKNOWN HUMAN PLAYER is a placeholder either player may carry: resolved line by line, never remembered.
      if (name === UNKNOWN_PLAYER) return evidence.entity.id;
      if (named.has(evidence.entity.id)) {
        this.warn(`line ${line}: player name '${name}' appears after both players were named; ${evidence.why} says it is ` +
          `player ${this.playerIdOf(evidence.entity.id)} (${this.playerName(evidence.entity.id)}), taken as another name of that player ` +
          `(AI opponents are renamed after their hero; for two human players it means a spliced or corrupt log)`);
      }
      this.names.set(name, evidence.entity.id);
      if (!named.has(evidence.entity.id)) evidence.entity.name = name;
      return evidence.entity.id;
    }
    if (name === UNKNOWN_PLAYER) return undefined;
    if (unnamed.length === 1) { this.playerNamed(unnamed[0]!.id, name); return unnamed[0]!.id; }
    if (unnamed.length === 0) {
      if (!this.unresolvedNames.has(name)) {
        this.unresolvedNames.add(name);
        const list = players.map((e) => `${this.playerName(e.id)} (player ${this.playerIdOf(e.id)})`).join(', ');
        this.warn(`line ${line}: player name '${name}' matches neither player (${list}); its tag changes are ignored until a line tells which player it is`);
      }
    }
    return undefined;
  }

  private nameEvidence(players: EntState[], tag?: string, value?: string): { entity: EntState; why: string } | undefined {
    if (!tag) return undefined;
    const one = (xs: EntState[], why: string) => (xs.length === 1 ? { entity: xs[0]!, why } : undefined);
    if (tag === 'HERO_ENTITY' && value) return one(players.filter((e) => e.tags.get('HERO_ENTITY') === value), 'HERO_ENTITY');
    if (tag === 'CURRENT_PLAYER') {
      const cur = players.filter((e) => e.tags.get('CURRENT_PLAYER') === '1');
      if (cur.length !== 1) return undefined;
      return one(value === '1' ? players.filter((e) => e !== cur[0]) : value === '0' ? cur : [], 'CURRENT_PLAYER');
    }
    if (ACTING_TAGS.has(tag) && this.stack.length === 1 && (this.stack[0]!.logType === 'PLAY' || this.stack[0]!.logType === 'ATTACK')) {
      const c = this.entities.get(this.stack[0]!.subject)?.controller;
      const pe = c !== undefined ? this.playerEntities.get(c) : undefined;
      const e = pe !== undefined ? this.entities.get(pe) : undefined;
      if (e) return { entity: e, why: `${tag} in the ${this.stack[0]!.logType} block at line ${this.stack[0]!.line}` };
    }
    return undefined;
  }

  playerIdOf(entity: number): number | undefined {
    for (const [pid, eid] of this.playerEntities) if (eid === entity) return pid;
    return undefined;
  }

  playerName(entity: number): string {
    for (const [n, id] of this.names) if (id === entity && n !== UNKNOWN_PLAYER) return n;
    return this.entities.get(entity)?.name || `player entity #${entity}`;
  }

  /** PlayerID -> name from DebugPrintGame / EntityChoices, kept until the Player entity exists. */
  readonly playerNames = new Map<number, string>();

  setPlayerName(playerId: number, name: string): void {
    if (name === UNKNOWN_PLAYER) return;
    this.playerNames.set(playerId, name);
    const eid = this.playerEntities.get(playerId);
    if (eid === undefined) return;
    this.names.set(name, eid);
    const e = this.entities.get(eid);
    if (e) e.name = name;
  }

  // ---------- records ----------

  private emitEntity(e: EntState, line: number, extra: Record<string, unknown> = {}): void {
    this.emit({
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

  endDump(): void {
    this.initialDump = false;
  }

  // ---------- tag handling ----------

  private setTag(e: EntState, tagRaw: string, value: string, line: number, creating: boolean): void {
    const tag = TAG_NAMES[tagRaw] ?? tagRaw;
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
        // A minion returned to its owner's full hand is destroyed instead: PLAY -> GRAVEYARD, but not a Death.
        const fullHand = dies && e.type === 'minion' && !reset && !this.inBlock('DEATHS') && this.handFull(e.controller);
        this.emit({
          t: 'event', e: 'zone', entity: e.id, from, to, ...(fullHand ? { reason: 'returned to a full hand' } : reset && from === 'play' ? { reason: 'game reset' } : {}),
          ...(e.name ? { name: e.name } : {}), line,
        } as PowerRecord);
        if (from === 'play') { e.order = undefined; e.forcePlay = undefined; e.orderUnknown = undefined; }
        if (fullHand) { this.counters.fullHandRemovals++; return; }
        if (dies && !reset) {
          this.counters.deaths++;
          if (e.type === 'minion') this.counters.minionDeaths++;
          this.emit({ t: 'event', e: 'death', entity: e.id, line, type: e.type, card: e.card, ...(e.name ? { name: e.name } : {}) } as PowerRecord);
        }
        return;
      }
      case 'CARDTYPE':
        e.type = cardTypeName(value);
        return;
      case 'CONTROLLER': {
        const to = Number(value);
        if (!creating && e.controller !== to && e.zone === 'play' && e.controller !== 0) {
          this.emit({ t: 'event', e: 'control', entity: e.id, from: ctl(e.controller), to: ctl(to), line } as PowerRecord);
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
          this.emit({
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
      this.counters.preexisting++;
    } else if (this.recreating || this.inBlock('GAME_RESET')) {
      e.order = undefined;
      e.orderUnknown = true;
      this.counters.resetInPlay++;
    } else {
      e.order = ++this.orderCounter;
      e.preexisting = undefined;
      // From hand or deck without being the card of an open PLAY block: put into play by an effect.
      if ((from === 'hand' || from === 'deck') && e.type === 'minion' && !this.stack.some((b) => b.logType === 'PLAY' && b.subject === e.id)) {
        e.forcePlay = true;
        this.counters.forcePlays++;
      }
    }
    if (event) {
      this.emit({
        t: 'event', e: 'zone', entity: e.id, from: from ?? 'invalid', to: 'play', ...(e.order !== undefined ? { order: e.order } : {}),
        ...(e.forcePlay ? { forcePlay: true } : {}), ...(e.orderUnknown ? { orderUnknown: true } : {}), line,
      } as PowerRecord);
    }
  }

  private inBlock(logType: string): boolean {
    return this.stack.some((b) => b.logType === logType);
  }

  /** The player's hand holds MAXHANDSIZE (default 10) cards. */
  private handFull(controller: number): boolean {
    let n = 0;
    for (const x of this.entities.values()) if (x.zone === 'hand' && x.controller === controller) n++;
    const pe = this.playerEntities.get(controller);
    const max = Number((pe !== undefined ? this.entities.get(pe)?.tags.get('MAXHANDSIZE') : undefined) ?? 10) || 10;
    return n >= max;
  }

  private playstate(e: EntState, value: string, line: number): void {
    const pid = this.playerIdOf(e.id);
    const player = pid !== undefined ? ctl(pid) : undefined;
    const name = this.playerName(e.id);
    if (value === 'CONCEDED' || value === 'DISCONNECTED' || value === 'QUIT') {
      this.pendingConcede.set(e.id, value.toLowerCase());
      return;
    }
    if (value !== 'WON' && value !== 'LOST' && value !== 'TIED') return;
    const cause = this.pendingConcede.size > 0 ? [...this.pendingConcede.values()][0] : 'check';
    let result: 'win' | 'loss' | 'draw';
    let winner: number | undefined;
    if (value === 'WON') { result = 'win'; winner = player; } else if (value === 'LOST') { result = 'loss'; } else { result = 'draw'; }
    this.emit({
      t: 'event', e: 'game_check', result, ...(winner !== undefined ? { winner } : {}), rule: '9',
      player, playerName: name, playstate: value, cause, line,
    } as PowerRecord);
  }

  // ---------- line forms ----------

  flushPending(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.kind === 'game' || p.kind === 'player') {
      const e = this.newEntity(p.id, '', p.kind === 'game' ? 'GameEntity' : `Player ${p.playerId}`, p.kind);
      e.zone = 'play';
      for (const [t, v] of p.tags) this.setTag(e, t, v, p.line, true);
      if (p.kind === 'player') {
        e.controller = p.playerId ?? e.controller;
        const known = this.playerNames.get(p.playerId ?? -1);
        if (known !== undefined) { this.names.set(known, e.id); e.name = known; }
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
    const ordered = [...p.tags.filter(([t]) => (TAG_NAMES[t] ?? t) === 'CARDTYPE'), ...p.tags.filter(([t]) => (TAG_NAMES[t] ?? t) !== 'CARDTYPE')];
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
      if (!e.orderUnknown) this.counters.resetInPlay++; // (not already counted on entering play just now)
      e.order = undefined;
      e.orderUnknown = true;
      e.forcePlay = undefined;
      this.emitEntity(e, p.line, { update: true, via: 'recreated' });
      return;
    }
    if (`${e.card}|${e.type}` !== before) this.emitEntity(e, p.line, { update: true, via: p.kind });
  }

  private newEntity(id: number, card: string, name: string, type: string): EntState {
    const e: EntState = { id, card, name, type, zone: 'invalid', controller: 0, damage: 0, health: 0, lastAffectedBy: 0, tags: new Map() };
    this.entities.set(id, e);
    this.counters.entities++;
    return e;
  }

  handle(body: string, line: number): void {
    this.counters.lines++;
    this.endLine = line;
    if (body.startsWith('tag=')) {
      const m = /^tag=(\S+) value=(.*)$/.exec(body);
      if (m && this.pending) this.pending.tags.push([m[1]!, m[2]!.trim()]);
      else this.unparsed(body, line);
      return;
    }
    this.flushPending();
    if (body.startsWith('TAG_CHANGE ')) return this.tagChange(body, line);
    if (body.startsWith('BLOCK_START') || body.startsWith('ACTION_START')) return this.blockStart(body, line);
    if (body.startsWith('BLOCK_END') || body.startsWith('ACTION_END')) return this.blockEnd(line);
    if (body.startsWith('FULL_ENTITY')) return this.fullEntity(body, line);
    if (body.startsWith('SHOW_ENTITY')) return this.showOrChange(body, line, 'show');
    if (body.startsWith('CHANGE_ENTITY')) return this.showOrChange(body, line, 'change');
    if (body.startsWith('HIDE_ENTITY')) return this.hideEntity(body, line);
    if (body.startsWith('META_DATA')) return this.metaData(body, line);
    if (body.startsWith('GameEntity EntityID=')) {
      const m = /EntityID=(\d+)/.exec(body)!;
      this.pending = { kind: 'game', id: Number(m[1]), card: '', name: 'GameEntity', line, tags: [], existing: false };
      return;
    }
    if (body.startsWith('Player EntityID=')) {
      const m = /EntityID=(\d+) PlayerID=(\d+)/.exec(body);
      if (!m) return this.unparsed(body, line);
      const id = Number(m[1]);
      const pid = Number(m[2]);
      this.playerEntities.set(pid, id);
      this.pending = { kind: 'player', id, card: '', name: `Player ${pid}`, line, tags: [], existing: false, playerId: pid };
      return;
    }
    if (/^(Info\[\d+\]|Source|Targets?\[|SUB_SPELL_|SHUFFLE_DECK|VO_SPELL|CACHED_TAG_FOR_DORMANT_CHANGE|ERROR:|RESET_GAME)/.test(body)) return;
    this.unparsed(body, line);
  }

  private unparsed(body: string, line: number): void {
    this.counters.unparsed++;
    if (this.counters.unparsed <= 3) this.warn(`line ${line}: unrecognised power line: ${body.slice(0, 80)}`);
  }

  private tagChange(body: string, line: number): void {
    this.endDump();
    const m = /^TAG_CHANGE Entity=(.*) tag=(\S+) value=(\S*)/.exec(body);
    if (!m) return this.unparsed(body, line);
    this.counters.tagChanges++;
    const ref = this.parseRef(m[1]!);
    const tag = TAG_NAMES[m[2]!] ?? m[2]!;
    const value = m[3]!;
    const id = this.resolve(ref, line, tag, value);
    if (id === undefined) {
      this.counters.unresolvedPlayerTags++;
      if (tag === 'PLAYSTATE' && ref.name !== undefined) this.unresolvedPlaystate(ref.name, value, line);
      return;
    }
    const e = this.entities.get(id);
    if (!e) return;
    this.combatCheck(id, tag, line);
    if (tag === 'STEP' && value === 'MAIN_READY' && id === this.gameEntity && this.stack.length) this.repairAtTurnStart(line);
    this.setTag(e, tag, value, line, false);
  }

  /**
   * A turn begins (STEP MAIN_READY) only with no block open; blocks still open then lost their BLOCK_END in the log
   * (seen: the 2015 mulligan block of data__brawls__underdog-rules.log). Close them here.
   */
  private repairAtTurnStart(line: number): void {
    const open = this.stack.map((b) => `${b.logType} block opened at line ${b.line}`).join(', ');
    this.warn(`line ${line}: a turn begins while ${this.stack.length} block(s) are open (${open}): the log lost their BLOCK_END; closed here`);
    this.counters.repairedBlocks += this.stack.length;
    while (this.stack.length) this.closeBlock(this.stack.pop()!, line, false, true);
  }

  /** PLAYSTATE of a name no player could be tied to: still a game result for Rule 9. */
  private unresolvedPlaystate(name: string, value: string, line: number): void {
    if (value === 'CONCEDED' || value === 'DISCONNECTED' || value === 'QUIT') { this.pendingConcede.set(name, value.toLowerCase()); return; }
    if (value !== 'WON' && value !== 'LOST' && value !== 'TIED') return;
    const cause = this.pendingConcede.size > 0 ? [...this.pendingConcede.values()][0] : 'check';
    this.emit({
      t: 'event', e: 'game_check', result: value === 'WON' ? 'win' : value === 'LOST' ? 'loss' : 'draw', rule: '9',
      playerName: name, playstate: value, cause, unresolvedPlayer: true, line,
    } as PowerRecord);
  }

  /** Inside an ATTACK block, the first direct change of a combat tag on the attacker or defender starts Combat. */
  private combatCheck(id: number, tag: string, line: number): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.logType !== 'ATTACK' || top.combat !== undefined) return;
    if (!COMBAT_TAGS.has(tag)) return;
    const game = this.entities.get(this.gameEntity);
    const attacker = Number(game?.tags.get('PROPOSED_ATTACKER') ?? 0) || top.subject;
    const defender = Number(game?.tags.get('PROPOSED_DEFENDER') ?? 0) || top.target;
    if (id !== attacker && id !== defender) return;
    this.openCombat(top, line);
  }

  private openCombat(top: OpenBlock, line: number): void {
    const game = this.entities.get(this.gameEntity);
    const attacker = Number(game?.tags.get('PROPOSED_ATTACKER') ?? 0) || top.subject;
    const defender = Number(game?.tags.get('PROPOSED_DEFENDER') ?? 0) || top.target;
    top.combat = this.nextBlock++;
    this.emit({
      t: 'open', id: top.combat, block: 'phase', kind: 'COMBAT', type: 'ATTACK', subject: attacker,
      ...(defender ? { target: defender } : {}), outermost: false, synthetic: true, line,
    } as PowerRecord);
  }

  private blockStart(body: string, line: number): void {
    this.endDump();
    const typeM = /(?:BlockType|SubType)=(\S+)/.exec(body);
    let logType = typeM ? typeM[1]! : 'UNKNOWN';
    logType = BLOCK_TYPE_NUMBERS[logType] ?? logType;
    const entM = /Entity=(.*?)(?= (?:BlockType|SubType|EffectCardId|EffectIndex|Index|Target)=|$)/.exec(body);
    const tgtM = /Target=(.*?)(?= (?:SubOption|TriggerKeyword)=|\s*$)/.exec(body);
    const kwM = /TriggerKeyword=(\S+)/.exec(body);
    const effM = /EffectCardId=(.*?)(?= EffectIndex=)/.exec(body);
    const subject = entM ? this.resolve(this.parseRef(entM[1]!), line) ?? 0 : 0;
    const target = tgtM ? this.resolve(this.parseRef(tgtM[1]!), line) ?? 0 : 0;
    this.counters.blocks++;
    if (logType === 'DEATHS') this.counters.deathPhases++;
    const parent = this.stack[this.stack.length - 1];
    const outermost = this.stack.length === 0;
    // A DEATHS block is normally top-level or directly inside the action's top-level block (PLAY, ATTACK, TRIGGER:
    // the Sequence), written after the outermost Phase ended. One opened deeper, inside a running Phase (POWER,
    // TRIGGER, a nested PLAY), is the rulebook's Forced Death Phase: note the cards of the blocks it interrupts.
    const forced = logType === 'DEATHS' && this.stack.length >= 2;
    if (forced) this.counters.forcedDeathPhases++;
    const forcedBy = forced ? [...new Set(this.stack.slice(1).map((b) => this.entities.get(b.subject)?.card).filter((c): c is string => !!c))] : [];
    let seq: number | undefined;
    if (outermost) {
      seq = this.nextBlock++;
      this.emit({ t: 'open', id: seq, block: 'sequence', kind: 'LOG_BLOCK', line } as PowerRecord);
    }
    const id = this.nextBlock++;
    const subj = this.entities.get(subject);
    this.emit({
      t: 'open', id, block: 'phase', kind: forced ? 'FORCED_DEATH' : this.phaseKind(logType, parent), ...(TRACE_BLOCK_TYPES.has(logType) ? { type: logType as BlockType } : {}),
      ...(forced ? { forcedBy } : {}),
      ...(subject ? { subject } : {}), ...(target ? { target } : {}),
      ...(subj && subj.controller >= 1 && subj.controller <= 2 && subj.type !== 'game' ? { player: ctl(subj.controller) } : {}),
      outermost, logType,
      ...(kwM && kwM[1] !== '0' && kwM[1] !== 'TAG_NOT_SET' ? { triggerKeyword: kwM[1] } : {}),
      ...(effM && effM[1] && !effM[1].startsWith('System.') ? { effectCardId: effM[1] } : {}),
      line,
    } as PowerRecord);
    this.stack.push({ id, seq, logType, line, subject, target });
  }

  private phaseKind(logType: string, parent: OpenBlock | undefined): string {
    if (logType === 'DEATHS') return 'DEATH';
    if (logType === 'ATTACK') return 'PREPARATION';
    if (logType === 'POWER' && parent?.logType === 'PLAY') {
      const t = this.entities.get(parent.subject)?.type;
      if (t === 'spell') return 'SPELL_TEXT';
      if (t === 'minion') return 'BATTLECRY';
      if (t === 'hero_power') return 'HERO_POWER';
    }
    return 'OTHER';
  }

  private blockEnd(line: number): void {
    const b = this.stack.pop();
    if (!b) {
      this.counters.strayBlockEnds++;
      this.warn(`line ${line}: BLOCK_END with no open block (ignored)`);
      return;
    }
    this.closeBlock(b, line, false);
  }

  private closeBlock(b: OpenBlock, line: number, truncated: boolean, repaired = false): void {
    const extra = truncated ? { truncated: true } : repaired ? { repaired: true } : {};
    if (b.combat !== undefined) this.emit({ t: 'close', id: b.combat, line, ...extra } as PowerRecord);
    this.emit({ t: 'close', id: b.id, line, ...extra } as PowerRecord);
    if (b.seq !== undefined) this.emit({ t: 'close', id: b.seq, line, ...extra } as PowerRecord);
  }

  private fullEntity(body: string, line: number): void {
    // FULL_ENTITY - Creating ID=4 CardID=HERO_04
    // FULL_ENTITY - Updating [entityName=... id=4 zone=DECK zonePos=0 cardId= player=1] CardID=
    let m = /^FULL_ENTITY - Creating ID=(\d+) CardID=(\S*)/.exec(body);
    if (m) {
      const id = Number(m[1]);
      this.pending = { kind: 'full', id, card: m[2]!, name: '', line, tags: [], existing: this.entities.has(id) };
      return;
    }
    m = /^FULL_ENTITY - Updating (?:Entity=)?(.*) CardID=(\S*)\s*$/.exec(body);
    if (m) {
      const ref = this.parseRef(m[1]!);
      if (ref.id === undefined) return this.unparsed(body, line);
      this.pending = {
        kind: 'full', id: ref.id, card: m[2]!, name: ref.entityName && !ref.entityName.startsWith('UNKNOWN ENTITY') ? ref.entityName : '',
        line, tags: [], existing: this.entities.has(ref.id), bracketPlayer: ref.player,
      };
      return;
    }
    this.unparsed(body, line);
  }

  private showOrChange(body: string, line: number, kind: 'show' | 'change'): void {
    this.endDump();
    const m = /^(?:SHOW|CHANGE)_ENTITY - Updating Entity=(.*) CardID=(\S*)\s*$/.exec(body);
    if (!m) return this.unparsed(body, line);
    const id = this.resolve(this.parseRef(m[1]!), line);
    if (id === undefined || !this.entities.has(id)) {
      this.warn(`line ${line}: ${kind === 'show' ? 'SHOW_ENTITY' : 'CHANGE_ENTITY'} names no known entity (${m[1]!.slice(0, 60)})`);
      return;
    }
    this.pending = { kind, id, card: m[2]!, name: '', line, tags: [], existing: true };
  }

  private hideEntity(body: string, line: number): void {
    this.endDump();
    const m = /^HIDE_ENTITY - Entity=(.*) tag=(\S+) value=(\S*)/.exec(body);
    if (!m) return this.unparsed(body, line);
    const id = this.resolve(this.parseRef(m[1]!), line);
    const e = id !== undefined ? this.entities.get(id) : undefined;
    if (!e) return;
    this.setTag(e, m[2]!, m[3]!, line, false);
  }

  private metaData(body: string, line: number): void {
    const m = /^META_DATA - Meta=(\S+)/.exec(body);
    if (!m) return this.unparsed(body, line);
  }

  /** The game's lines ended: close what is still open. */
  finish(): ParsedGame {
    this.flushPending();
    if (this.stack.length) {
      this.counters.unclosedBlocks = this.stack.length;
      const open = this.stack.map((b) => `${b.logType}@${b.line}`).join(', ');
      this.warn(`game ended with ${this.stack.length} block(s) still open (log cut off after line ${this.endLine}): ${open}`);
      while (this.stack.length) this.closeBlock(this.stack.pop()!, this.endLine, true);
    }
    if (this.warningsDropped) this.warnings.push(`... and ${this.warningsDropped} more warning(s)`);
    const players = [...this.playerEntities.entries()].map(([player, entity]) => {
      const n = this.playerName(entity);
      return { player, entity, ...(n.startsWith('player entity') ? {} : { name: n }) };
    });
    return {
      file: this.file, index: 0, source: this.source, startLine: this.startLine, endLine: this.endLine,
      ...(this.build !== undefined ? { build: this.build } : {}),
      ...(this.gameType !== undefined ? { gameType: this.gameType } : {}),
      midGame: this.midGame, complete: this.complete, players, records: this.records, counters: this.counters, warnings: this.warnings,
    };
  }
}

function ctl(playerId: number): number {
  return playerId >= 1 ? playerId - 1 : playerId;
}

/**
 * Line-by-line driver: feed lines in order, games come out through `onGame` as soon as they end.
 * Runs one builder per source; a PowerTaskList game is kept only when no GameState game is waiting for its
 * PowerTaskList twin (GameState lines are written when a packet arrives, PowerTaskList lines when it is processed,
 * so a game's GameState CREATE_GAME always comes first).
 */
export class PowerLogParser {
  private lineNo = 0;
  private gs: GameBuilder | null = null;
  private ptl: GameBuilder | null = null;
  /** GameState games whose PowerTaskList twin has not started yet. */
  private gsAwaitingTwin = 0;
  /** The current PowerTaskList game duplicates a GameState one: skip its lines. */
  private ptlSkipping = false;
  private games = 0;
  private gsStarted = false;
  private ptlStarted = false;
  gameStateLines = 0;
  powerTaskListLines = 0;
  /** DebugPrintGame info seen before a game's builder exists (applied to the next GameState game). */
  private lastBuild?: number;
  private readonly maxWarnings: number;

  constructor(
    private readonly name: string,
    private readonly onGame: (g: ParsedGame) => void,
    private readonly opts: ParseOptions = {},
  ) {
    this.maxWarnings = opts.maxWarnings ?? 20;
  }

  get lines(): number {
    return this.lineNo;
  }
  get gameCount(): number {
    return this.games;
  }

  /** Lines written by the client's GameState / PowerTaskList / PowerProcessor loggers, whatever their function. */
  powerishLines = 0;

  push(raw: string): void {
    const lineNo = ++this.lineNo;
    const m = LINE_RE.exec(raw);
    if (!m) {
      if (POWERISH_RE.test(raw)) this.powerishLines++;
      return;
    }
    this.powerishLines++;
    const source = m[1] as LogSource;
    const fn = m[2]!;
    const body = m[3]!.trim();
    if (fn === 'DebugPrintGame') return this.debugPrintGame(body);
    if (fn === 'DebugPrintEntityChoices') return this.entityChoices(body, lineNo);
    if (source === 'GameState') this.gameStateLines++;
    else this.powerTaskListLines++;
    if (this.opts.source && this.opts.source !== source) return;
    const isCreate = body === 'CREATE_GAME';
    if (source === 'GameState') {
      if (isCreate) {
        this.endGame('GameState');
        this.gsStarted = true;
        this.gs = new GameBuilder(this.name, 'GameState', lineNo, this.maxWarnings);
        if (this.lastBuild !== undefined) this.gs.build = this.lastBuild;
        if (!this.opts.source) this.gsAwaitingTwin++;
        this.games++;
        return;
      }
      if (!this.gs && !this.gsStarted) this.startImplicit('GameState', lineNo);
      if (this.gs) this.gs.handle(body, lineNo);
      return;
    }
    if (isCreate) {
      this.endGame('PowerTaskList');
      this.ptlStarted = true;
      if (this.gsAwaitingTwin > 0) {
        this.gsAwaitingTwin--;
        this.ptlSkipping = true;
        return;
      }
      this.ptlSkipping = false;
      this.ptl = new GameBuilder(this.name, 'PowerTaskList', lineNo, this.maxWarnings);
      if (this.lastBuild !== undefined) this.ptl.build = this.lastBuild;
      this.games++;
      return;
    }
    if (this.ptlSkipping) return;
    if (!this.ptl && !this.ptlStarted && this.gameStateLines === 0) this.startImplicit('PowerTaskList', lineNo);
    if (this.ptl) this.ptl.handle(body, lineNo);
  }

  /** Power lines before any CREATE_GAME: a game already under way when the log (or excerpt) begins. */
  private startImplicit(source: LogSource, lineNo: number): void {
    const b = new GameBuilder(this.name, source, lineNo, this.maxWarnings);
    b.startImplicit(lineNo);
    if (source === 'GameState') {
      this.gsStarted = true;
      this.gs = b;
      // An implicit PowerTaskList game begun earlier is this game's twin: drop it.
      if (this.ptl && this.ptl.implicit) { this.ptl = null; this.games--; }
      this.ptlSkipping = true;
    } else {
      this.ptlStarted = true;
      this.ptl = b;
    }
    this.games++;
  }

  private debugPrintGame(body: string): void {
    const b = /^BuildNumber=(\d+)/.exec(body);
    if (b) {
      this.lastBuild = Number(b[1]);
      if (this.gs) this.gs.build = this.lastBuild;
      return;
    }
    const gt = /^GameType=(\S+)/.exec(body);
    if (gt) {
      const target = this.gs ?? this.ptl;
      if (target) target.gameType = gt[1];
      return;
    }
    const p = /^PlayerID=(\d+), PlayerName=(.*)$/.exec(body);
    if (p) {
      const target = this.gs ?? this.ptl;
      if (target) target.setPlayerName(Number(p[1]), p[2]!.trim());
    }
  }

  /** `id=2 Player=Homa86 TaskList=4 ChoiceType=MULLIGAN` then `Entities[0]=[... player=2]`: ties a name to a PlayerID. */
  private choiceName?: string;
  private entityChoices(body: string, _line: number): void {
    const head = /^id=\d+ Player=(.*?) TaskList=/.exec(body);
    if (head) { this.choiceName = head[1]; return; }
    const ent = /^Entities\[\d+\]=(\[.*\])\s*$/.exec(body);
    if (ent && this.choiceName && this.choiceName !== 'GameEntity') {
      const player = /\splayer=(\d+)\]\s*$/.exec(ent[1]!);
      if (player) {
        for (const g of [this.gs, this.ptl]) {
          if (g && !g.names.has(this.choiceName) && g.playerEntities.has(Number(player[1]))) g.setPlayerName(Number(player[1]), this.choiceName);
        }
        this.choiceName = undefined;
      }
    }
  }

  private endGame(source: LogSource): void {
    const b = source === 'GameState' ? this.gs : this.ptl;
    if (!b) return;
    if (source === 'GameState') this.gs = null;
    else this.ptl = null;
    const g = b.finish();
    this.onGame(g);
  }

  /** End of input: emit the games still being built. */
  end(): void {
    this.endGame('GameState');
    this.endGame('PowerTaskList');
  }
}

/** Why a file is not a text Power.log, from its first bytes; undefined when it looks like text. */
export function sniffBinary(buf: Buffer): string | undefined {
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (c === 0x1f && buf[i + 1] === 0x8b) return `binary data at byte ${i} (gzip-compressed content)`;
    if (c < 0x09 || (c > 0x0d && c < 0x20) || c === 0x7f) return `binary data at byte ${i}`;
  }
  // Invalid UTF-8 (a few Latin-1 bytes are tolerated: real logs hold player names in many scripts).
  const text = buf.toString('utf8');
  let bad = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) bad++;
  if (bad > 16 && bad > text.length / 100) return `binary data (${bad} invalid UTF-8 sequences in the first ${buf.length} bytes)`;
  return undefined;
}

/**
 * Parse one Power.log file, streaming: calls onGame for each game as soon as it ends, keeps nothing else.
 * Never throws for bad input: a file that is not a usable Power.log comes back with `error` set.
 */
export async function parsePowerLog(
  path: string,
  /** Return false (or a promise of false) to stop reading: no further game is delivered. */
  onGame: (g: ParsedGame) => void | boolean | Promise<void | boolean>,
  opts: ParseOptions = {},
): Promise<ParseSummary> {
  const name = opts.name ?? basename(path);
  const summary: ParseSummary = { file: name, bytes: 0, lines: 0, games: 0, gameStateLines: 0, powerTaskListLines: 0, warnings: [] };
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return { ...summary, error: 'not a regular file' };
    size = st.size;
  } catch (e) {
    return { ...summary, error: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  summary.bytes = size;
  if (size === 0) return { ...summary, error: 'empty file (0 bytes)' };
  // Sniff the head for binary content before streaming.
  try {
    const fd = openSync(path, 'r');
    const head = Buffer.alloc(Math.min(size, 65536));
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    const bin = sniffBinary(head);
    if (bin) return { ...summary, error: `not a text Power.log (${bin})` };
  } catch (e) {
    return { ...summary, error: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }

  const queue: ParsedGame[] = [];
  const parser = new PowerLogParser(name, (g) => queue.push(g), opts);
  let index = 0;
  let firstLine = '';
  let binaryAt: number | undefined;
  let stopped = false;
  const deliver = async (): Promise<void> => {
    queue.sort((a, b) => a.startLine - b.startLine);
    while (queue.length && !stopped) {
      const g = queue.shift()!;
      g.index = ++index;
      summary.games++;
      if ((await onGame(g)) === false) stopped = true;
    }
  };
  try {
    const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (let line of rl) {
      if (parser.lines === 0) {
        if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
        firstLine = line;
      }
      if (binaryAt === undefined && line.includes('\u0000')) {
        binaryAt = parser.lines + 1;
        summary.warnings.push(`line ${binaryAt}: binary data (NUL bytes) in the middle of the log; the rest of the file is ignored`);
        rl.close();
        break;
      }
      parser.push(line);
      if (queue.length) await deliver();
      if (stopped) {
        rl.close();
        break;
      }
    }
  } catch (e) {
    summary.warnings.push(`read error after line ${parser.lines}: ${(e as Error).message}`);
  }
  if (!stopped) {
    parser.end();
    await deliver();
  }
  summary.lines = parser.lines;
  summary.gameStateLines = parser.gameStateLines;
  summary.powerTaskListLines = parser.powerTaskListLines;
  if (summary.games === 0) {
    const first = firstLine.replace(/^[DIWE] \S+ /, '').slice(0, 60);
    if (parser.powerishLines === 0) {
      summary.error = `not a Power.log (no GameState/PowerTaskList lines in ${parser.lines} line(s)${first ? `; it starts with '${first}'` : ''})`;
    } else {
      summary.error = `no game in this Power.log (${parser.lines} line(s), ${parser.gameStateLines + parser.powerTaskListLines} DebugPrintPower line(s), no CREATE_GAME${parser.lines <= 3 && first ? `; it holds only '${first}'` : ''})`;
    }
  }
  return summary;
}

/** Async iterator over the games of a file (one game in memory at a time). Errors become a thrown Error. */
export async function* readGames(path: string, opts: ParseOptions = {}): AsyncGenerator<ParsedGame> {
  // Bridge the callback API to an iterator: the parser waits in onGame until the consumer asks for the next game,
  // so one game at a time is in memory; leaving the loop early stops the reading.
  const items: ParsedGame[] = [];
  let wake: (() => void) | null = null;
  let release: (() => void) | null = null;
  let done = false;
  let cancelled = false;
  let summary: ParseSummary | undefined;
  const run = parsePowerLog(path, async (g) => {
    items.push(g);
    wake?.();
    await new Promise<void>((r) => (release = r));
    return !cancelled;
  }, opts).then((s) => { summary = s; done = true; wake?.(); });
  try {
    for (;;) {
      if (items.length) {
        const g = items.shift()!;
        yield g;
        const r = release as (() => void) | null;
        release = null;
        r?.();
        continue;
      }
      if (done) break;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  } finally {
    cancelled = true;
    (release as (() => void) | null)?.();
    await run;
  }
  if (summary?.error) throw new Error(`${summary.file}: ${summary.error}`);
}

/** Parse log text held in memory (tests, small excerpts). */
export function parsePowerLogText(text: string, opts: ParseOptions = {}): { games: ParsedGame[]; lines: number } {
  const games: ParsedGame[] = [];
  const parser = new PowerLogParser(opts.name ?? 'text', (g) => games.push(g), opts);
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  for (const l of lines) parser.push(l);
  parser.end();
  games.sort((a, b) => a.startLine - b.startLine);
  games.forEach((g, i) => (g.index = i + 1));
  return { games, lines: parser.lines };
}
