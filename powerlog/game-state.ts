/**
 * The state the parser keeps for one game in progress: an entity as it is tracked, an open log block, an entity
 * definition being read. Shapes only: entities.ts and players.ts keep the entities, blocks.ts the open blocks,
 * game-builder.ts the definition being read.
 */

/** An entity as the parser tracks it. */
export interface EntState {
  id: number;
  card: string;
  name: string;
  type: string;
  zone: string;
  controller: number; // PlayerID as in the log (1, 2); records get controller - 1
  order?: number;
  preexisting?: boolean;
  /** Put into play from hand or deck by an effect (not played): the force-play bug (2015) made it the oldest. */
  forcePlay?: boolean;
  /** In play, but its order of play is unknown (recreated by a puzzle GAME_RESET). */
  orderUnknown?: boolean;
  damage: number;
  health: number;
  lastAffectedBy: number;
  playstate?: string;
  tags: Map<string, string>;
}

/** A log block (BLOCK_START / ACTION_START) not closed yet. */
export interface OpenBlock {
  /** Phase record id. */
  id: number;
  /** Wrapping LOG_BLOCK sequence id (top-level blocks only). */
  seq?: number;
  logType: string;
  line: number;
  subject: number;
  target: number;
  /** ATTACK blocks: synthetic COMBAT phase id once combat began. */
  combat?: number;
}

/** An entity line (CREATE_GAME's GameEntity / Player, FULL_ENTITY, SHOW_ENTITY, CHANGE_ENTITY) with the `tag=` lines
 * read under it so far; applied when the next line that is not a `tag=` line comes. */
export interface PendingDef {
  kind: 'full' | 'show' | 'change' | 'game' | 'player';
  id: number;
  card: string;
  name: string;
  line: number;
  tags: [string, string][];
  /** FULL_ENTITY - Updating / Creating of an id already known: apply as tag changes. */
  existing: boolean;
  playerId?: number;
  bracketPlayer?: number;
}
