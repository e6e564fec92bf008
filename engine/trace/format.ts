/**
 * The Arbiter trace (version "arbiter-trace/1"): one vocabulary between producers (reference engine, adapters,
 * Power.log parser) and consumers (golden verify, invariants, differential comparison, reports).
 *
 * A trace is a flat list of records, one per line when written. Blocks are opened and closed explicitly
 * (like PowerHistory's BLOCK_START / BLOCK_END), so a trace streams, diffs line by line, and a consumer rebuilds
 * the tree with a stack. Entities are named by stable integer ids; an `entity` record introduces each one.
 */

import type {
  PlayerIndex, StatsEvent, ConditionEvent, TriggerConditionEvent, RefusedEvent, StackPushEvent, StackResolveEvent,
  PriorityEvent, GameActionEvent, HostPhaseEvent, HostStatsEvent, ResourceEvent, ApEvent, TriggerWaitEvent, SeenEvent, SeenBy,
  BattleEvent, ActionEvent, StatusEvent, PlayerStatusEvent, SummonRefusedEvent,
} from './events.js';

// the named parts live in events.ts; importers keep reading them from this file
export type {
  CostLayerRecord, PlayerIndex, StatLayerRecord, StatsEvent, ConditionEvent, TriggerConditionEvent, RefusedEvent,
  StackPushEvent, StackResolveEvent, PriorityEvent, GameActionEvent, HostPhaseEvent, HostStatsEvent, ResourceEvent,
  ApEvent, TriggerWaitEvent, SeenEvent, SeenBy, BattleEvent, ActionEvent, StatusEvent, PlayerStatusEvent, SummonRefusedEvent,
} from './events.js';

export const TRACE_FORMAT = 'arbiter-trace/1';

/**
 * Host profile (seed 002, 42.1): resolutions a chain may run without a player's choice before it counts as an infinite
 * loop. The Host kernel's loop check looks this far ahead; a `stack_resolve` with `result: "loop"` refers to it. Far
 * above what a chain that ends in a loss can take (42.1.1.1: not a loop): each deck holds 50 cards and each Host's
 * health counts its damage, so a chain that draws or deals damage ends within a few hundred resolutions.
 */
export const HOST_LOOP_BOUND = 1000;

/** How much a producer can tell (adapter protocol `fidelity`). Consumers run only what the fidelity supports. */
export type Fidelity = 'final_state' | 'events' | 'phases';

export type BlockKind = 'sequence' | 'phase' | 'step' | 'trigger';

/** PowerHistory block types (Power.log BlockType) that a phase maps onto where one fits. */
export type BlockType = 'PLAY' | 'POWER' | 'TRIGGER' | 'DEATHS' | 'ATTACK' | 'FATIGUE';

/** Sequence kinds: one per Player Action, plus Summon (a Sequence started by an effect) and the game's own. */
export type SequenceKind =
  | 'PLAY_MINION' | 'CAST_SPELL' | 'PLAY_WEAPON' | 'ATTACK' | 'HERO_POWER' | 'END_TURN' | 'START_TURN' | 'SUMMON'
  | 'LOG_BLOCK'; // a producer that cannot tell sequences apart (Power.log) wraps top-level blocks in this

/** Phase kinds, named after the rulebook's Phases. */
export type PhaseKind =
  | 'ON_PLAY' | 'BATTLECRY' | 'AFTER_PLAY' | 'ON_SUMMON' | 'AFTER_SUMMON'
  | 'SPELL_TEXT' | 'AFTER_SPELL' | 'PREPARATION' | 'COMBAT' | 'HERO_POWER'
  | 'END_OF_TURN' | 'START_OF_TURN' | 'DRAW' | 'FATIGUE' | 'DEATH' | 'FORCED_DEATH' | 'EQUIP' | 'OTHER';

/** Steps run after the outermost Phase ends (Rule 4a). */
export type StepKind = 'AURA_UPDATE_HEALTH_ATTACK' | 'DEATH_CREATION' | 'AURA_UPDATE_OTHER' | 'GAME_END_CHECK';

export interface MetaRecord {
  t: 'meta';
  format: typeof TRACE_FORMAT;
  producer: string;
  profile: string;
  fidelity: Fidelity;
  scenario?: string;
  seed?: string;
  mutants?: string[];
}

export interface EntityRecord {
  t: 'entity';
  id: number;
  card: string;
  name: string;
  type: string; // minion, hero, spell, weapon, hero_power, enchantment, secret
  controller: PlayerIndex;
  zone: string;
  label?: string;
  /** Order of play index when in play (Rule 2 notes). */
  order?: number;
  /** true when the entity was already in play when the producer's record began (spectator / mid-game logs). */
  preexisting?: boolean;
  /**
   * Host: the slot of a card set up in a frontrow or backrow slot.
   * @description Host: the slot of a card set up in a frontrow or backrow slot
   */
  slot?: number;
}

export interface OpenRecord {
  t: 'open';
  id: number; // block id, unique in the trace
  block: BlockKind;
  kind: string; // SequenceKind | PhaseKind | StepKind | trigger's event kind
  type?: BlockType;
  /** The subject the rulebook requires to be in play for this phase (Rule 6), or the trigger's source entity. */
  subject?: number;
  target?: number;
  player?: PlayerIndex;
  /** Phase only: true when it is the outermost Phase (its end starts the Death Creation Step, Rule 3). */
  outermost?: boolean;
  /** Trigger only: its Rule 5 class (negative, beneficial, aoe, neutral). */
  class?: string;
  /** Trigger only: the queue and entry index it resolves. */
  queue?: number;
  entry?: number;
  rule?: string;
  /** Producer's source line (Power.log) for error messages. */
  line?: number;
}

export interface CloseRecord {
  t: 'close';
  id: number;
}

export interface QueueEntry {
  /** The entity the trigger belongs to (minion, secret, enchantment, weapon, hero) or the dead minion for a deathrattle. */
  source: number;
  /** What responds: 'trigger' index on its card, 'deathrattle', or 'death' (a Death queued in a Death Phase). */
  what: string;
  /** The order-of-play index the entry was sorted by. */
  order: number;
  /** Index of the simultaneous event this entry responds to (Rule 2b), in the queue's `events` list. */
  event: number;
  priority?: 'first' | 'last';
}

export interface QueueRecord {
  t: 'queue';
  id: number;
  /** Block that created it. */
  block: number;
  /** The simultaneous events the queue responds to, in the order they were queued (Rule 2b): subject ids. */
  events: { kind: string; subject: number; order: number }[];
  entries: QueueEntry[];
  rule: string;
}

export type GameEvent =
  // `health`: the target's Health after the event, when the producer knows it (a Power.log may not)
  // Host: `combat` for combat damage (38.1.1), `counters` the damage counters after it (18.4)
  | { e: 'damage'; source: number; target: number; amount: number; health?: number; rule?: string; combat?: boolean; counters?: number }
  | { e: 'heal'; source: number; target: number; amount: number; health?: number }
  // `amount`: Armor gained; less than 0, Armor lost (a hit that Armor took, in part or whole)
  | { e: 'armor'; target: number; amount: number }
  | { e: 'divine_shield_pop'; target: number }
  | { e: 'destroy_mark'; target: number; rule?: string }
  | { e: 'death'; entity: number; rule?: string }
  // Host: `seen`, who may see the card where it goes (seed 002 6.1, 6.2: 'A', 'B', both or neither)
  | { e: 'zone'; entity: number; from: string; to: string; position?: number; order?: number; seen?: SeenBy }
  | { e: 'summon'; entity: number; card: string; controller: PlayerIndex; position: number; order: number }
  | { e: 'draw'; player: PlayerIndex; entity: number | null; card?: string }
  | { e: 'burn'; player: PlayerIndex; entity: number; card: string; rule?: string }
  | { e: 'fatigue'; player: PlayerIndex; amount: number }
  | { e: 'enchant'; target: number; enchantment: number; card: string; order?: number }
  | { e: 'unenchant'; target: number; enchantment: number; rule?: string }
  | StatsEvent
  | { e: 'control'; entity: number; from: PlayerIndex; to: PlayerIndex }
  | { e: 'freeze'; target: number }
  /** A minion Silenced (rule silence): it loses its card text, enchantments, Divine Shield and Freeze. */
  | { e: 'silence'; target: number }
  | { e: 'random'; kind: 'entity' | 'int' | 'chance'; what: string; options: number[]; pick: number; forced?: boolean }
  | { e: 'trigger_abort'; source: number; reason: string; rule: string }
  | { e: 'phase_skipped'; kind: string; subject?: number; reason: string; rule: string }
  | { e: 'redirect'; what: 'attack' | 'spell'; from: number | null; to: number }
  | { e: 'counter'; spell: number }
  | { e: 'hero_replaced'; player: PlayerIndex; old: number; hero: number }
  | { e: 'mana'; player: PlayerIndex; spent: number; left: number }
  // Mana Crystals changed (Overload locking or unlocking, crystals gained or destroyed), with the state after it
  | { e: 'crystals'; player: PlayerIndex; maxMana: number; mana: number; overloaded: number; overloadNext: number; why: string }
  // a card created by an effect and put into a hand (not a draw: it does not come from the deck)
  | { e: 'add_to_hand'; player: PlayerIndex; entity: number; card: string }
  // a card put into a deck at a random place (`position` from the top, 0 = top)
  | { e: 'shuffle'; player: PlayerIndex; entity: number; card: string; position: number }
  // `health`: the heroes' Health the result was decided by (a Hearthtop deck-end check compares them)
  | { e: 'game_check'; result: 'ongoing' | 'win' | 'loss' | 'draw'; winner?: PlayerIndex; rule: string; health?: number[] }
  | { e: 'loop_guard'; steps: number; rule: string }
  | ConditionEvent
  | TriggerConditionEvent
  | RefusedEvent
  // Hearthtop (engine/hearthtop): a playing card taken from the top of the shared deck to mark an effect on `host`
  // (card null: the deck was empty, an external mark), or returned to the bottom of the deck
  | { e: 'mark'; host: number; kind: string; card: number | null; rule: string }
  | { e: 'unmark'; host: number; kind: string; card: number | null; rule: string }
  // a draw or a mark found the shared deck empty (the game ends at this turn's Cleanup)
  | { e: 'deck_empty'; player: PlayerIndex; why: 'draw' | 'mark'; rule: string }
  // a card discarded from the hand (Hearthtop Cleanup)
  | { e: 'discard'; player: PlayerIndex; entity: number; card: string; rule: string }
  // the shared deck shuffled: its new order, top first
  | { e: 'deck_shuffle'; deck: number[]; rule: string }
  // where each of the 52 playing cards is, and the counters the profile limits (per player A, B)
  | { e: 'table'; deck: number[]; markers: number[]; external: number; discard: number[]; hands: number[][]; play: number[]; setaside: number[]; crystals: number[]; boards: number[]; health: number[]; armor: number[] }
  // Host (seed 002): the Stack, priority, game actions, phases, stats, resources and battles
  | StackPushEvent
  | StackResolveEvent
  | PriorityEvent
  | GameActionEvent
  | HostPhaseEvent
  | HostStatsEvent
  | ResourceEvent
  | ApEvent
  | TriggerWaitEvent
  | SeenEvent
  | BattleEvent
  | ActionEvent
  | StatusEvent
  | PlayerStatusEvent
  | SummonRefusedEvent;

/**
 * @dispatchNames event_%s
 * @branchDescription event '%s' (engine/trace/format.ts GameEvent)
 * @branchesFrom GameEvent
 * @keyEnumLast
 */
export type EventRecord = { t: 'event' } & GameEvent;

/** Every event kind (kept in step with GameEvent and spec/schema/trace.schema.json by a test). */
export const GAME_EVENT_KINDS: readonly GameEvent['e'][] = [
  'damage', 'heal', 'armor', 'divine_shield_pop', 'destroy_mark', 'death', 'zone', 'summon', 'draw', 'burn', 'fatigue',
  'enchant', 'unenchant', 'stats', 'control', 'freeze', 'silence', 'random', 'trigger_abort', 'phase_skipped', 'redirect', 'counter',
  'hero_replaced', 'mana', 'game_check', 'loop_guard', 'condition', 'refused', 'crystals', 'add_to_hand', 'shuffle',
  'mark', 'unmark', 'deck_empty', 'discard', 'deck_shuffle', 'table',
  'stack_push', 'stack_resolve', 'priority', 'game_action', 'host_phase', 'host_stats', 'resource', 'ap', 'trigger_wait', 'seen', 'battle',
  'action', 'status', 'player_status', 'summon_refused', 'trigger_condition',
];

/**
 * @description one trace record: meta, entity, open, close, queue or event (keyed on t)
 * @definitionName record
 * @dispatchNames %s
 */
export type TraceRecord = MetaRecord | EntityRecord | OpenRecord | CloseRecord | QueueRecord | EventRecord;

/**
 * A whole trace, the root of spec/schema/trace.schema.json (`npm run schemas`).
 * @description A trace: a list of records (one per line when written). Mirrors engine/trace/format.ts. Extra fields are allowed (producers may add e.g. `line`, `logType`).
 */
export type Trace = TraceRecord[];

/** Deterministic serialisation: sorted keys, one record per line. */
export function recordToLine(r: TraceRecord): string {
  return sortedJson(r);
}

export function traceToJsonl(records: readonly TraceRecord[]): string {
  return records.map(recordToLine).join('\n') + '\n';
}

/**
 * Is `text` exactly what traceToJsonl writes for these records (the meta records left out on both sides with
 * `skipMeta`)? A locked trace is compared with a new run this way: each record's line is written and compared in
 * place with the text, so neither the whole new text nor any value read back from the old one is built.
 */
export function jsonlHolds(text: string, records: readonly TraceRecord[], skipMeta = false): boolean {
  // An empty trace is one empty line, as traceToJsonl writes it.
  if (text === '\n') return records.every((r) => skipMeta && r.t === 'meta');
  if (!text.endsWith('\n')) return false;
  let pos = 0;
  for (const r of records) {
    if (skipMeta && r.t === 'meta') continue;
    if (skipMeta) pos = pastMetaLines(text, pos);
    const line = recordToLine(r);
    if (!text.startsWith(line, pos) || text.charCodeAt(pos + line.length) !== 10) return false;
    pos += line.length + 1;
  }
  if (skipMeta) pos = pastMetaLines(text, pos);
  return pos === text.length;
}

/** The position after the meta lines that start at `pos` (none: `pos`). */
function pastMetaLines(text: string, pos: number): number {
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    if (end < 0 || !text.slice(pos, end).includes('"t":"meta"')) return pos;
    pos = end + 1;
  }
  return pos;
}

const absent = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';

/**
 * Would `x` and `y` be written as the same JSON text (recordToLine)? Keys in any order; values JSON leaves out of an
 * object (undefined, functions) count as absent, and in an array as null. Used to compare two runs of one scenario
 * without writing them (the determinism check). A NaN is never the same as anything here (a caller that must be
 * exact compares the text when this says no).
 */
export function sameJson(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) return false;
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const a: unknown = x[i];
      const b: unknown = y[i];
      if (absent(a) || absent(b) ? !((absent(a) || a === null) && (absent(b) || b === null)) : !sameJson(a, b)) return false;
    }
    return true;
  }
  if (Array.isArray(y)) return false;
  const ox = x as Record<string, unknown>;
  const oy = y as Record<string, unknown>;
  let n = 0;
  for (const key of Object.keys(ox)) {
    const a = ox[key];
    if (absent(a)) continue;
    n++;
    if (!Object.prototype.hasOwnProperty.call(oy, key) || !sameJson(a, oy[key])) return false;
  }
  for (const key of Object.keys(oy)) if (!absent(oy[key])) n--;
  return n === 0;
}

const INDEX = /^(0|[1-9][0-9]*)$/;
/** An array-index key ("0", "12"): JavaScript lists these first, in numeric order, whatever order they were added in. */
const isIndex = (k: string) => { const c = k.charCodeAt(0); return c >= 48 && c <= 57 && INDEX.test(k) && Number(k) < 4294967295; };

/**
 * The keys in the order a copy with its keys added in sorted order lists them: array-index keys first in numeric
 * order, then the others sorted.
 */
function sortedKeys(o: object): string[] {
  const keys = Object.keys(o).sort();
  if (!keys.some(isIndex)) return keys;
  return [...keys.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndex(k))];
}

/** A key as written before its value (`"key":`), kept for the few dozen keys traces use (bounded for any others). */
const KEY_TEXT = new Map<string, string>();
function keyText(k: string): string {
  let t = KEY_TEXT.get(k);
  if (t === undefined) {
    t = `${JSON.stringify(k)}:`;
    if (KEY_TEXT.size < 4096) KEY_TEXT.set(k, t);
  }
  return t;
}

/**
 * JSON text with every object's keys in sorted order, written directly (no sorted copy of the record is built): the
 * same text as JSON.stringify of a copy with sorted keys. Values JSON leaves out of an object (undefined, functions)
 * are left out; in an array they are written as null, as JSON.stringify does.
 */
function sortedJson(v: unknown): string {
  // A finite number is written as JSON.stringify writes it (its shortest round-trip form; -0 as 0).
  if (typeof v === 'number') return Number.isFinite(v) ? `${v}` : 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      out += (i ? ',' : '') + (x === undefined || typeof x === 'function' || typeof x === 'symbol' ? 'null' : sortedJson(x));
    }
    return out + ']';
  }
  const o = v as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const k of sortedKeys(o)) {
    const x = o[k];
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
    out += (first ? '' : ',') + keyText(k) + sortedJson(x);
    first = false;
  }
  return out + '}';
}
/**
 * The catalog rule a refusal rests on, from its reason (a `refused` record's, or the legality oracle's): a Frozen
 * attacker's is Freeze's ("Frozen characters lose their next attack"); an attack on, or a target of, an enemy minion
 * in Stealth is Stealth's ("can't be attacked or targeted until it deals damage"); a target given to a Combo text that is
 * off is Combo's (CardDefs REQ_TARGET_FOR_COMBO); the others are the general rule
 * that only legal Player Actions are taken.
 */
export function refusalRule(reason: string): string {
  if (/\bis frozen\b/i.test(reason)) return 'freeze';
  if (/\bCombo: no card\b/.test(reason)) return 'combo';
  return /\b(has|in) stealth\b/i.test(reason) ? 'stealth' : 'legality';
}
