/**
 * Who the players are in one game: PlayerID -> player entity, and which player each name in the log means. TAG_CHANGE
 * lines name players by their (changing) display names, so a name is tied to a player from DebugPrintGame, mulligan
 * EntityChoices or, line by line, from evidence (see resolveName).
 */
import type { EntState, OpenBlock } from './game-state.js';
import type { GameOutput } from './parsed-game.js';

/** The placeholder name either player may carry before the client knows the real one. */
const UNKNOWN_PLAYER = 'UNKNOWN HUMAN PLAYER';
/** Player tags set on the acting player directly inside their own top-level PLAY / ATTACK block. */
const ACTING_TAGS = new Set([
  'RESOURCES_USED', 'NUM_RESOURCES_SPENT_THIS_GAME', 'NUM_CARDS_PLAYED_THIS_TURN', 'NUM_MINIONS_PLAYED_THIS_TURN',
  'NUM_OPTIONS_PLAYED_THIS_TURN', 'LAST_CARD_PLAYED', 'COMBO_ACTIVE', 'NUM_FRIENDLY_MINIONS_THAT_ATTACKED_THIS_TURN',
]);

export class Players {
  /** PlayerID -> player entity id. */
  readonly playerEntities = new Map<number, number>();
  /** Name -> player entity id. */
  readonly names = new Map<string, number>();
  readonly unresolvedNames = new Set<string>();
  /** PlayerID -> name from DebugPrintGame / EntityChoices, kept until the Player entity exists. */
  readonly playerNames = new Map<number, string>();

  constructor(
    /** The game's entity table (entities.ts). */
    private readonly entities: ReadonlyMap<number, EntState>,
    /** The game's open blocks (blocks.ts), innermost last. */
    private readonly stack: readonly OpenBlock[],
    private readonly out: GameOutput,
  ) {}

  private playerNamed(entity: number, name: string): void {
    this.names.set(name, entity);
    const e = this.entities.get(entity);
    if (e && (!e.name || e.name === UNKNOWN_PLAYER)) e.name = name;
  }

  /**
   * Which player a name means. Exact evidence first (HERO_ENTITY value, CURRENT_PLAYER flip, a tag the acting player
   * gets directly inside a top-level PLAY / ATTACK block of a card they control), then the only unnamed player, the
   * name without its BattleTag, and UNKNOWN HUMAN PLAYER re-registered under the real name. Names come and go
   * (AI opponents renamed after their hero, BattleTags added later); a name seen after both players were named is
   * accepted only on exact evidence, with a warning.
   */
  resolveName(name: string, line: number, tag?: string, value?: string): number | undefined {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    const players = [...this.playerEntities.values()].map((id) => this.entities.get(id)).filter((e): e is EntState => !!e);
    if (players.length === 0) return undefined;
    const named = new Set([...this.names.entries()].filter(([n]) => n !== UNKNOWN_PLAYER).map(([, id]) => id));
    const unnamed = players.filter((e) => !named.has(e.id));
    if (name !== UNKNOWN_PLAYER && unnamed.length === 0) {
      // Name without / with its BattleTag (Frost vs Frost#11839).
      const bare = name.split('#')[0]!;
      const sameTag = players.filter((e) => this.playerName(e.id).split('#')[0] === bare);
      if (sameTag.length === 1) { this.names.set(name, sameTag[0]!.id); return sameTag[0]!.id; }
    }
    const evidence = this.nameEvidence(players, tag, value);
    if (evidence) {
      // UNKNOWN HUMAN PLAYER is a placeholder either player may carry: resolved line by line, never remembered.
      if (name === UNKNOWN_PLAYER) return evidence.entity.id;
      if (named.has(evidence.entity.id)) {
        this.out.warn(`line ${line}: player name '${name}' appears after both players were named; ${evidence.why} says it is ` +
          `player ${this.playerIdOf(evidence.entity.id)} (${this.playerName(evidence.entity.id)}), taken as another name of that player ` +
          `(AI opponents are renamed after their hero; for two human players it means a spliced or corrupt log)`);
      }
      this.names.set(name, evidence.entity.id);
      if (!named.has(evidence.entity.id)) evidence.entity.name = name;
      return evidence.entity.id;
    }
    if (name === UNKNOWN_PLAYER) return undefined;
    if (unnamed.length === 1) { this.playerNamed(unnamed[0]!.id, name); return unnamed[0]!.id; }
    if (unnamed.length === 0) {
      if (!this.unresolvedNames.has(name)) {
        this.unresolvedNames.add(name);
        const list = players.map((e) => `${this.playerName(e.id)} (player ${this.playerIdOf(e.id)})`).join(', ');
        this.out.warn(`line ${line}: player name '${name}' matches neither player (${list}); its tag changes are ignored until a line tells which player it is`);
      }
    }
    return undefined;
  }

  private nameEvidence(players: EntState[], tag?: string, value?: string): { entity: EntState; why: string } | undefined {
    if (!tag) return undefined;
    const one = (xs: EntState[], why: string) => (xs.length === 1 ? { entity: xs[0]!, why } : undefined);
    if (tag === 'HERO_ENTITY' && value) return one(players.filter((e) => e.tags.get('HERO_ENTITY') === value), 'HERO_ENTITY');
    if (tag === 'CURRENT_PLAYER') {
      const cur = players.filter((e) => e.tags.get('CURRENT_PLAYER') === '1');
      if (cur.length !== 1) return undefined;
      return one(value === '1' ? players.filter((e) => e !== cur[0]) : value === '0' ? cur : [], 'CURRENT_PLAYER');
    }
    if (ACTING_TAGS.has(tag) && this.stack.length === 1 && (this.stack[0]!.logType === 'PLAY' || this.stack[0]!.logType === 'ATTACK')) {
      const c = this.entities.get(this.stack[0]!.subject)?.controller;
      const pe = c !== undefined ? this.playerEntities.get(c) : undefined;
      const e = pe !== undefined ? this.entities.get(pe) : undefined;
      if (e) return { entity: e, why: `${tag} in the ${this.stack[0]!.logType} block at line ${this.stack[0]!.line}` };
    }
    return undefined;
  }

  playerIdOf(entity: number): number | undefined {
    for (const [pid, eid] of this.playerEntities) if (eid === entity) return pid;
    return undefined;
  }

  playerName(entity: number): string {
    for (const [n, id] of this.names) if (id === entity && n !== UNKNOWN_PLAYER) return n;
    return this.entities.get(entity)?.name || `player entity #${entity}`;
  }

  setPlayerName(playerId: number, name: string): void {
    if (name === UNKNOWN_PLAYER) return;
    this.playerNames.set(playerId, name);
    const eid = this.playerEntities.get(playerId);
    if (eid === undefined) return;
    this.names.set(name, eid);
    const e = this.entities.get(eid);
    if (e) e.name = name;
  }
}
