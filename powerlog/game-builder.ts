/**
 * One game being built from one source's DebugPrintPower lines: dispatches each line form (grammar.ts) to the entity
 * tracker (entities.ts, players.ts) or the block tracker (blocks.ts), holds an entity line until its `tag=` lines are
 * read, and at the end hands the game over as a ParsedGame.
 */
import { TRACE_FORMAT } from '../engine/trace/format.js';
import { BlockTracker } from './blocks.js';
import { EntityTracker } from './entities.js';
import type { OpenBlock, PendingDef } from './game-state.js';
import {
  isIgnoredPowerLine, parseBlockStart, parseFullEntity, parseGameEntityId, parseHideEntity, parseMetaData, parsePlayerEntity,
  parseShowOrChange, parseTagChange, parseTagLine, tagName, type LogSource,
} from './grammar.js';
import { GameOutput, type ParsedGame } from './parsed-game.js';
import type { Players } from './players.js';

export class GameBuilder {
  private readonly out: GameOutput;
  private readonly ents: EntityTracker;
  private readonly blocks: BlockTracker;
  build?: number;
  gameType?: string;
  endLine: number;
  private pending: PendingDef | null = null;

  constructor(
    readonly file: string,
    readonly source: LogSource,
    readonly startLine: number,
    maxWarnings: number,
  ) {
    this.out = new GameOutput(maxWarnings);
    const stack: OpenBlock[] = [];
    this.ents = new EntityTracker(this.out, stack);
    this.blocks = new BlockTracker(this.out, this.ents, stack);
    this.endLine = startLine;
    this.out.emit({ t: 'meta', format: TRACE_FORMAT, producer: 'power.log', profile: 'hearthstone', fidelity: 'phases', scenario: file, source, line: startLine });
  }

  get players(): Players {
    return this.ents.players;
  }

  /** The log (or excerpt) starts inside this game: no CREATE_GAME, entities come from their brackets. */
  get implicit(): boolean {
    return this.ents.implicit;
  }

  startImplicit(line: number): void {
    this.ents.startImplicit(line);
  }

  /** A DebugPrintPower line of this game (body: the text after `DebugPrintPower() - `, trimmed). */
  handle(body: string, line: number): void {
    this.out.counters.lines++;
    this.endLine = line;
    if (body.startsWith('tag=')) {
      const tv = parseTagLine(body);
      if (tv && this.pending) this.pending.tags.push(tv);
      else this.unparsed(body, line);
      return;
    }
    this.flushPending();
    if (body.startsWith('TAG_CHANGE ')) return this.tagChange(body, line);
    if (body.startsWith('BLOCK_START') || body.startsWith('ACTION_START')) {
      this.ents.endDump();
      return this.blocks.start(parseBlockStart(body), line);
    }
    if (body.startsWith('BLOCK_END') || body.startsWith('ACTION_END')) return this.blocks.end(line);
    if (body.startsWith('FULL_ENTITY')) return this.fullEntity(body, line);
    if (body.startsWith('SHOW_ENTITY')) return this.showOrChange(body, line, 'show');
    if (body.startsWith('CHANGE_ENTITY')) return this.showOrChange(body, line, 'change');
    if (body.startsWith('HIDE_ENTITY')) return this.hideEntity(body, line);
    if (body.startsWith('META_DATA')) {
      if (parseMetaData(body) === undefined) this.unparsed(body, line);
      return;
    }
    if (body.startsWith('GameEntity EntityID=')) {
      this.pending = { kind: 'game', id: parseGameEntityId(body), card: '', name: 'GameEntity', line, tags: [], existing: false };
      return;
    }
    if (body.startsWith('Player EntityID=')) {
      const p = parsePlayerEntity(body);
      if (!p) return this.unparsed(body, line);
      const id = p.id;
      const pid = p.playerId;
      this.players.playerEntities.set(pid, id);
      this.pending = { kind: 'player', id, card: '', name: `Player ${pid}`, line, tags: [], existing: false, playerId: pid };
      return;
    }
    if (isIgnoredPowerLine(body)) return;
    this.unparsed(body, line);
  }

  /** Applies the entity line read last, with its `tag=` lines. */
  private flushPending(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.ents.define(p);
  }

  private unparsed(body: string, line: number): void {
    this.out.counters.unparsed++;
    if (this.out.counters.unparsed <= 3) this.out.warn(`line ${line}: unrecognised power line: ${body.slice(0, 80)}`);
  }

  private tagChange(body: string, line: number): void {
    this.ents.endDump();
    const m = parseTagChange(body);
    if (!m) return this.unparsed(body, line);
    this.out.counters.tagChanges++;
    const ref = this.ents.parseRef(m.entity);
    const tag = tagName(m.tag);
    const value = m.value;
    const id = this.ents.resolve(ref, line, tag, value);
    if (id === undefined) {
      this.out.counters.unresolvedPlayerTags++;
      if (tag === 'PLAYSTATE' && ref.name !== undefined) this.ents.unresolvedPlaystate(ref.name, value, line);
      return;
    }
    const e = this.ents.entities.get(id);
    if (!e) return;
    this.blocks.combatCheck(id, tag, line);
    if (tag === 'STEP' && value === 'MAIN_READY' && id === this.ents.gameEntity && this.blocks.stack.length) this.blocks.repairAtTurnStart(line);
    this.ents.setTag(e, tag, value, line, false);
  }

  private fullEntity(body: string, line: number): void {
    const m = parseFullEntity(body);
    if (!m) return this.unparsed(body, line);
    if ('id' in m) {
      this.pending = { kind: 'full', id: m.id, card: m.card, name: '', line, tags: [], existing: this.ents.entities.has(m.id) };
      return;
    }
    const ref = this.ents.parseRef(m.entity);
    if (ref.id === undefined) return this.unparsed(body, line);
    this.pending = {
      kind: 'full', id: ref.id, card: m.card, name: ref.entityName && !ref.entityName.startsWith('UNKNOWN ENTITY') ? ref.entityName : '',
      line, tags: [], existing: this.ents.entities.has(ref.id), bracketPlayer: ref.player,
    };
  }

  private showOrChange(body: string, line: number, kind: 'show' | 'change'): void {
    this.ents.endDump();
    const m = parseShowOrChange(body);
    if (!m) return this.unparsed(body, line);
    const id = this.ents.resolve(this.ents.parseRef(m.entity), line);
    if (id === undefined || !this.ents.entities.has(id)) {
      this.out.warn(`line ${line}: ${kind === 'show' ? 'SHOW_ENTITY' : 'CHANGE_ENTITY'} names no known entity (${m.entity.slice(0, 60)})`);
      return;
    }
    this.pending = { kind, id, card: m.card, name: '', line, tags: [], existing: true };
  }

  private hideEntity(body: string, line: number): void {
    this.ents.endDump();
    const m = parseHideEntity(body);
    if (!m) return this.unparsed(body, line);
    const id = this.ents.resolve(this.ents.parseRef(m.entity), line);
    const e = id !== undefined ? this.ents.entities.get(id) : undefined;
    if (!e) return;
    this.ents.setTag(e, m.tag, m.value, line, false);
  }

  /** The game's lines ended: close what is still open. */
  finish(): ParsedGame {
    this.flushPending();
    this.blocks.closeUnclosed(this.endLine);
    this.out.endWarnings();
    const players = [...this.players.playerEntities.entries()].map(([player, entity]) => {
      const n = this.players.playerName(entity);
      return { player, entity, ...(n.startsWith('player entity') ? {} : { name: n }) };
    });
    return {
      file: this.file, index: 0, source: this.source, startLine: this.startLine, endLine: this.endLine,
      ...(this.build !== undefined ? { build: this.build } : {}),
      ...(this.gameType !== undefined ? { gameType: this.gameType } : {}),
      midGame: this.ents.midGame, complete: this.ents.complete, players,
      records: this.out.records, counters: this.out.counters, warnings: this.out.warnings,
    };
  }
}
