/**
 * What parsing one game of a Power.log produces (ParsedGame: trace records, counters, warnings), and GameOutput, the
 * collector the parts of the parser write one game's records, counters and capped warnings into.
 */
import type { TraceRecord } from '../engine/trace/format.js';
import type { LogSource } from './grammar.js';

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

/** One game's records, counters and warnings while it is built. */
export class GameOutput {
  readonly records: PowerRecord[] = [];
  readonly warnings: string[] = [];
  readonly counters: GameCounters = {
    lines: 0, blocks: 0, deathPhases: 0, deaths: 0, minionDeaths: 0, tagChanges: 0, entities: 0, preexisting: 0,
    unclosedBlocks: 0, strayBlockEnds: 0, unparsed: 0, unknownEntities: 0, unresolvedPlayerTags: 0, forcePlays: 0,
    fullHandRemovals: 0, resetInPlay: 0, repairedBlocks: 0, forcedDeathPhases: 0,
  };
  private warningsDropped = 0;

  constructor(private readonly maxWarnings: number) {}

  /** Keeps the first maxWarnings warnings, counts the rest. */
  warn(msg: string): void {
    if (this.warnings.length < this.maxWarnings) this.warnings.push(msg);
    else this.warningsDropped++;
  }

  emit(r: PowerRecord): void {
    this.records.push(r);
  }

  /** The game ended: say how many warnings were dropped. */
  endWarnings(): void {
    if (this.warningsDropped) this.warnings.push(`... and ${this.warningsDropped} more warning(s)`);
  }
}

/** A trace controller (0 or 1, as in the engine's traces) from a log PlayerID (1 or 2). */
export function ctl(playerId: number): number {
  return playerId >= 1 ? playerId - 1 : playerId;
}

/** What reading one file gave (a Power.log or an HSReplay document). */
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

/** Called with each game read; return false (or a promise of false) to stop reading: no further game is delivered. */
export type OnGame = (g: ParsedGame) => void | boolean | Promise<void | boolean>;

/** The summary of a file before anything is read from it. */
export function newSummary(file: string): ParseSummary {
  return { file, bytes: 0, lines: 0, games: 0, gameStateLines: 0, powerTaskListLines: 0, warnings: [] };
}

/** The summary of a file that cannot be read (`e`: the error from the file system). */
export function unreadable(summary: ParseSummary, e: unknown): ParseSummary {
  return { ...summary, error: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
}

