/**
 * Host WCG cards and scenarios as data (seed 002). Cards live in spec/host/cards (schema
 * spec/schema/host-card.schema.json), scenarios carry `"profile": "host"` (spec/schema/host-scenario.schema.json).
 * The kernel interprets a small set of primitives; no code checks a card's name.
 */

/** The four resource types (12.2) and the generic type $ (12.1, 12.4). */
export const RESOURCE_TYPES = ['authority', 'strife', 'emotion', 'amity'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type PoolKey = ResourceType | 'generic';
/**
 * One resource amount.
 * @minimum 0
 * @maximum 100
 */
export type Amount = number;
/**
 * A cost or a payment: typed symbols and generic $ (12.3, 12.4).
 * @description resource amounts: authority, strife, emotion, amity, generic
 */
export type Amounts = Partial<Record<PoolKey, Amount>>;

export type HostCardType = 'entity' | 'sorcery' | 'ambush' | 'form' | 'equipment' | 'host';

/** Which entities a selector or target takes, seen from the controller of the effect. */
export interface EntityFilter {
  side?: 'you' | 'opponent' | 'any';
  /** Only entities with this subtype (13.5.1). */
  subtype?: string;
  /** Leave the effect's own source out. */
  other?: boolean;
}

/**
 * An entity an action acts on: a declared target, the source, the event's subject, or all that match (30.2).
 * @description an entity: {"target": i}, "self", "subject", "equipped" or {"all": filter}
 */
export type EntityRef = 'self' | 'subject' | 'equipped' | { target: TargetIndex } | { all: EntityFilter };
/**
 * The index of a declared target.
 * @minimum 0
 * @maximum 9
 */
export type TargetIndex = number;
export type PlayerRef = 'you' | 'opponent' | 'subject_player';

/**
 * A stat change or value an action sets.
 * @minimum -1000
 * @maximum 1000
 */
export type StatValue = number;

export type Action =
  | { do: 'damage'; to: EntityRef; amount: Amount }
  | { do: 'destroy'; to: EntityRef }
  | { do: 'modify'; to: EntityRef; power?: StatValue; health?: StatValue }
  | { do: 'set'; to: EntityRef; power?: StatValue; health?: StatValue }
  | { do: 'gain_resource'; player: PlayerRef; type: ResourceType | 'host'; amount: Amount }
  | { do: 'draw'; player: PlayerRef; amount: Amount }
  | { do: 'damage_host'; player: PlayerRef; amount: Amount }
  | { do: 'heal_host'; player: PlayerRef; amount: Amount }
  // Tokens (36.3): `amount` tokens of a token card (`token: true`) into the player's lowest open frontrow slots.
  | { do: 'create_token'; card: string; player: PlayerRef; amount: Amount }
  // Control (37.2): the effect's controller gains control of the entity; it moves to their lowest open frontrow slot.
  | { do: 'gain_control'; to: EntityRef }
  // Host stats (20.1): a change to a player's Host's health or soul, kept like an Entity's (all increases, then all
  // decreases, then sets in the order given).
  | { do: 'modify_host'; player: PlayerRef; health?: StatValue; soul?: StatValue }
  | { do: 'set_host'; player: PlayerRef; health?: StatValue; soul?: StatValue }
  // 30.6: the Stack item whose targeting met the requirement targets `to` instead of the event's subject; `to` must be
  // a valid target of that item (the same number of targets stays, 30.6.1), else this part cannot resolve.
  | { do: 'retarget'; to: EntityRef }
  // ---- Seen and searched (41) and banished (4.9). ----
  // 41.1.1: the player reveals cards to both players: their hand, or the top `amount` cards of their deck.
  | { do: 'reveal'; player: PlayerRef; zone: 'hand' | 'deck'; amount?: number }
  // 41.2.1: `player` looks at the top `amount` cards of `deck`'s deck; only they see them; the cards stay in place.
  | { do: 'look_at'; player: PlayerRef; deck: PlayerRef; amount: number }
  // 41.3: the player searches their own deck or drop zone for a card matching `traits` (any card without them), chosen
  // by the script (`{by, search: label}`), and puts it into their hand. A card found by traits is shown to both
  // (41.3.3). The deck is shuffled afterwards only when `shuffle` is true (the card text says so).
  | { do: 'search'; player: PlayerRef; zone: 'deck' | 'drop'; traits?: Traits; shuffle?: boolean }
  // 4.9.1: the entity goes to the banished zone (open).
  | { do: 'banish'; to: EntityRef };

/** Traits a searched card must match (41.3.3): its card type, one of its subtypes, its name. */
export interface Traits { type?: HostCardType; subtype?: string; name?: string }

/** One part of an effect; `join` says how it follows the part before it (40.3 then, 40.4 and). */
export type EffectPart = Action & { join?: 'then' | 'and' };

export interface TargetSpec extends EntityFilter {
  kind: 'entity';
}

export interface Effect {
  /**
   * Targets declared when the effect enters the Stack (30.3, 34.1).
   * @maxItems 10
   */
  targets?: TargetSpec[];
  parts: EffectPart[];
}

export type TriggerEvent =
  | 'created' | 'attacks' | 'blocks' | 'destroyed' | 'resource_gained' | 'start_of_turn' | 'end_of_turn'
  | 'would_create'
  // 39.1: at the start of a phase (TriggerSpec.phase names it)
  | 'start_of_phase'
  // 30.6: an effect or card on the Stack targets the entity (the event's subject; its Stack item is remembered)
  | 'targeted';

/** Whose event it is, seen from the trigger's source: itself, its controller's, the opponent's, anyone's. */
export type Whose = 'self' | 'you' | 'opponent' | 'any';

export interface TriggerSpec {
  on: TriggerEvent;
  whose: Whose;
  /**
   * start_of_phase: the phase whose start it triggers at (39.1).
   * @description start_of_phase: the phase whose start it triggers at (39.1)
   */
  phase?: HostPhase;
}

export type Ability =
  | { kind: 'trigger'; when: TriggerSpec; effect: Effect; text?: string }
  // `during`: only during its controller's phase of that name (39.2); `speed`: Slow by default, Fast when marked (15).
  | { kind: 'activated'; cost?: Amounts; oncePerTurn?: boolean; during?: HostPhase; speed?: 'slow' | 'fast'; effect: Effect; text?: string }
  | { kind: 'continuous'; applies: 'equipped' | EntityFilter; add?: { power?: number; health?: number }; set?: { power?: number; health?: number }; text?: string };

/**
 * A card's printed stat.
 * @minimum 0
 * @maximum 1000
 */
export type PrintedStat = number;

export interface HostCard {
  /** @pattern ^[a-z0-9-]+$ */
  id: string;
  /** @minLength 1 */
  name: string;
  type: HostCardType;
  subtypes?: string[];
  /** The card's resource type (13.1); a Host's is the type its action points gain (11.3.1). */
  resource?: ResourceType;
  cost?: Amounts;
  health?: PrintedStat;
  power?: PrintedStat;
  /** Hosts: hand size kept at the End Phase (10.6.2). */
  soul?: PrintedStat;
  /** 14.1: playing cards is Slow; a card marked fast may be played in response. */
  speed?: 'slow' | 'fast';
  keywords?: ('first_strike' | 'cannot_block' | 'lingering')[];
  /** Ambush: the event its activation requirement names (17.1) and its cost on activation (17.2.1). */
  activate?: { when: TriggerSpec; cost?: Amounts; effect: Effect };
  /** Sorcery and Equipment: the effect of the card once it is in its slot (14.9, 21.2). */
  effect?: Effect;
  abilities?: Ability[];
  /**
   * A token (36.3): only created by effects, never in a deck (3.1); removed from the game when it would leave its zone.
   * @description a token (36.3): created by effects only, never in a deck
   */
  token?: boolean;
  text: string;
  /** Choices the seed leaves open, each with its reason. */
  assumptions?: string[];
}

// ---- scenarios ----

export type Side = 'A' | 'B';

export interface HostCardSetup {
  card: string;
  /** @pattern ^[A-Za-z][A-Za-z0-9_-]*$ */
  label?: string;
  /**
   * Several copies of an unlabelled card (decks, hands, damage zones).
   * @minimum 1
   * @maximum 200
   */
  copies?: number;
  /**
   * @minimum 0
   * @maximum 4
   */
  slot?: number;
  /**
   * @minimum 0
   * @maximum 1000
   */
  damage?: number;
  sick?: boolean;
  faceUp?: boolean;
  /** A marker: the label of the card in play it is attached to (24.1). */
  attachedTo?: string;
}

/** @description a card name or id, or {card, label, copies, slot, damage, sick, faceUp, attachedTo} */
export type HostCardRef = string | HostCardSetup;
/**
 * The cards of one zone.
 * @maxItems 400
 */
export type HostCards = HostCardRef[];

export interface HostPlayerSetup {
  name?: string;
  host: HostCardRef;
  deck?: HostCards;
  hand?: HostCards;
  frontrow?: HostCards;
  backrow?: HostCards;
  form?: HostCards;
  /**
   * Markers are attached to a card in play, so each names what it is attached to (an object, not a bare name).
   * @maxItems 400
   */
  markers?: HostCardSetup[];
  damage?: HostCards;
  drop?: HostCards;
  resources?: Amounts;
  /**
   * @minimum 0
   * @maximum 4
   */
  ap?: number;
}

export type HostPhase = 'start' | 'action1' | 'battle' | 'action2' | 'end';

export interface HostSetup {
  /** 'game': the game is set up by the rules (3, 9.1) and begins at turn 1; 'mid' (default): as placed here. */
  start?: 'mid' | 'game';
  active?: Side;
  first?: Side;
  /**
   * @minimum 1
   * @maximum 1000
   */
  turn?: number;
  phase?: HostPhase;
  A: HostPlayerSetup;
  B: HostPlayerSetup;
}

/**
 * Labels of entities in play.
 * @maxItems 10
 */
export type Labels = string[];

/**
 * One player's decision, in the order the game asks for them.
 * @dispatch
 * @description a decision: {by, pass} | {by, play, slot, targets, pay} | {by, activate, ability, targets, pay} | {by, ap, type} | {by, phase: "next"} | {by, attack} | {by, target} | {by, triggers} | {by, discard} | {by, concede}; "illegal": true when the rules must refuse it
 */
export type HostDecision = { by: Side; illegal?: true } & (
  | { pass: true }
  | { play: string; slot?: PlaySlot; targets?: Labels; pay?: Amounts }
  | { activate: string; ability?: AbilityIndex; targets?: Labels; pay?: Amounts }
  | { ap: 'resource' | 'draw' | 'any'; type?: ResourceType }
  | { phase: 'next' }
  | { attack: string }
  | { target: string }
  | { triggers: TriggerOrder }
  | { discard: Labels }
  | { concede: true }
  // Set-up (9.1.5): the winner of the roll goes first (true) or second (false).
  | { goFirst: boolean }
  // Set-up (9.1.7): cards put on the bottom of the deck, each a label or a card name or id in the hand.
  | { mulligan: MulliganCards }
  // 41.3: the card a search under way takes (a label of a card in the zone searched, matching the traits).
  | { search: string }
);
/**
 * Set-up (9.1.7): the cards put on the bottom of the deck, each a label or a card name or id (any card of that name in
 * the hand); [] keeps the hand.
 * @description set-up (9.1.7): the cards put on the bottom of the deck, each a label or a card name or id (any card of that name in the hand); [] keeps the hand
 * @maxItems 60
 */
export type MulliganCards = CardWord[];
/** @minLength 1 */
export type CardWord = string;
/**
 * The slot a card is played into (the loader checks the row's bounds).
 * @minimum -100
 * @maximum 100
 */
export type PlaySlot = number;
/**
 * An ability of a card, by its index.
 * @minimum 0
 * @maximum 20
 */
export type AbilityIndex = number;
/**
 * The order in which a player puts their simultaneous triggers on the Stack.
 * @maxItems 50
 */
export type TriggerOrder = { source: string; ability?: TriggerAbility; targets?: Labels }[];
/** @minimum 0 */
export type TriggerAbility = number;

export interface HostEntityExpect {
  zone?: 'deck' | 'hand' | 'frontrow' | 'backrow' | 'form' | 'marker' | 'drop' | 'damage' | 'banished' | 'host' | 'stack' | 'removed';
  slot?: number;
  power?: number;
  health?: number;
  damage?: number;
  faceUp?: boolean;
  controller?: Side;
}

export interface HostPlayerExpect {
  hand?: number;
  deck?: number;
  damage?: number;
  drop?: string[];
  resources?: Amounts;
  ap?: number;
}

export interface HostExpect {
  result?: 'ongoing' | 'A' | 'B' | 'draw';
  entities?: Record<string, HostEntityExpect>;
  players?: Partial<Record<Side, HostPlayerExpect>>;
  /** Trace patterns that must appear in this order (string entity fields are labels, player fields "A"/"B"). */
  events?: Record<string, unknown>[];
  /** Trace patterns that must not appear. */
  absent?: Record<string, unknown>[];
}

/** A game set up mid-turn, each player's decisions in the order the game asks for them, and the expected outcome. */
export interface HostScenario {
  format: 'arbiter-scenario/1';
  profile: 'host';
  /** @pattern ^[a-z0-9][a-z0-9.-]*$ */
  id: string;
  title: string;
  /** @minItems 1 */
  rules: string[];
  source: { seed: string; section?: string; quote: string };
  assumptions?: string[];
  seed?: string;
  setup: HostSetup;
  /** @maxItems 5000 */
  actions: HostDecision[];
  expect: HostExpect;
}
