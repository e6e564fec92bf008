/**
 * Block nesting for one game, mapped onto trace records: every log block (BLOCK_START / ACTION_START ... BLOCK_END /
 * ACTION_END) opens and closes a 'phase' (DEATHS -> DEATH, or FORCED_DEATH inside a running Phase; ATTACK ->
 * PREPARATION; POWER inside PLAY -> SPELL_TEXT / BATTLECRY / HERO_POWER; else OTHER), a top-level one wrapped in a
 * LOG_BLOCK 'sequence'; inside an ATTACK block a synthetic COMBAT phase opens at the first combat mark. Blocks that
 * lost their BLOCK_END are closed when a turn begins (`repaired`) or when the game's lines end (`truncated`).
 */
import type { BlockType } from '../engine/trace/format.js';
import type { EntityTracker } from './entities.js';
import type { OpenBlock } from './game-state.js';
import type { BlockStartLine } from './grammar.js';
import { ctl, type GameOutput, type PowerRecord } from './parsed-game.js';

const TRACE_BLOCK_TYPES = new Set<string>(['PLAY', 'POWER', 'TRIGGER', 'DEATHS', 'ATTACK', 'FATIGUE']);
/** Tags that, changed on the attacker or defender directly inside an ATTACK block, mean combat has begun. */
const COMBAT_TAGS = new Set(['DEFENDING', 'PREDAMAGE', 'DAMAGE', 'DIVINE_SHIELD', 'ARMOR', 'NUM_ATTACKS_THIS_TURN']);

export class BlockTracker {
  private nextBlock = 1;

  constructor(
    private readonly out: GameOutput,
    private readonly ents: EntityTracker,
    /** The open blocks, innermost last (shared with the entity tracker, which reads it). */
    readonly stack: OpenBlock[],
  ) {}

  /** Inside an ATTACK block, the first direct change of a combat tag on the attacker or defender starts Combat. */
  combatCheck(id: number, tag: string, line: number): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.logType !== 'ATTACK' || top.combat !== undefined) return;
    if (!COMBAT_TAGS.has(tag)) return;
    const game = this.ents.entities.get(this.ents.gameEntity);
    const attacker = Number(game?.tags.get('PROPOSED_ATTACKER') ?? 0) || top.subject;
    const defender = Number(game?.tags.get('PROPOSED_DEFENDER') ?? 0) || top.target;
    if (id !== attacker && id !== defender) return;
    this.openCombat(top, line);
  }

  private openCombat(top: OpenBlock, line: number): void {
    const game = this.ents.entities.get(this.ents.gameEntity);
    const attacker = Number(game?.tags.get('PROPOSED_ATTACKER') ?? 0) || top.subject;
    const defender = Number(game?.tags.get('PROPOSED_DEFENDER') ?? 0) || top.target;
    top.combat = this.nextBlock++;
    this.out.emit({
      t: 'open', id: top.combat, block: 'phase', kind: 'COMBAT', type: 'ATTACK', subject: attacker,
      ...(defender ? { target: defender } : {}), outermost: false, synthetic: true, line,
    } as PowerRecord);
  }

  /** BLOCK_START / ACTION_START. */
  start(head: BlockStartLine, line: number): void {
    const logType = head.logType;
    const subject = head.entity !== undefined ? this.ents.resolve(this.ents.parseRef(head.entity), line) ?? 0 : 0;
    const target = head.target !== undefined ? this.ents.resolve(this.ents.parseRef(head.target), line) ?? 0 : 0;
    this.out.counters.blocks++;
    if (logType === 'DEATHS') this.out.counters.deathPhases++;
    const parent = this.stack[this.stack.length - 1];
    const outermost = this.stack.length === 0;
    // A DEATHS block is normally top-level or directly inside the action's top-level block (PLAY, ATTACK, TRIGGER:
    // the Sequence), written after the outermost Phase ended. One opened deeper, inside a running Phase (POWER,
    // TRIGGER, a nested PLAY), is the rulebook's Forced Death Phase: note the cards of the blocks it interrupts.
    const forced = logType === 'DEATHS' && this.stack.length >= 2;
    if (forced) this.out.counters.forcedDeathPhases++;
    const forcedBy = forced ? [...new Set(this.stack.slice(1).map((b) => this.ents.entities.get(b.subject)?.card).filter((c): c is string => !!c))] : [];
    let seq: number | undefined;
    if (outermost) {
      seq = this.nextBlock++;
      this.out.emit({ t: 'open', id: seq, block: 'sequence', kind: 'LOG_BLOCK', line } as PowerRecord);
    }
    const id = this.nextBlock++;
    const subj = this.ents.entities.get(subject);
    this.out.emit({
      t: 'open', id, block: 'phase', kind: forced ? 'FORCED_DEATH' : this.phaseKind(logType, parent), ...(TRACE_BLOCK_TYPES.has(logType) ? { type: logType as BlockType } : {}),
      ...(forced ? { forcedBy } : {}),
      ...(subject ? { subject } : {}), ...(target ? { target } : {}),
      ...(subj && subj.controller >= 1 && subj.controller <= 2 && subj.type !== 'game' ? { player: ctl(subj.controller) } : {}),
      outermost, logType,
      ...(head.triggerKeyword !== undefined ? { triggerKeyword: head.triggerKeyword } : {}),
      ...(head.effectCardId !== undefined ? { effectCardId: head.effectCardId } : {}),
      line,
    } as PowerRecord);
    this.stack.push({ id, seq, logType, line, subject, target });
  }

  private phaseKind(logType: string, parent: OpenBlock | undefined): string {
    if (logType === 'DEATHS') return 'DEATH';
    if (logType === 'ATTACK') return 'PREPARATION';
    if (logType === 'POWER' && parent?.logType === 'PLAY') {
      const t = this.ents.entities.get(parent.subject)?.type;
      if (t === 'spell') return 'SPELL_TEXT';
      if (t === 'minion') return 'BATTLECRY';
      if (t === 'hero_power') return 'HERO_POWER';
    }
    return 'OTHER';
  }

  /** BLOCK_END / ACTION_END. */
  end(line: number): void {
    const b = this.stack.pop();
    if (!b) {
      this.out.counters.strayBlockEnds++;
      this.out.warn(`line ${line}: BLOCK_END with no open block (ignored)`);
      return;
    }
    this.closeBlock(b, line, false);
  }

  private closeBlock(b: OpenBlock, line: number, truncated: boolean, repaired = false): void {
    const extra = truncated ? { truncated: true } : repaired ? { repaired: true } : {};
    if (b.combat !== undefined) this.out.emit({ t: 'close', id: b.combat, line, ...extra } as PowerRecord);
    this.out.emit({ t: 'close', id: b.id, line, ...extra } as PowerRecord);
    if (b.seq !== undefined) this.out.emit({ t: 'close', id: b.seq, line, ...extra } as PowerRecord);
  }

  /**
   * A turn begins (STEP MAIN_READY) only with no block open; blocks still open then lost their BLOCK_END in the log
   * (seen: the 2015 mulligan block of data__brawls__underdog-rules.log). Close them here.
   */
  repairAtTurnStart(line: number): void {
    const open = listed(this.stack.map((b) => `${b.logType} block opened at line ${b.line}`));
    this.out.warn(`line ${line}: a turn begins while ${this.stack.length} block(s) are open (${open}): the log lost their BLOCK_END; closed here`);
    this.out.counters.repairedBlocks += this.stack.length;
    while (this.stack.length) this.closeBlock(this.stack.pop()!, line, false, true);
  }

  /** The game's lines ended (at endLine) with blocks still open: the log was cut off; close them. */
  closeUnclosed(endLine: number): void {
    if (!this.stack.length) return;
    this.out.counters.unclosedBlocks = this.stack.length;
    const open = listed(this.stack.map((b) => `${b.logType}@${b.line}`));
    this.out.warn(`game ended with ${this.stack.length} block(s) still open (log cut off after line ${endLine}): ${open}`);
    while (this.stack.length) this.closeBlock(this.stack.pop()!, endLine, true);
  }
}

/** At most the first and last five of a list, with how many are left out between (a hostile log may open millions). */
function listed(items: readonly string[]): string {
  if (items.length <= 10) return items.join(', ');
  return `${items.slice(0, 5).join(', ')}, … (${items.length - 10} more), ${items.slice(-5).join(', ')}`;
}
