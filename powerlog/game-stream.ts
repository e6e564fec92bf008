/**
 * Game boundaries: splits a stream of Power.log lines into games. Each CREATE_GAME starts a game (lines before any
 * start an implicit mid-game one); GameState and PowerTaskList lines are followed by one game builder each, and a
 * PowerTaskList game that is the twin of a GameState game is skipped. DebugPrintGame and EntityChoices lines give the
 * build, game type and player names.
 */
import { GameBuilder } from './game-builder.js';
import { isPowerish, parseDebugPrintGame, parseEntityChoices, splitLine, type LogSource } from './grammar.js';
import type { ParsedGame } from './parsed-game.js';

export interface ParseOptions {
  /** Display name for messages (defaults to the file's base name). */
  name?: string;
  /** Force one source instead of GameState-first-then-PowerTaskList per game. */
  source?: LogSource;
  /** Cap on warnings kept per game (default 20). */
  maxWarnings?: number;
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

  /** One line of the log; `at` gives its line number when the lines come from elsewhere (an HSReplay element's XML
   * line), else lines are counted from 1. */
  push(raw: string, at?: number): void {
    const lineNo = at ?? ++this.lineNo;
    if (at !== undefined) this.lineNo = at;
    const l = splitLine(raw);
    if (!l) {
      if (isPowerish(raw)) this.powerishLines++;
      return;
    }
    this.powerishLines++;
    const { source, fn, body } = l;
    if (fn === 'DebugPrintGame') return this.debugPrintGame(body);
    if (fn === 'DebugPrintEntityChoices') return this.entityChoices(body);
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
    const d = parseDebugPrintGame(body);
    if (!d) return;
    if ('build' in d) {
      this.lastBuild = d.build;
      if (this.gs) this.gs.build = this.lastBuild;
      return;
    }
    const target = this.gs ?? this.ptl;
    if ('gameType' in d) {
      if (target) target.gameType = d.gameType;
      return;
    }
    if (target) target.players.setPlayerName(d.playerId, d.name);
  }

  /** `id=2 Player=Homa86 TaskList=4 ChoiceType=MULLIGAN` then `Entities[0]=[... player=2]`: ties a name to a PlayerID. */
  private choiceName?: string;
  private entityChoices(body: string): void {
    const c = parseEntityChoices(body);
    if (!c) return;
    if ('chooser' in c) { this.choiceName = c.chooser; return; }
    if (this.choiceName && this.choiceName !== 'GameEntity' && c.entityPlayer !== undefined) {
      const player = c.entityPlayer;
      for (const g of [this.gs, this.ptl]) {
        if (g && !g.players.names.has(this.choiceName) && g.players.playerEntities.has(player)) g.players.setPlayerName(player, this.choiceName);
      }
      this.choiceName = undefined;
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
