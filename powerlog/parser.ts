/**
 * Streaming parser for Hearthstone's Power.log (issue 7): maps each game of a log onto Arbiter trace records
 * (engine/trace/format.ts), one game at a time, so memory stays bounded by the largest game, not the file.
 *
 * What it reads (the `GameState.DebugPrintPower()` lines, or `PowerTaskList.DebugPrintPower()` for a game that has no
 * GameState lines; never both for one game):
 *   CREATE_GAME, GameEntity / Player, FULL_ENTITY - Creating / Updating, SHOW_ENTITY, HIDE_ENTITY, CHANGE_ENTITY,
 *   TAG_CHANGE, BLOCK_START / BLOCK_END (and the 2015 ACTION_START / ACTION_END with BlockType= or SubType=),
 *   META_DATA, and the indented `tag=... value=...` lines that follow an entity line.
 * Plus `GameState.DebugPrintGame()` (player names, build) and `DebugPrintEntityChoices()` (name -> player id).
 *
 * How a game maps onto the trace:
 *   meta     producer 'power.log', profile 'hearthstone', fidelity 'phases'.
 *   entity   one per entity when it is created; again (with `update: true`) when SHOW_ENTITY / CHANGE_ENTITY reveals or
 *            changes its card or type. Zones and types are lower case ('play', 'graveyard', 'removed' for
 *            REMOVEDFROMGAME, 'minion', 'spell' for the old ABILITY), controller is PlayerID - 1 (0 or 1) as in the
 *            engine's traces. `order` is the order of play (the n-th entity to enter PLAY in this game);
 *            `preexisting: true` marks entities already in PLAY when the log starts mid-game (spectator, reconnect).
 *   open     every log block is a 'phase': BlockType DEATHS -> kind DEATH (FORCED_DEATH, with `forcedBy`, when it opens
 *   close    inside a running Phase instead of at the top level or directly in the action's block); ATTACK -> kind
 *            PREPARATION; POWER inside PLAY -> SPELL_TEXT / BATTLECRY / HERO_POWER by the played card's type; anything
 *            else -> OTHER. `type` is the BlockType where format.ts's BlockType union has it; `logType` always holds the
 *            raw one (JOUST, RITUAL, GAME_RESET, REVEAL_CARD, INVALID, ...). A top-level block is `outermost: true` and
 *            is wrapped in a 'sequence' of kind LOG_BLOCK (a Power.log cannot tell Sequences apart). Inside an ATTACK
 *            block a synthetic 'phase' kind COMBAT (`synthetic: true`) opens at the first combat mark (see combatCheck in blocks.ts)
 *            and closes with the ATTACK block, so "between Preparation and Combat" is visible.
 *   event    zone (every zone change; `order` when entering play), death (minion or hero PLAY -> GRAVEYARD, except a
 *            minion returned to a full hand or moved by a puzzle GAME_RESET), damage (DAMAGE tag increases), control
 *            (CONTROLLER changes in play), game_check (PLAYSTATE WON / LOST / TIED, with the cause: check, or a
 *            concession / disconnection / quit before it).
 * Every record the log caused carries the 1-based log line in `line`.
 *
 * This file is the public entry; the parser is split by concern:
 *   grammar.ts       line grammar: splitting and tokenising lines, entity references, zone / type / tag names
 *   parsed-game.ts   what a parsed game is (ParsedGame, PowerRecord, GameCounters) and the collector for one game
 *   game-state.ts    the shapes of one game's tracked state (entity, open block, entity definition being read)
 *   players.ts       player entities and which player a name in the log means
 *   entities.ts      entity and tag tracking: entity records and zone / death / damage / control / game_check events
 *   blocks.ts        block nesting mapped to open / close records (phases, LOG_BLOCK sequences, COMBAT)
 *   game-builder.ts  one game: dispatches its lines to the trackers, hands it over as a ParsedGame
 *   game-stream.ts   game boundaries: CREATE_GAME, implicit games, GameState vs PowerTaskList twins (PowerLogParser)
 *   read-log.ts      reading a file (streamed, binary sniffing) or text: parsePowerLog, readGames, parsePowerLogText
 *   hsreplay/        HSReplay XML: read.ts turns its elements back into these lines (check-log reads both formats),
 *                    write.ts converts a Power.log into it, enums.ts the game's tag and enum numbers, xml.ts the tokenizer
 */
export { cardTypeName, zoneName, type LogSource } from './grammar.js';
export type { GameCounters, ParsedGame, PowerRecord } from './parsed-game.js';
export { PowerLogParser, type ParseOptions } from './game-stream.js';
export { parsePowerLog, parsePowerLogText, readGames, sniffBinary, type ParseSummary } from './read-log.js';
