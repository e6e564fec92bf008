/**
 * The Arbiter trace (version "arbiter-trace/1"): one vocabulary between producers (reference engine, adapters,
 * Power.log parser) and consumers (golden verify, invariants, differential comparison, reports).
 *
 * A trace is a flat list of records, one per line when written. Blocks are opened and closed explicitly
 * (like PowerHistory's BLOCK_START / BLOCK_END), so a trace streams, diffs line by line, and a consumer rebuilds
 * the tree with a stack. Entities are named by stable integer ids; an `entity` record introduces each one.
 */

export const TRACE_FORMAT = 'arbiter-trace/1';

/**
 * Host profile (seed 002, 42.1): resolutions a chain may run without a player's choice before it counts as an infinite
 * loop. The Host kernel's loop check looks this far ahead; a `stack_resolve` with `result: "loop"` refers to it.
 */
export const HOST_LOOP_BOUND = 60;

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
  controller: number; // 0 or 1
  zone: string;
  label?: string;
  /** Order of play index when in play (Rule 2 notes). */
  order?: number;
  /** true when the entity was already in play when the producer's record began (spectator / mid-game logs). */
  preexisting?: boolean;
  /** Host: the slot of a card set up in a frontrow or backrow slot. */
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
  player?: number;
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

/** One layer of a character's Health/Attack as the producer applied it (Rule 4d), with the amounts it carries. */
export interface StatLayerRecord {
  source: number;
  kind: 'enchantment' | 'aura';
  order: number;
  priority?: number;
  attack?: number;
  health?: number;
  setAttack?: number;
  setHealth?: number;
  attackEqualsHealth?: boolean;
}

/** One mana cost change of a card as the producer applied it (Rule 4d, aura priority). */
export interface CostLayerRecord {
  source: number;
  kind: 'enchantment' | 'card' | 'aura';
  order: number;
  priority?: number;
  amount: number;
  minimum?: number;
}

export type GameEvent =
  // `health`: the target's Health after the event, when the producer knows it (a Power.log may not)
  // Host: `combat` for combat damage (38.1.1), `counters` the damage counters after it (18.4)
  | { e: 'damage'; source: number; target: number; amount: number; health?: number; rule?: string; combat?: boolean; counters?: number }
  | { e: 'heal'; source: number; target: number; amount: number; health?: number }
  | { e: 'armor'; target: number; amount: number }
  | { e: 'divine_shield_pop'; target: number }
  | { e: 'destroy_mark'; target: number; rule?: string }
  | { e: 'death'; entity: number; rule?: string }
  // Host: `seen`, who may see the card where it goes (seed 002 6.1, 6.2: 'A', 'B', both or neither)
  | { e: 'zone'; entity: number; from: string; to: string; position?: number; order?: number; seen?: string[] }
  | { e: 'summon'; entity: number; card: string; controller: number; position: number; order: number }
  | { e: 'draw'; player: number; entity: number | null; card?: string }
  | { e: 'burn'; player: number; entity: number; card: string; rule?: string }
  | { e: 'fatigue'; player: number; amount: number }
  | { e: 'enchant'; target: number; enchantment: number; card: string; order?: number }
  | { e: 'unenchant'; target: number; enchantment: number }
  // `base` and `layers`: the printed stats and the layers on them, in the order applied (Rule 4d), when stated
  | { e: 'stats'; entity: number; attack: number; health: number; maxHealth: number; why: string; base?: { attack: number; health: number }; layers?: StatLayerRecord[] }
  | { e: 'control'; entity: number; from: number; to: number }
  | { e: 'freeze'; target: number }
  | { e: 'random'; kind: 'entity' | 'int' | 'chance'; what: string; options: number[]; pick: number; forced?: boolean }
  | { e: 'trigger_abort'; source: number; reason: string; rule: string }
  | { e: 'phase_skipped'; kind: string; subject?: number; reason: string; rule: string }
  | { e: 'redirect'; what: 'attack' | 'spell'; from: number | null; to: number }
  | { e: 'counter'; spell: number }
  | { e: 'hero_replaced'; player: number; old: number; hero: number }
  | { e: 'mana'; player: number; spent: number; left: number }
  // Mana Crystals changed (Overload locking or unlocking, crystals gained or destroyed), with the state after it
  | { e: 'crystals'; player: number; maxMana: number; mana: number; overloaded: number; overloadNext: number; why: string }
  // a card created by an effect and put into a hand (not a draw: it does not come from the deck)
  | { e: 'add_to_hand'; player: number; entity: number; card: string }
  // a card put into a deck at a random place (`position` from the top, 0 = top)
  | { e: 'shuffle'; player: number; entity: number; card: string; position: number }
  // `health`: the heroes' Health the result was decided by (a Hearthtop deck-end check compares them)
  | { e: 'game_check'; result: 'ongoing' | 'win' | 'loss' | 'draw'; winner?: number; rule: string; health?: number[] }
  | { e: 'loop_guard'; steps: number; rule: string }
  // a condition that reads whether an entity is mortally wounded ("if it survives", "if that kills it"), as evaluated
  | { e: 'condition'; source: number; subject: number; reads: 'mortally_wounded'; result: boolean; rule?: string }
  // a trigger's condition (Rule 10b) as checked when the Queue was populated or when the entry resolved, with its result
  | { e: 'trigger_condition'; source: number; trigger: number; when: 'queue' | 'resolve'; result: boolean; rule: string }
  // a Player Action the engine refused (a scenario action marked `illegal`), with why
  | { e: 'refused'; action: number; player?: number; reason: string; rule: string }
  // Hearthtop (engine/hearthtop): a playing card taken from the top of the shared deck to mark an effect on `host`
  // (card null: the deck was empty, an external mark), or returned to the bottom of the deck
  | { e: 'mark'; host: number; kind: string; card: number | null; rule: string }
  | { e: 'unmark'; host: number; kind: string; card: number | null; rule: string }
  // a draw or a mark found the shared deck empty (the game ends at this turn's Cleanup)
  | { e: 'deck_empty'; player: number; why: 'draw' | 'mark'; rule: string }
  // a card discarded from the hand (Hearthtop Cleanup)
  | { e: 'discard'; player: number; entity: number; card: string; rule: string }
  // the shared deck shuffled: its new order, top first
  | { e: 'deck_shuffle'; deck: number[]; rule: string }
  // where each of the 52 playing cards is, and the counters the profile limits (per player A, B)
  | { e: 'table'; deck: number[]; markers: number[]; external: number; discard: number[]; hands: number[][]; play: number[]; setaside: number[]; crystals: number[]; boards: number[]; health: number[]; armor: number[] }
  // Host (seed 002): the Stack, priority, game actions, phases, stats, resources and battles
  | { e: 'stack_push'; item: number; what: 'card' | 'effect'; source: number; player: number; targets: number[]; slot?: number; rule: string }
  | { e: 'stack_resolve'; item: number; source: number; result: 'resolved' | 'fizzled' | 'loop'; reason?: string; rule: string }
  | { e: 'priority'; player: number; action: 'receive' | 'pass' | 'act'; rule?: string }
  | { e: 'game_action'; action: 'destroy' | 'drop' | 'marker_drop' | 'lose' | 'concede' | 'token_removed'; entity?: number; player?: number; source?: number; cause?: 'combat' | 'effect' | 'none'; rule: string }
  | { e: 'host_phase'; player: number; phase: 'start' | 'action1' | 'battle' | 'action2' | 'end'; turn: number; rule?: string }
  | { e: 'host_stats'; entity: number; power: number; health: number; damage: number; base: { power: number; health: number }; mods: { kind: 'add' | 'set'; power?: number; health?: number; from?: number }[]; why: string }
  | { e: 'resource'; player: number; type: 'authority' | 'strife' | 'emotion' | 'amity' | 'generic'; amount: number; total: number; rule?: string }
  | { e: 'ap'; player: number; use: 'resource' | 'draw' | 'any' | 'replenish'; spent: number; left: number; rule?: string }
  | { e: 'trigger_wait'; source: number; event: string; rule: string }
  // Host (41): a card shown to players where it stays: revealed (both), looked at or searched (the one player), or the
  // card a search takes (`found`; `traits`: it had to match traits, so it is shown to both, 41.3.3)
  | { e: 'seen'; entity: number; how: 'reveal' | 'look' | 'search' | 'found'; player: number; seen: string[]; traits?: boolean; rule: string }
  | { e: 'battle'; step: 'attack' | 'declare' | 'block' | 'early' | 'normal' | 'after' | 'end'; attacker: number; defender?: number | null; rule?: string }
  // a Player Action as it is attempted (scenario action index), before its Sequence opens or it is refused
  | { e: 'action'; action: number; player: number; kind: 'play' | 'attack' | 'hero_power' | 'end_turn'; subject?: number; target?: number }
  // what legality depends on, stated when it changes: a character's keywords, Frozen, summoning sickness, attacks made
  // this turn and Attack, or a card in hand's mana cost (a field left out is not stated)
  | { e: 'status'; entity: number; keywords?: string[]; frozen?: boolean; exhausted?: boolean; attacks?: number; attack?: number; cost?: number; baseCost?: number; costLayers?: CostLayerRecord[] }
  // a player's mana, mana crystals and whether it is that player's turn, stated when they change
  | { e: 'player_status'; player: number; mana: number; maxMana: number; active: boolean }
  // a summon an effect attempted that did not happen, with why (the board limit)
  | { e: 'summon_refused'; player: number; card: string; reason: string; rule: string };

export type EventRecord = { t: 'event' } & GameEvent;

/** Every event kind (kept in step with GameEvent and spec/schema/trace.schema.json by a test). */
export const GAME_EVENT_KINDS: readonly GameEvent['e'][] = [
  'damage', 'heal', 'armor', 'divine_shield_pop', 'destroy_mark', 'death', 'zone', 'summon', 'draw', 'burn', 'fatigue',
  'enchant', 'unenchant', 'stats', 'control', 'freeze', 'random', 'trigger_abort', 'phase_skipped', 'redirect', 'counter',
  'hero_replaced', 'mana', 'game_check', 'loop_guard', 'condition', 'refused', 'crystals', 'add_to_hand', 'shuffle',
  'mark', 'unmark', 'deck_empty', 'discard', 'deck_shuffle', 'table',
  'stack_push', 'stack_resolve', 'priority', 'game_action', 'host_phase', 'host_stats', 'resource', 'ap', 'trigger_wait', 'seen', 'battle',
  'action', 'status', 'player_status', 'summon_refused', 'trigger_condition',
];

export type TraceRecord = MetaRecord | EntityRecord | OpenRecord | CloseRecord | QueueRecord | EventRecord;

/** Deterministic serialisation: sorted keys, one record per line. */
export function recordToLine(r: TraceRecord): string {
  return JSON.stringify(sortKeys(r));
}

export function traceToJsonl(records: readonly TraceRecord[]): string {
  return records.map(recordToLine).join('\n') + '\n';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortKeys(x);
    }
    return out;
  }
  return v;
}
