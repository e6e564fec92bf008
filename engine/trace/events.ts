/**
 * Trace records' parts named for the contract (engine/trace/format.ts uses them): a player index, the stat and cost
 * layers, and the GameEvent branches that carry a description of their own in spec/schema/trace.schema.json.
 */

/**
 * A player by index: 0 is A, 1 is B.
 * @minimum 0
 * @maximum 1
 */
export type PlayerIndex = number;

/**
 * One layer of a character's Health/Attack as the producer applied it (Rule 4d), with the amounts it carries.
 * @additionalProperties false
 */
export interface StatLayerRecord {
  source: number;
  kind: 'enchantment' | 'aura';
  order: number;
  priority?: number;
  attack?: number;
  health?: number;
  setAttack?: number;
  setHealth?: number;
  /** @description Attack multiplied at this layer */
  attackTimes?: number;
  attackEqualsHealth?: boolean;
}

/**
 * One mana cost change of a card as the producer applied it (Rule 4d, aura priority).
 * @additionalProperties false
 */
export interface CostLayerRecord {
  source: number;
  kind: 'enchantment' | 'card' | 'aura';
  order: number;
  priority?: number;
  amount: number;
  minimum?: number;
}

/**
 * `base` and `layers`: the printed stats and the layers on them, in the order applied (Rule 4d), when stated
 * @description event 'stats' (engine/trace/format.ts GameEvent)
 */
export interface StatsEvent {
  e: 'stats';
  entity: number;
  attack: number;
  health: number;
  maxHealth: number;
  why: string;
  /** @description printed Attack and Health */
  base?: { attack: number; health: number };
  /** @description the layers on the printed stats, in the order applied (Rule 4d) */
  layers?: StatLayerRecord[];
  /** @description the catalog rule that sets these stats, where one does (a copy: rule copy) */
  rule?: string;
}

/**
 * a condition that reads whether an entity is mortally wounded ("if it survives", "if that kills it"), as evaluated
 * @description event 'condition' (engine/trace/format.ts GameEvent)
 */
export interface ConditionEvent {
  e: 'condition';
  /** @description the entity whose ability reads the condition */
  source: number;
  /** @description the entity it reads */
  subject: number;
  /** @description what the condition reads: mortally_wounded = at 0 or less Health, pending destroy, or gone (Rule 5b) */
  reads: 'mortally_wounded';
  /** @description what the producer found: true = the subject is mortally wounded, pending destroy or gone */
  result: boolean;
  rule?: string;
}

/**
 * a trigger's condition (Rule 10b) as checked when the Queue was populated or when the entry resolved, with its result
 * @description event 'trigger_condition' (engine/trace/format.ts GameEvent): a trigger's condition as checked (Rule 10b)
 */
export interface TriggerConditionEvent {
  e: 'trigger_condition';
  source: number;
  /** @description index of the trigger on the source's card */
  trigger: number;
  when: 'queue' | 'resolve';
  result: boolean;
  rule: string;
}

/**
 * a Player Action the engine refused (a scenario action marked `illegal`), with why
 * @description event 'refused' (engine/trace/format.ts GameEvent)
 */
export interface RefusedEvent {
  e: 'refused';
  /** @description index of the action in the scenario */
  action: number;
  player?: number;
  reason: string;
  rule: string;
}

/**
 * @description event 'stack_push' (engine/trace/format.ts GameEvent). Host: a card or effect goes on top of the Stack (32.1)
 */
export interface StackPushEvent {
  e: 'stack_push';
  item: number;
  what: 'card' | 'effect';
  source: number;
  player: PlayerIndex;
  targets: number[];
  slot?: number;
  rule: string;
}

/**
 * @description event 'stack_resolve' (engine/trace/format.ts GameEvent). Host: the end of a Stack item's resolution: resolved, fizzled (34.2) or refused as an infinite loop (42.1.2)
 */
export interface StackResolveEvent {
  e: 'stack_resolve';
  item: number;
  source: number;
  result: 'resolved' | 'fizzled' | 'loop';
  reason?: string;
  rule: string;
}

/**
 * @description event 'priority' (engine/trace/format.ts GameEvent). Host: a player receives priority, passes it, or acts with it (31)
 */
export interface PriorityEvent {
  e: 'priority';
  player: PlayerIndex;
  action: 'receive' | 'pass' | 'act';
  rule?: string;
}

/**
 * @description event 'game_action' (engine/trace/format.ts GameEvent). Host: a game action, performed at once without the Stack (35)
 */
export interface GameActionEvent {
  e: 'game_action';
  action: 'destroy' | 'drop' | 'marker_drop' | 'lose' | 'concede' | 'token_removed';
  entity?: number;
  player?: PlayerIndex;
  source?: number;
  cause?: 'combat' | 'effect' | 'none';
  rule: string;
}

/**
 * @description event 'host_phase' (engine/trace/format.ts GameEvent). Host: a phase of the turn player begins (10)
 */
export interface HostPhaseEvent {
  e: 'host_phase';
  player: PlayerIndex;
  phase: 'start' | 'action1' | 'battle' | 'action2' | 'end';
  turn: number;
  rule?: string;
}

/**
 * @description event 'host_stats' (engine/trace/format.ts GameEvent). Host: an entity's (or Host's: power = soul) power and health with every change given to it, in the order given (18.6, 20.1, 26)
 */
export interface HostStatsEvent {
  e: 'host_stats';
  entity: number;
  power: number;
  health: number;
  damage: number;
  base: { power: number; health: number };
  mods: { kind: 'add' | 'set'; power?: number; health?: number; from?: number }[];
  why: string;
}

/**
 * @description event 'resource' (engine/trace/format.ts GameEvent). Host: a resource gained (amount > 0) or spent (amount < 0) (11, 12)
 */
export interface ResourceEvent {
  e: 'resource';
  player: PlayerIndex;
  type: 'authority' | 'strife' | 'emotion' | 'amity' | 'generic';
  amount: number;
  total: number;
  rule?: string;
}

/**
 * @description event 'ap' (engine/trace/format.ts GameEvent). Host: action points used or replenished (11)
 */
export interface ApEvent {
  e: 'ap';
  player: PlayerIndex;
  use: 'resource' | 'draw' | 'any' | 'replenish';
  spent: number;
  left: number;
  rule?: string;
}

/**
 * @description event 'trigger_wait' (engine/trace/format.ts GameEvent). Host: an effect met its trigger while another resolved; it goes on the Stack at the next priority timing (34.4, 28.6)
 */
export interface TriggerWaitEvent {
  e: 'trigger_wait';
  source: number;
  event: string;
  rule: string;
}

/**
 * @description event 'seen' (engine/trace/format.ts GameEvent). Host (41, 6.2): a card shown to players where it stays: revealed (both), looked at or searched (the one player), the card a search takes (found; traits: it had to match traits, so it is shown to both, 41.3.3), or a face-down card turned face up where it is (turned_up: an Ambush activated, 17.2.2; the Hosts when the game begins, 9.1.8; seen by whoever sees its place now, 6.1)
 */
/**
 * Host: who may see a card (seed 002 6.1, 6.2): 'A', 'B', both or neither.
 * @maxItems 2
 */
export type SeenBy = ('A' | 'B')[];

export interface SeenEvent {
  e: 'seen';
  entity: number;
  how: 'reveal' | 'look' | 'search' | 'found' | 'turned_up';
  player: number;
  seen: SeenBy;
  traits?: boolean;
  rule: string;
}

/**
 * @description event 'battle' (engine/trace/format.ts GameEvent). Host: a step of a battle (25)
 */
export interface BattleEvent {
  e: 'battle';
  step: 'attack' | 'declare' | 'block' | 'early' | 'normal' | 'after' | 'end';
  attacker: number;
  defender?: number | null;
  rule?: string;
}

/**
 * a Player Action as it is attempted (scenario action index), before its Sequence opens or it is refused
 * @description event 'action' (engine/trace/format.ts GameEvent): a Player Action as it is attempted
 */
export interface ActionEvent {
  e: 'action';
  /** @description index of the action in the scenario */
  action: number;
  player: PlayerIndex;
  kind: 'play' | 'attack' | 'hero_power' | 'end_turn';
  /** @description the card played, the attacker or the hero power */
  subject?: number;
  /** @description the target or the defender */
  target?: number;
}

/**
 * what legality depends on, stated when it changes: a character's keywords, Frozen, summoning sickness, attacks made
 * this turn and Attack, or a card in hand's mana cost (a field left out is not stated)
 * @description event 'status' (engine/trace/format.ts GameEvent): what legality depends on, stated when it changes (a field left out is not stated)
 */
export interface StatusEvent {
  e: 'status';
  entity: number;
  keywords?: string[];
  frozen?: boolean;
  /** @description summoning sickness */
  exhausted?: boolean;
  /** @description attacks made this turn */
  attacks?: number;
  attack?: number;
  /** @description mana cost of a card in hand */
  cost?: number;
  baseCost?: number;
  /** @description mana cost changes in the order applied */
  costLayers?: CostLayerRecord[];
}

/**
 * a player's mana, mana crystals and whether it is that player's turn, stated when they change
 * @description event 'player_status' (engine/trace/format.ts GameEvent): a player's mana, crystals and turn
 */
export interface PlayerStatusEvent {
  e: 'player_status';
  player: PlayerIndex;
  mana: number;
  maxMana: number;
  active: boolean;
}

/**
 * a summon an effect attempted that did not happen, with why (the board limit)
 * @description event 'summon_refused' (engine/trace/format.ts GameEvent): a summon an effect attempted that did not happen
 */
export interface SummonRefusedEvent {
  e: 'summon_refused';
  player: PlayerIndex;
  card: string;
  reason: string;
  rule: string;
}
