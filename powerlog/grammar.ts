/**
 * Power.log line grammar: how a raw log line splits into logger, function and body; how each body form (TAG_CHANGE,
 * BLOCK_START, FULL_ENTITY, SHOW_ENTITY, the indented `tag=... value=...`, DebugPrintGame, EntityChoices, ...) and each
 * entity reference tokenise; and the tables that turn the log's spellings of zones, card types, tags and block types
 * (names, or the numbers old logs print) into the trace's. Pure functions of the text: no game state.
 */

/** The logger a DebugPrintPower line comes from. */
export type LogSource = 'GameState' | 'PowerTaskList';

const LINE_RE = /^(?:[DIWE] \S+ )?(GameState|PowerTaskList)\.(DebugPrintPower|DebugPrintGame|DebugPrintEntityChoices)\(\) - ?(.*)$/;

const POWERISH_RE = /^(?:[DIWE] \S+ )?(?:GameState|PowerTaskList|PowerProcessor)\./;

/** A line of one of the functions the parser reads, split into its parts; body is trimmed. */
export interface PowerLine {
  source: LogSource;
  fn: string;
  body: string;
}

/** The parts of a DebugPrintPower / DebugPrintGame / DebugPrintEntityChoices line; undefined for any other line. */
export function splitLine(raw: string): PowerLine | undefined {
  const m = LINE_RE.exec(raw);
  if (!m) return undefined;
  return { source: m[1] as LogSource, fn: m[2]!, body: m[3]!.trim() };
}

/** A line written by the client's GameState / PowerTaskList / PowerProcessor loggers, whatever its function. */
export function isPowerish(raw: string): boolean {
  return POWERISH_RE.test(raw);
}

// ---------- names of zones, card types, tags and block types ----------

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
const BLOCK_TYPE_NUMBERS: Record<string, string> = {
  '1': 'ATTACK', '2': 'JOUST', '3': 'POWER', '5': 'TRIGGER', '6': 'DEATHS', '7': 'PLAY', '8': 'FATIGUE', '10': 'REVEAL_CARD',
  '11': 'GAME_RESET', '12': 'MOVE_MINION', '13': 'DECK_ACTION',
};

/** Trace zone name ('play', 'removed' for REMOVEDFROMGAME, ...) of a log zone name or number. */
export function zoneName(v: string): string {
  return ZONE_NAMES[v] ?? v.toLowerCase();
}
/** Trace card type ('minion', 'spell' for the old ABILITY, ...) of a log card type name or number. */
export function cardTypeName(v: string): string {
  return CARDTYPE_NAMES[v] ?? v.toLowerCase();
}
/** Tag name of a log tag name or of the number of a tag the parser follows. */
export function tagName(raw: string): string {
  return TAG_NAMES[raw] ?? raw;
}

// ---------- entity references ----------

export interface Ref {
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

/** An entity reference: a number, a bracket, `GameEntity` (the game entity's id, given) or a player name. */
export function parseRef(s: string, gameEntity: number): Ref {
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
  if (s === 'GameEntity') return { id: gameEntity };
  return { name: s };
}

// ---------- DebugPrintPower line forms (the reference part of each is left raw: see parseRef) ----------

/** The indented `tag=... value=...` line under an entity line: [tag, value]. */
export function parseTagLine(body: string): [string, string] | undefined {
  const m = /^tag=(\S+) value=(.*)$/.exec(body);
  return m ? [m[1]!, m[2]!.trim()] : undefined;
}

/** `TAG_CHANGE Entity=<ref> tag=<tag> value=<value>` (tag as written: see tagName). */
export function parseTagChange(body: string): { entity: string; tag: string; value: string } | undefined {
  const m = /^TAG_CHANGE Entity=(.*) tag=(\S+) value=(\S*)/.exec(body);
  return m ? { entity: m[1]!, tag: m[2]!, value: m[3]! } : undefined;
}

export interface BlockStartLine {
  /** BlockType= (or the 2015 SubType=), numbers turned into names; 'UNKNOWN' when the line has none. */
  logType: string;
  entity?: string;
  target?: string;
  /** TriggerKeyword=, unless unset (0, TAG_NOT_SET). */
  triggerKeyword?: string;
  /** EffectCardId=, unless empty or a System.* placeholder. */
  effectCardId?: string;
}

/** `BLOCK_START BlockType=... Entity=... EffectCardId=... EffectIndex=... Target=... SubOption=... TriggerKeyword=...`
 * and the 2015 `ACTION_START Entity=... SubType=... Index=... Target=...`. */
export function parseBlockStart(body: string): BlockStartLine {
  const typeM = /(?:BlockType|SubType)=(\S+)/.exec(body);
  let logType = typeM ? typeM[1]! : 'UNKNOWN';
  logType = BLOCK_TYPE_NUMBERS[logType] ?? logType;
  const entM = /Entity=(.*?)(?= (?:BlockType|SubType|EffectCardId|EffectIndex|Index|Target)=|$)/.exec(body);
  const tgtM = /Target=(.*?)(?= (?:SubOption|TriggerKeyword)=|\s*$)/.exec(body);
  const kwM = /TriggerKeyword=(\S+)/.exec(body);
  const effM = /EffectCardId=(.*?)(?= EffectIndex=)/.exec(body);
  return {
    logType,
    entity: entM ? entM[1]! : undefined,
    target: tgtM ? tgtM[1]! : undefined,
    triggerKeyword: kwM && kwM[1] !== '0' && kwM[1] !== 'TAG_NOT_SET' ? kwM[1] : undefined,
    effectCardId: effM && effM[1] && !effM[1].startsWith('System.') ? effM[1] : undefined,
  };
}

/** `FULL_ENTITY - Creating ID=4 CardID=HERO_04`, or
 * `FULL_ENTITY - Updating [entityName=... id=4 zone=DECK zonePos=0 cardId= player=1] CardID=`. */
export function parseFullEntity(body: string): { id: number; card: string } | { entity: string; card: string } | undefined {
  let m = /^FULL_ENTITY - Creating ID=(\d+) CardID=(\S*)/.exec(body);
  if (m) return { id: Number(m[1]), card: m[2]! };
  m = /^FULL_ENTITY - Updating (?:Entity=)?(.*) CardID=(\S*)\s*$/.exec(body);
  if (m) return { entity: m[1]!, card: m[2]! };
  return undefined;
}

/** `SHOW_ENTITY - Updating Entity=<ref> CardID=<card>` (CHANGE_ENTITY alike). */
export function parseShowOrChange(body: string): { entity: string; card: string } | undefined {
  const m = /^(?:SHOW|CHANGE)_ENTITY - Updating Entity=(.*) CardID=(\S*)\s*$/.exec(body);
  return m ? { entity: m[1]!, card: m[2]! } : undefined;
}

/** `HIDE_ENTITY - Entity=<ref> tag=<tag> value=<value>`. */
export function parseHideEntity(body: string): { entity: string; tag: string; value: string } | undefined {
  const m = /^HIDE_ENTITY - Entity=(.*) tag=(\S+) value=(\S*)/.exec(body);
  return m ? { entity: m[1]!, tag: m[2]!, value: m[3]! } : undefined;
}

/** `META_DATA - Meta=<kind> ...`: the kind (contents are not used). */
export function parseMetaData(body: string): string | undefined {
  const m = /^META_DATA - Meta=(\S+)/.exec(body);
  return m ? m[1]! : undefined;
}

/** The id of a `GameEntity EntityID=<id>` line (a line that starts so but has no number is not expected and throws). */
export function parseGameEntityId(body: string): number {
  const m = /EntityID=(\d+)/.exec(body)!;
  return Number(m[1]);
}

/** `Player EntityID=<id> PlayerID=<player> ...`. */
export function parsePlayerEntity(body: string): { id: number; playerId: number } | undefined {
  const m = /EntityID=(\d+) PlayerID=(\d+)/.exec(body);
  return m ? { id: Number(m[1]), playerId: Number(m[2]) } : undefined;
}

/** Power lines the parser knows and does not use (Info[], Source, Targets[], SUB_SPELL_*, SHUFFLE_DECK, ...). */
export function isIgnoredPowerLine(body: string): boolean {
  return /^(Info\[\d+\]|Source|Targets?\[|SUB_SPELL_|SHUFFLE_DECK|VO_SPELL|CACHED_TAG_FOR_DORMANT_CHANGE|ERROR:|RESET_GAME)/.test(body);
}

// ---------- DebugPrintGame and DebugPrintEntityChoices ----------

/** `BuildNumber=...`, `GameType=...` or `PlayerID=1, PlayerName=...`. */
export function parseDebugPrintGame(body: string): { build: number } | { gameType: string } | { playerId: number; name: string } | undefined {
  const b = /^BuildNumber=(\d+)/.exec(body);
  if (b) return { build: Number(b[1]) };
  const gt = /^GameType=(\S+)/.exec(body);
  if (gt) return { gameType: gt[1]! };
  const p = /^PlayerID=(\d+), PlayerName=(.*)$/.exec(body);
  if (p) return { playerId: Number(p[1]), name: p[2]!.trim() };
  return undefined;
}

/** `id=2 Player=Homa86 TaskList=4 ChoiceType=MULLIGAN` (the chooser's name), then `Entities[0]=[... player=2]` (the
 * PlayerID of a chosen entity, when its bracket ends with one). */
export function parseEntityChoices(body: string): { chooser: string } | { entityPlayer: number | undefined } | undefined {
  const head = /^id=\d+ Player=(.*?) TaskList=/.exec(body);
  if (head) return { chooser: head[1]! };
  const ent = /^Entities\[\d+\]=(\[.*\])\s*$/.exec(body);
  if (!ent) return undefined;
  const player = /\splayer=(\d+)\]\s*$/.exec(ent[1]!);
  return { entityPlayer: player ? Number(player[1]) : undefined };
}
