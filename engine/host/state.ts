/**
 * The Host game state (seed 002): players with their zones (4), entities with damage counters kept apart from health
 * (18.4, 26.1.1.1), the Stack (32), pending triggers (28.6, 34.4) and priority (31). The state is plain data, so the
 * infinite-loop check (42.1) can copy it and look ahead.
 */
import type { Recorder } from '../trace/recorder.js';
import type { Random } from '../random.js';
import type { Effect, HostCard, HostPhase, PoolKey, TriggerEvent } from './format.js';
import type { HostMutant } from './mutants.js';
import type { SetupStep } from './start.js';

export type PlayerIndex = 0 | 1;
/** `removed`: a token that would leave its zone no longer exists (36.3.1). */
export type Zone = 'deck' | 'hand' | 'frontrow' | 'backrow' | 'form' | 'marker' | 'drop' | 'damage' | 'banished' | 'host' | 'stack' | 'removed';

export interface Mod { kind: 'add' | 'set'; power?: number; health?: number; seq: number }

export interface HEntity {
  id: number;
  card: HostCard;
  label?: string;
  owner: PlayerIndex;
  controller: PlayerIndex;
  zone: Zone;
  slot?: number;
  /** A new version each time the card changes zone (36.2); targets remember the version they chose. */
  version: number;
  damage: number;
  sick: boolean;
  faceUp: boolean;
  attacked: boolean;
  mods: Mod[];
  attachedTo?: number;
  /** The source of the last damage dealt to it, for the source of its destruction (38). */
  lastDamage?: { source: number; combat: boolean } | null;
  /** Sequence number of its entry into play: continuous effects that set stats apply in this order (18.6.3). */
  enteredAt: number;
  usedThisTurn: number[];
  /** A token created by an effect (36.3). */
  token?: boolean;
}

export interface HPlayer {
  name: string;
  host: number;
  /** Top card first. */
  deck: number[];
  hand: number[];
  /** Bottom first: the last element is the top of the damage zone (2.1.2, 2.3). */
  damage: number[];
  drop: number[];
  resources: Record<PoolKey, number>;
  ap: number;
}

export interface TargetRef { id: number; version: number }

export interface StackItem {
  item: number;
  kind: 'card' | 'effect';
  source: number;
  controller: PlayerIndex;
  /** What put it there: the card played, an ability index, the Ambush activation, the Sorcery's text. */
  what: string;
  effect?: Effect;
  targets: TargetRef[];
  slot?: number;
  subject?: number;
  subjectPlayer?: PlayerIndex;
  /** The Stack item of the event that put it here (a `targeted` event: the item that targets, 30.6). */
  subjectItem?: number;
}

export interface PendingTrigger {
  source: number;
  controller: PlayerIndex;
  ability: number;
  what: string;
  effect: Effect;
  event: TriggerEvent;
  subject?: number;
  subjectPlayer?: PlayerIndex;
  subjectItem?: number;
  /** Targets declared already (a Sorcery's, on casting: 21.2). */
  declared?: TargetRef[];
}

/** An activation window for Ambushes (17.2, 33.5): open for a player until they do anything else. */
export interface Window { event: TriggerEvent; subject?: number; subjectPlayer?: PlayerIndex; item?: number; open: PlayerIndex[] }

export type BattleStep = 'attack' | 'declare' | 'block' | 'early' | 'normal' | 'after';

export interface HostState {
  entities: HEntity[];
  players: [HPlayer, HPlayer];
  active: PlayerIndex;
  first: PlayerIndex;
  turn: number;
  phase: HostPhase;
  battle: { step: BattleStep; attacker: number; defender: number | 'host' | null } | null;
  stack: StackItem[];
  pending: PendingTrigger[];
  priority: { holder: PlayerIndex; passes: number };
  windows: Window[];
  /** Depth of effects resolving now (34.4). */
  resolving: number;
  result: 'ongoing' | 'A' | 'B' | 'draw';
  nextId: number;
  nextItem: number;
  seq: number;
  /** Resolutions since the last player action other than a pass (42.1). */
  unbroken: number;
  /** The game set-up under way (9.1, `"start": "game"`); null once the game has begun. */
  setup?: SetupStep | null;
}

export interface HostGame {
  s: HostState;
  trace: Recorder;
  random: Random;
  mutants: ReadonlySet<HostMutant>;
  /** false inside the look-ahead of the infinite-loop check (42.1): no nested look-ahead. */
  lookahead: boolean;
  /** Open trace blocks of the game, outermost first. */
  blocks: number[];
  /** The card pool, for cards an effect creates (tokens, 36.3). */
  cardOf: (key: string) => HostCard;
  /**
   * A choice asked while an effect resolves (41.3: the card a search takes), answered by the script (engine/host/run.ts)
   * or the fuzzer; without it (the loop check's look-ahead, 42.1) the first candidate is taken.
   */
  choose?: (q: { kind: 'search'; player: PlayerIndex; candidates: number[]; what: string }) => number;
  /** Called after each part of a resolving effect (only the mutant host-trigger-mid-resolution sets it). */
  onPart?: () => void;
}

/** Thrown by a game action that ends the game (1.1): nothing else resolves. */
export class GameOver extends Error {}

export const SIDES = ['A', 'B'] as const;
export const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);

export function ent(g: HostGame, id: number): HEntity {
  const e = g.s.entities[id];
  if (!e) throw new Error(`internal: no host entity #${id}`);
  return e;
}

export function inPlay(e: HEntity): boolean {
  return e.zone === 'frontrow' || e.zone === 'backrow' || e.zone === 'form' || e.zone === 'marker';
}

export const isEntityInPlay = (e: HEntity) => e.zone === 'frontrow' && e.card.type === 'entity';

export function openBlock(g: HostGame, kind: string, fields: { subject?: number; player?: number; entry?: number; rule?: string } = {}): number {
  const id = g.trace.openBlock({ block: 'step', kind, ...fields });
  g.blocks.push(id);
  return id;
}

export function closeBlock(g: HostGame, id: number): void {
  const at = g.blocks.lastIndexOf(id);
  if (at < 0) return;
  g.blocks.length = at;
  g.trace.closeBlock(id);
}
