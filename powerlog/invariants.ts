/**
 * Log-fidelity invariants (issue 7): pure functions over an Arbiter trace (engine/trace/format.ts). They know nothing
 * of the Power.log parser, so any trace with block structure (fidelity 'phases') can be judged: a Power.log trace,
 * or the reference engine's own. Extra fields the Power.log parser adds (`line`, `type` on death events, `order` on
 * zone events, `cause` on game_check) are used when present and never required.
 *
 * Rule 3  (no entity is killed in the middle of a Phase): a character (minion or hero) dies only where Deaths
 *         happen: inside a Death Phase (kind DEATH / FORCED_DEATH; Power.log BlockType=DEATHS), inside the Death
 *         Creation Step (kind DEATH_CREATION, the engine's), or with no Phase open at all. What counts as dying: a
 *         `death` event, i.e. a minion or hero going PLAY -> GRAVEYARD. Leaving play any other way is not a Death and
 *         is not judged: returned to hand, shuffled into the deck, transformed (CHANGE_ENTITY keeps the entity in
 *         play; older logs move the old entity to SETASIDE), set aside (Faceless Manipulator, Magnetic, hero
 *         replacement), removed from game, or stolen (a CONTROLLER change: the minion stays in PLAY). The Power.log
 *         parser also emits no `death` for a minion returned to a full hand (destroyed instead) or moved by a puzzle
 *         GAME_RESET. The rulebook's exception, the Forced Death Phase, is allowed and counted: deaths inside a
 *         FORCED_DEATH phase (the Power.log parser maps a DEATHS block opened inside a running Phase to it), or marked
 *         by the producer (rule '3-forced-death', the engine's, exempt).
 * Rule 7  (Deaths are queued in order of play): within one Death Phase (or one Death Creation Step) characters
 *         reach the graveyard oldest first. Order of play is the entity record's `order`, or the `order` of the zone
 *         or summon event that last put it in play. Characters whose order is unknown (preexisting in a log that
 *         began mid-game, recreated by a puzzle reset) are skipped and counted. A force-played minion (`forcePlay`)
 *         may rank as the oldest (the rulebook's force-play bug) or at its entry, whichever keeps the order.
 * Rule 9  (the result is decided only when a Sequence ends): a decided `game_check` (win / loss / draw) happens only
 *         with no Sequence, Phase or trigger block open (a GAME_END_CHECK step may be), or in the one exception,
 *         between an attack's Preparation and its Combat: the only open Phase is a PREPARATION phase in which no
 *         COMBAT phase has begun (Power.log: the ATTACK block before the first combat mark), or no Phase is open and
 *         the open ATTACK Sequence has not begun Combat (engine).
 */
import type { EntityRecord, OpenRecord, TraceRecord } from '../engine/trace/format.js';

export type { Violation } from '../engine/trace/violation.js';
import type { Violation } from '../engine/trace/violation.js';

export interface RuleStats {
  rule: string;
  /** Things judged (character deaths for 3, death phases with >= 2 ordered character deaths for 7, decided results for 9). */
  checks: number;
  /** Rule 7: character deaths in death phases; Rule 3: character (minion and hero) deaths. */
  deaths?: number;
  /** Rule 7: deaths skipped because their order of play is unknown (preexisting, recreated). */
  skippedUnknownOrder?: number;
  /** Rule 7: adjacent pairs compared. */
  pairs?: number;
  /** Rule 7: minion deaths of force-played minions (ranked oldest or at entry, whichever keeps the order). */
  forcePlayed?: number;
  /** Rule 3: deaths inside a Forced Death Phase (the rulebook's exception; allowed, counted). */
  inForcedDeathPhase?: number;
  /** Rule 3: deaths the producer marked as forced (exempt). Rule 9: results inside the attack exception. */
  exempt?: number;
  /** Rule 9: results caused by a concession or disconnection. */
  forced?: number;
  violations: number;
}

export interface Judgement {
  violations: Violation[];
  stats: RuleStats[];
}

type Rec = TraceRecord & { line?: number; [k: string]: unknown };

interface OpenState {
  rec: OpenRecord & { line?: number; [k: string]: unknown };
  /** A COMBAT phase was opened inside this block (ATTACK sequences / PREPARATION phases). */
  combatBegun: boolean;
}

/** Walks a trace keeping the open blocks, the entities and their order of play. */
class Walker {
  readonly stack: OpenState[] = [];
  readonly entities = new Map<number, EntityRecord>();
  readonly order = new Map<number, number | undefined>();
  /** Force-played minions (rulebook: a bug makes them the oldest, whatever their entry). */
  readonly forced = new Set<number>();

  private setOrder(id: number, r: { order?: unknown; forcePlay?: unknown }): void {
    this.order.set(id, typeof r.order === 'number' ? r.order : undefined);
    if (r.forcePlay === true) this.forced.add(id);
    else this.forced.delete(id);
  }

  step(r: Rec): void {
    switch (r.t) {
      case 'entity': {
        const prev = this.entities.get(r.id);
        this.entities.set(r.id, { ...prev, ...r });
        // An entity record in play states its order of play (absent: unknown, e.g. preexisting in a mid-game log).
        if (String(r.zone).toLowerCase() === 'play') this.setOrder(r.id, r);
        return;
      }
      case 'open': {
        if (r.kind === 'COMBAT') for (const s of this.stack) if (s.rec.kind === 'PREPARATION' || (s.rec.block === 'sequence' && s.rec.kind === 'ATTACK')) s.combatBegun = true;
        this.stack.push({ rec: r as OpenState['rec'], combatBegun: false });
        return;
      }
      case 'close': {
        const i = this.stackIndex(r.id);
        if (i >= 0) this.stack.length = i;
        return;
      }
      case 'event': {
        if ((r.e === 'zone' && String(r.to).toLowerCase() === 'play') || r.e === 'summon') this.setOrder(r.entity, r as { order?: unknown });
        return;
      }
      default:
        return;
    }
  }

  private stackIndex(id: number): number {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.rec.id === id) return i;
    return -1;
  }

  /** Innermost open block that is not a Sequence. */
  innermostNonSequence(): OpenState | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.rec.block !== 'sequence') return this.stack[i];
    return undefined;
  }

  type(id: number, ev?: Rec): string {
    const t = (ev as { type?: unknown } | undefined)?.type;
    if (typeof t === 'string') return t.toLowerCase();
    return String(this.entities.get(id)?.type ?? '').toLowerCase();
  }

  /** "minion #57 Knife Juggler": the name the event carries (Power.log brackets), else the entity record's. */
  describe(id: number, ev?: Rec): string {
    const e = this.entities.get(id);
    const evName = ev && typeof ev.name === 'string' ? ev.name : undefined;
    const name = evName || e?.name || e?.card || '';
    const type = this.type(id, ev) || 'entity';
    return `${type} #${id}${name ? ` ${name}` : ''}`;
  }
}

function describeBlock(b: OpenState['rec']): string {
  const logType = typeof b.logType === 'string' ? b.logType : undefined;
  const what = logType ? `${logType} block` : `${b.kind} ${b.block}`;
  return b.line !== undefined ? `${what} opened at line ${b.line}` : `${what} #${b.id}`;
}

function at(line: number | undefined): string {
  return line !== undefined ? `line ${line}: ` : '';
}

function fmtOrder(o: number): string {
  return o === -Infinity ? 'oldest: force-played' : String(o);
}

const DEATH_PLACES = new Set(['DEATH', 'FORCED_DEATH', 'DEATH_CREATION']);
/** What can die (characters). Weapons also go to the graveyard (destroyed, replaced) but are not judged. */
const CHARACTERS = new Set(['minion', 'hero']);

/** Rule 3, with statistics. */
export function judgeRule3(records: readonly TraceRecord[]): { violations: Violation[]; stats: RuleStats } {
  const w = new Walker();
  const violations: Violation[] = [];
  const stats: RuleStats = { rule: '3', checks: 0, deaths: 0, exempt: 0, violations: 0 };
  for (const r of records as readonly Rec[]) {
    w.step(r);
    if (r.t !== 'event' || r.e !== 'death') continue;
    if (!CHARACTERS.has(w.type(r.entity, r))) continue;
    stats.deaths!++;
    if (typeof r.rule === 'string' && r.rule.startsWith('3-forced')) { stats.exempt!++; continue; }
    stats.checks++;
    const inner = w.innermostNonSequence();
    if (inner?.rec.kind === 'FORCED_DEATH') stats.inForcedDeathPhase = (stats.inForcedDeathPhase ?? 0) + 1;
    if (!inner || DEATH_PLACES.has(inner.rec.kind)) continue;
    violations.push({
      invariant: 'log-rule-3', path: '',
      rule: '3',
      message: `${at(r.line)}${w.describe(r.entity, r)} left play outside a death phase (inside ${describeBlock(inner.rec)})`,
      ...(r.line !== undefined ? { line: r.line } : {}),
      entities: [r.entity],
    });
  }
  stats.violations = violations.length;
  return { violations, stats };
}

/** Rule 7, with statistics. */
export function judgeRule7(records: readonly TraceRecord[]): { violations: Violation[]; stats: RuleStats } {
  const w = new Walker();
  const violations: Violation[] = [];
  const stats: RuleStats = { rule: '7', checks: 0, deaths: 0, skippedUnknownOrder: 0, pairs: 0, violations: 0 };
  /** Per open death place: the last ordered minion death seen in it. */
  const last = new Map<number, { entity: number; order: number; desc: string; line?: number; counted: boolean }>();
  for (const r of records as readonly Rec[]) {
    if (r.t === 'close') last.delete(r.id);
    // Order of play must be read before the death removes nothing: deaths keep their order in the walker.
    w.step(r);
    if (r.t !== 'event' || r.e !== 'death') continue;
    if (!CHARACTERS.has(w.type(r.entity, r))) continue;
    const inner = w.innermostNonSequence();
    if (!inner || !DEATH_PLACES.has(inner.rec.kind)) continue;
    stats.deaths!++;
    const known = w.order.get(r.entity);
    if (known === undefined) { stats.skippedUnknownOrder!++; continue; }
    // Rulebook (Rule 2a note, Force play): "mechanics that play a minion from your hand or from your deck have a bug
    // that makes the new minion the oldest". Real logs show it in 2015 and not from 2017 on, so a force-played minion
    // may rank either as the oldest or at its entry; the smallest rank that keeps the phase in order is taken.
    const forced = w.forced.has(r.entity);
    if (forced) stats.forcePlayed = (stats.forcePlayed ?? 0) + 1;
    const prev = last.get(inner.rec.id);
    const order = forced && (!prev || prev.order === -Infinity || known < prev.order) ? -Infinity : known;
    if (prev) {
      stats.pairs!++;
      if (!prev.counted) { stats.checks++; prev.counted = true; }
      if (order < prev.order) {
        violations.push({
          invariant: 'log-rule-7', path: '',
          rule: '7',
          message: `${at(r.line)}in the death phase (${describeBlock(inner.rec)}) ${w.describe(r.entity, r)} (order of play ${fmtOrder(order)}) ` +
            `went to the graveyard after ${prev.desc} (order of play ${fmtOrder(prev.order)}${prev.line !== undefined ? `, line ${prev.line}` : ''}), ` +
            `though it entered play earlier`,
          ...(r.line !== undefined ? { line: r.line } : {}),
          entities: [prev.entity, r.entity],
        });
      }
    }
    last.set(inner.rec.id, { entity: r.entity, order, desc: w.describe(r.entity, r), ...(r.line !== undefined ? { line: r.line } : {}), counted: prev?.counted ?? false });
  }
  stats.violations = violations.length;
  return { violations, stats };
}

/** Rule 9, with statistics. */
export function judgeRule9(records: readonly TraceRecord[]): { violations: Violation[]; stats: RuleStats } {
  const w = new Walker();
  const violations: Violation[] = [];
  const stats: RuleStats = { rule: '9', checks: 0, exempt: 0, forced: 0, violations: 0 };
  const list = records as readonly Rec[];
  for (let k = 0; k < list.length; k++) {
    const r = list[k]!;
    w.step(r);
    if (r.t !== 'event' || r.e !== 'game_check' || r.result === 'ongoing') continue;
    stats.checks++;
    const cause = typeof r.cause === 'string' ? r.cause : undefined;
    const open = w.stack.filter((s) => !(s.rec.block === 'step' && s.rec.kind === 'GAME_END_CHECK'));
    if (open.length === 0) {
      // Logs of 2015 write a Sequence's Death Phase as a DEATHS block of its own at the top level, after the block of
      // the action: a result before that block is decided before the Sequence ends.
      const deaths = cause === 'check' || cause === undefined ? deathsBlockNext(list, k) : null;
      if (deaths) violations.push({
        invariant: 'log-rule-9', path: '', rule: '9',
        message: `${at(r.line)}${typeof r.playstate === 'string' ? `PLAYSTATE ${r.playstate}` : `game result '${r.result}'`} was decided before the top-level DEATHS block at line ${deaths}, the Death Phase of the Sequence that had just run: the game is decided when the Sequence ends`,
        ...(r.line !== undefined ? { line: r.line } : {}),
        entities: typeof r.player === 'number' ? [r.player] : [],
      });
      continue;
    }
    // A concession / disconnection ends the game at once, wherever it falls: not a Rule 9 game check.
    if (cause && cause !== 'check') { stats.forced!++; continue; }
    const phases = open.filter((s) => s.rec.block !== 'sequence');
    const seqs = open.filter((s) => s.rec.block === 'sequence');
    const seqsOk = seqs.every((s) => s.rec.kind === 'ATTACK' || s.rec.kind === 'LOG_BLOCK');
    const prepOnly = phases.length === 1 && phases[0]!.rec.kind === 'PREPARATION' && !phases[0]!.combatBegun;
    const attackSeqOnly = phases.length === 0 && seqs.some((s) => s.rec.kind === 'ATTACK') && !seqs.some((s) => s.combatBegun);
    if (seqsOk && (prepOnly || attackSeqOnly)) { stats.exempt!++; continue; }
    const inner = open[open.length - 1]!;
    const who = typeof r.playerName === 'string' ? ` for ${r.playerName}` : r.winner !== undefined ? ` (winner ${r.winner})` : '';
    const what = typeof r.playstate === 'string' ? `PLAYSTATE ${r.playstate}` : `game result '${r.result}'`;
    const combat = phases.some((s) => s.rec.kind === 'COMBAT') ? ', after combat began' : '';
    violations.push({
      invariant: 'log-rule-9', path: '',
      rule: '9',
      message: `${at(r.line)}${what}${who} was decided while ${open.length} block(s) were open (inside ${describeBlock(inner.rec)}${combat})` +
        (cause && cause !== 'check' ? ` [after a ${cause}]` : ''),
      ...(r.line !== undefined ? { line: r.line } : {}),
      entities: typeof r.player === 'number' ? [r.player] : [],
    });
  }
  stats.violations = violations.length;
  return { violations, stats };
}

/** The line of a top-level DEATHS block that comes next after record k (other game results between), else null. */
function deathsBlockNext(list: readonly Rec[], k: number): number | null {
  for (let j = k + 1; j < list.length; j++) {
    const r = list[j]!;
    if (r.t === 'event' && r.e === 'game_check') continue;
    if (r.t === 'open' && r.block === 'sequence') {
      const first = list[j + 1];
      return first && first.t === 'open' && first.logType === 'DEATHS' ? (typeof first.line === 'number' ? first.line : null) : null;
    }
    return null;
  }
  return null;
}

export function rule3(records: readonly TraceRecord[]): Violation[] {
  return judgeRule3(records).violations;
}
export function rule7(records: readonly TraceRecord[]): Violation[] {
  return judgeRule7(records).violations;
}
export function rule9(records: readonly TraceRecord[]): Violation[] {
  return judgeRule9(records).violations;
}

/** All log-fidelity invariants, in rule order. */
export function judge(records: readonly TraceRecord[]): Judgement {
  const parts = [judgeRule3(records), judgeRule7(records), judgeRule9(records)];
  const violations = parts.flatMap((p) => p.violations).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { violations, stats: parts.map((p) => p.stats) };
}

export const INVARIANTS = { '3': rule3, '7': rule7, '9': rule9 } as const;
