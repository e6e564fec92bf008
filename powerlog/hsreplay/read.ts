/**
 * Reading HSReplay XML (the format of HearthSim's python-hsreplay and hsreplay.net: <HSReplay><Game> with
 * GameEntity, Player, FullEntity, ShowEntity, ChangeEntity, HideEntity, TagChange, Block (or the 1.0 Action) and
 * MetaData elements, tags and values as the game's enum numbers). Each packet element becomes the Power.log line it
 * was written from (`TAG_CHANGE Entity=4 tag=ZONE value=PLAY`, `BLOCK_START BlockType=DEATHS ...`), numbers turned
 * back into names (enums.ts), and is fed to the Power.log parser (game-stream.ts) with the XML line it starts on.
 * So an HSReplay game becomes exactly the trace records its Power.log gives and is judged by the same invariants;
 * every record's `line` is a line of the XML file, and the meta record says producer 'hsreplay'.
 *
 * Options, Choices, ChosenEntities, SendChoices, SendOption, Deck and the like carry no game state the checks use
 * and are skipped; an element HSReplay does not define is reported once as a warning.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { PowerLogParser, type ParseOptions } from '../game-stream.js';
import { newSummary, unreadable, type OnGame, type ParsedGame, type ParseSummary } from '../parsed-game.js';
import { BLOCK_TYPES, GAME_TAGS, GAME_TYPES, META_DATA_TYPES, TAG_VALUE_ENUMS, invert } from './enums.js';
import { tokenize, XmlError, type XmlToken } from './xml.js';

const TAG_NAMES = invert(GAME_TAGS);
const VALUE_NAMES = new Map(Object.entries(TAG_VALUE_ENUMS).map(([tag, t]) => [tag, invert(t)]));
const BLOCK_NAMES = invert(BLOCK_TYPES);
const META_NAMES = invert(META_DATA_TYPES);
const GAME_TYPE_NAMES = invert(GAME_TYPES);

/** Elements that hold nothing the checks read (choices, options, decks, client-side sub-spells and voice lines). */
const SKIPPED = new Set([
  'Options', 'Option', 'SubOption', 'Target', 'SendOption', 'Choices', 'Choice', 'ChosenEntities', 'SendChoices', 'Deck',
  'Card', 'InitialName', 'Info', 'SubSpell', 'VOSpell', 'ResetGame', 'ShuffleDeck', 'CachedTagForDormantChange', 'Tag',
]);

/** Tag name of a GameTag number (the number itself when the table does not have it, as old Power.logs print it). */
function tagOf(n: string): string {
  const name = /^\d+$/.test(n) ? TAG_NAMES.get(Number(n)) : undefined;
  return name ?? n;
}
/** A tag's value as Power.log prints it: the enum name for enum-typed tags, else the number. */
function valueOf(tag: string, v: string): string {
  const names = VALUE_NAMES.get(tag);
  if (!names || !/^-?\d+$/.test(v)) return v;
  return names.get(Number(v)) ?? v;
}
/** What each numeric attribute must look like (the DTD: integers; a tag may also be written by its name). */
const SHAPES: Record<string, RegExp> = { tag: /^(\d+|[A-Z][A-Z0-9_]*)$/, value: /^-?\d+$/, type: /^\d+$/, meta: /^\d+$/, zone: /^\d+$/, id: /^\d+$/, playerID: /^\d+$/ };

function attr(t: XmlToken & { kind: 'start' }, name: string, what: string): string {
  const v = t.attrs[name];
  if (v === undefined || v === '') throw new XmlError(t.line, `<${t.name}> has no ${name} attribute (${what})`);
  const shape = SHAPES[name];
  if (shape && !shape.test(v)) throw new XmlError(t.line, `<${t.name}> ${name}="${v.slice(0, 40)}" is not ${name === 'tag' ? 'a GameTag number' : 'an integer'} (${what})`);
  if (/[\r\n]/.test(v)) throw new XmlError(t.line, `<${t.name}> ${name} holds a line break`);
  return v;
}

export interface PowerLine {
  raw: string;
  line: number;
}

/**
 * The Power.log lines an HSReplay document stands for, each with the XML line it comes from. Warnings (unknown
 * elements) go to `warn`. Throws XmlError for XML that is not well formed or not an HSReplay document.
 */
export function* hsreplayToPowerLines(text: string, warn: (w: string) => void): Generator<PowerLine> {
  const P = 'GameState.DebugPrintPower() - ';
  const G = 'GameState.DebugPrintGame() - ';
  const open: string[] = [];
  const unknown = new Set<string>();
  let build: string | undefined;
  /** The game element's tags are read under an entity element (FullEntity, ShowEntity, ...). */
  let inEntity = false;
  let games = 0;
  /** The Game's `type` (GameType), told to the parser once the game has started. */
  let pendingGameType: string | undefined;
  for (const t of tokenize(text)) {
    if (t.kind === 'end') {
      open.pop();
      if (t.name === 'Block' || t.name === 'Action') yield { raw: `${P}BLOCK_END`, line: t.line };
      if (['GameEntity', 'Player', 'FullEntity', 'ShowEntity', 'ChangeEntity'].includes(t.name)) inEntity = false;
      continue;
    }
    const parent = open[open.length - 1];
    open.push(t.name);
    if (parent === undefined) {
      if (t.name !== 'HSReplay') throw new XmlError(t.line, `the root element is <${t.name}>, not <HSReplay> (not an HSReplay document)`);
      build = t.attrs.build;
      continue;
    }
    switch (t.name) {
      case 'Game': {
        if (parent !== 'HSReplay') throw new XmlError(t.line, `<Game> inside <${parent}>`);
        games++;
        pendingGameType = t.attrs.type && /^\d+$/.test(t.attrs.type) ? GAME_TYPE_NAMES.get(Number(t.attrs.type)) : undefined;
        if (build && /^\d+$/.test(build)) yield { raw: `${G}BuildNumber=${build}`, line: t.line };
        // A game converted from a log that began mid-game has no GameEntity: it starts implicitly, as in Power.log.
        break;
      }
      case 'GameEntity': {
        yield { raw: `${P}CREATE_GAME`, line: t.line };
        yield { raw: `${P}GameEntity EntityID=${attr(t, 'id', 'the entity id')}`, line: t.line };
        inEntity = true;
        break;
      }
      case 'Player': {
        const id = attr(t, 'id', 'the entity id');
        const pid = attr(t, 'playerID', 'the PlayerID');
        yield { raw: `${P}Player EntityID=${id} PlayerID=${pid} GameAccountId=[hi=${t.attrs.accountHi ?? 0} lo=${t.attrs.accountLo ?? 0}]`, line: t.line };
        if (t.attrs.name) yield { raw: `${G}PlayerID=${pid}, PlayerName=${t.attrs.name}`, line: t.line };
        inEntity = true;
        break;
      }
      case 'FullEntity':
        yield { raw: `${P}FULL_ENTITY - Creating ID=${attr(t, 'id', 'the entity id')} CardID=${t.attrs.cardID ?? ''}`, line: t.line };
        inEntity = true;
        break;
      case 'ShowEntity':
      case 'ChangeEntity': {
        const kw = t.name === 'ShowEntity' ? 'SHOW_ENTITY' : 'CHANGE_ENTITY';
        yield { raw: `${P}${kw} - Updating Entity=${attr(t, 'entity', 'the entity shown')} CardID=${t.attrs.cardID ?? ''}`, line: t.line };
        inEntity = true;
        break;
      }
      case 'Tag': {
        if (!inEntity) break;
        const tag = tagOf(attr(t, 'tag', 'a GameTag number'));
        yield { raw: `${P}    tag=${tag} value=${valueOf(tag, attr(t, 'value', 'the tag value'))}`, line: t.line };
        break;
      }
      case 'TagChange': {
        const tag = tagOf(attr(t, 'tag', 'a GameTag number'));
        const def = (t.attrs.hasChangeDef ?? '').toLowerCase() === 'true' ? ' DEF CHANGE' : '';
        yield { raw: `${P}TAG_CHANGE Entity=${attr(t, 'entity', 'the entity changed')} tag=${tag} value=${valueOf(tag, attr(t, 'value', 'the tag value'))}${def}`, line: t.line };
        break;
      }
      case 'HideEntity':
        yield { raw: `${P}HIDE_ENTITY - Entity=${attr(t, 'entity', 'the entity hidden')} tag=ZONE value=${valueOf('ZONE', attr(t, 'zone', 'the zone it goes to'))}`, line: t.line };
        break;
      case 'Block':
      case 'Action': {
        const n = attr(t, 'type', 'a BlockType number');
        const type = /^\d+$/.test(n) ? (BLOCK_NAMES.get(Number(n)) ?? n) : n;
        const kw = t.attrs.triggerKeyword ? tagOf(t.attrs.triggerKeyword) : '0';
        const raw = `${P}BLOCK_START BlockType=${type} Entity=${attr(t, 'entity', 'the entity acting')} EffectCardId=${t.attrs.effectCardId ?? ''} ` +
          `EffectIndex=${t.attrs.effectIndex ?? t.attrs.index ?? -1} Target=${t.attrs.target ?? 0} SubOption=${t.attrs.subOption ?? -1} TriggerKeyword=${kw}`;
        yield { raw, line: t.line }; // its BLOCK_END comes with the end token (also for a self-closing <Block/>)
        break;
      }
      case 'MetaData': {
        const n = attr(t, 'meta', 'a MetaDataType number');
        const meta = /^\d+$/.test(n) ? (META_NAMES.get(Number(n)) ?? n) : n;
        yield { raw: `${P}META_DATA - Meta=${meta} Data=${t.attrs.data ?? t.attrs.entity ?? 0} InfoCount=${t.attrs.infoCount ?? t.attrs.info ?? 0}`, line: t.line };
        break;
      }
      default:
        if (!SKIPPED.has(t.name) && !unknown.has(t.name)) {
          unknown.add(t.name);
          warn(`line ${t.line}: element <${t.name}> is not part of HSReplay's packets (skipped)`);
        }
    }
    if (t.name === 'GameEntity' && pendingGameType) {
      yield { raw: `${G}GameType=${pendingGameType}`, line: t.line };
      pendingGameType = undefined;
    }
  }
  if (games === 0) warn('the document holds no <Game>');
}

/** Whether a file's first bytes look like XML (what check-log reads as HSReplay rather than as a Power.log). */
export function looksLikeXml(head: string): boolean {
  return /^\uFEFF?\s*<(\?xml|!DOCTYPE|!--|HSReplay)/.test(head);
}

/** Parse HSReplay XML text: the games it holds (as ParsedGame, like a Power.log's), or an error and no games. */
export function parseHsReplayText(text: string, opts: ParseOptions = {}): { games: ParsedGame[]; warnings: string[]; error?: string; lines: number } {
  const games: ParsedGame[] = [];
  const warnings: string[] = [];
  const parser = new PowerLogParser(opts.name ?? 'text', (g) => games.push(g), { ...(opts.maxWarnings !== undefined ? { maxWarnings: opts.maxWarnings } : {}) });
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  try {
    for (const l of hsreplayToPowerLines(text, (w) => warnings.push(w))) parser.push(l.raw, l.line);
    parser.end();
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    return { games: [], warnings, error: `not valid HSReplay XML (${e.message})`, lines };
  }
  games.sort((a, b) => a.startLine - b.startLine);
  games.forEach((g, i) => {
    g.index = i + 1;
    const meta = g.records[0];
    if (meta && meta.t === 'meta') (meta as { producer: string }).producer = 'hsreplay';
  });
  if (!games.length && !warnings.length) warnings.push('the document holds no game');
  return { games, warnings, lines, ...(games.length ? {} : { error: 'no game in this HSReplay document' }) };
}

/** Parse an HSReplay file (read whole: an HSReplay document is one or a few games). Never throws for bad input. */
export async function parseHsReplay(
  path: string,
  onGame: OnGame,
  opts: ParseOptions = {},
): Promise<ParseSummary> {
  const name = opts.name ?? basename(path);
  const summary = newSummary(name);
  let text: string;
  try {
    summary.bytes = statSync(path).size;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return unreadable(summary, e);
  }
  const r = parseHsReplayText(text, { ...opts, name });
  summary.lines = r.lines;
  summary.warnings.push(...r.warnings);
  if (r.error) return { ...summary, error: r.error };
  for (const g of r.games) {
    summary.games++;
    summary.gameStateLines += g.counters.lines;
    if ((await onGame(g)) === false) break;
  }
  return summary;
}
