/**
 * Power.log -> HSReplay XML: writes the DebugPrintPower lines of a log as the HSReplay document python-hsreplay would
 * (one <Game> per CREATE_GAME, packets as elements, tags and enum values as the game's numbers: enums.ts). Used to
 * make HSReplay fixtures from the bundled CC0 logs and to show, by the round trip back through hsreplay/read.ts, that
 * both formats give the same trace records.
 *
 * One source per game, as the parser reads it: GameState lines when the log has any, else PowerTaskList. Entity
 * references become entity ids; a player name stays a name (the HSReplay DTD allows it, and the parser ties names to
 * players the same way for both formats). What HSReplay cannot carry is lost, as in python-hsreplay: the brackets
 * of entities a mid-game excerpt never created (their card id, zone and player), timestamps, and a tag or enum value
 * missing from enums.ts (reported in `warnings` and left out).
 */
import {
  parseBlockStart, parseDebugPrintGame, parseFullEntity, parseHideEntity, parsePlayerEntity, parseShowOrChange, parseTagChange,
  parseTagLine, splitLine, type LogSource,
} from '../grammar.js';
import { BLOCK_TYPES, GAME_TAGS, GAME_TYPES, META_DATA_TYPES, TAG_VALUE_ENUMS, VALUE_ALIASES } from './enums.js';
import { escapeAttr } from './xml.js';

const TAG_NUMBERS: Record<string, number> = { ...GAME_TAGS, TAG_NOT_SET: 0 };

export interface HsReplayDocument {
  xml: string;
  games: number;
  /** Tags, values and lines left out (each once). */
  warnings: string[];
}

/** Entity reference -> the HSReplay `entity` attribute: an id, or a player name as the log wrote it. */
function entityAttr(ref: string, gameEntity: string): string {
  const s = ref.trim();
  if (s.startsWith('[')) {
    const id = /(?:^\[|\s)id=(\d+)\s/.exec(s);
    return id ? id[1]! : '0';
  }
  if (s === 'GameEntity') return gameEntity;
  return s;
}

/** Convert Power.log text to an HSReplay document. */
export function powerLogToHsReplay(text: string, opts: { source?: LogSource } = {}): HsReplayDocument {
  const lines = text.split(/\r?\n/);
  const source: LogSource = opts.source ?? (lines.some((l) => splitLine(l)?.source === 'GameState' && splitLine(l)?.fn === 'DebugPrintPower') ? 'GameState' : 'PowerTaskList');
  const warned = new Set<string>();
  const warnings: string[] = [];
  const warn = (key: string, w: string): void => {
    if (warned.has(key)) return;
    warned.add(key);
    warnings.push(w);
  };
  const out: string[] = [];
  let depth = 0;
  const emit = (s: string): void => void out.push('  '.repeat(depth) + s);
  let build: number | undefined;
  let gameOpen = false;
  let games = 0;
  let gameEntity = '1';
  /** The entity element whose Tag children are being read (closed by the next packet). */
  let entityOpen: string | null = null;
  const blocks: number[] = [];
  const names = new Map<number, string>();
  const closeEntity = (): void => {
    if (!entityOpen) return;
    depth--;
    emit(`</${entityOpen}>`);
    entityOpen = null;
  };
  let gameLine = -1;
  const openGame = (): void => {
    closeEntity();
    while (blocks.length) { depth--; emit('</Block>'); blocks.pop(); }
    if (gameOpen) { depth--; emit('</Game>'); }
    gameOpen = true;
    games++;
    gameLine = out.length;
    emit('<Game>');
    depth++;
  };
  const tagNumber = (name: string, where: number): number | undefined => {
    if (/^\d+$/.test(name)) return Number(name);
    const n = TAG_NUMBERS[name];
    if (n === undefined) warn(`tag ${name}`, `line ${where}: tag ${name} has no GameTag number in the table (left out)`);
    return n;
  };
  const valueNumber = (tag: string, value: string, where: number): number | undefined => {
    if (/^-?\d+$/.test(value)) return Number(value);
    const n = TAG_VALUE_ENUMS[tag]?.[value] ?? VALUE_ALIASES[tag]?.[value];
    if (n === undefined) warn(`value ${tag}=${value}`, `line ${where}: ${tag} value ${value} has no number in the table (left out)`);
    return n;
  };
  const tagElement = (el: string, tag: string, value: string, where: number, extra = ''): void => {
    const t = tagNumber(tag, where);
    const v = t === undefined ? undefined : valueNumber(tag, value, where);
    if (t === undefined || v === undefined) return;
    emit(`<${el}${extra} tag="${t}" value="${v}"/>`);
  };

  lines.forEach((raw, i) => {
    const where = i + 1;
    const l = splitLine(raw);
    if (!l) return;
    if (l.fn === 'DebugPrintGame') {
      const d = parseDebugPrintGame(l.body);
      if (d && 'build' in d) build = d.build;
      // GameType is printed after CREATE_GAME: it goes on the Game element already written.
      if (d && 'gameType' in d && gameLine >= 0 && GAME_TYPES[d.gameType] !== undefined) out[gameLine] = out[gameLine]!.replace('<Game>', `<Game type="${GAME_TYPES[d.gameType]}">`);
      if (d && 'playerId' in d) names.set(d.playerId, d.name);
      return;
    }
    if (l.fn !== 'DebugPrintPower' || l.source !== source) return;
    const body = l.body;
    if (body.startsWith('tag=')) {
      const tv = parseTagLine(body);
      if (tv && entityOpen) tagElement('Tag', tv[0], tv[1], where);
      return;
    }
    if (body === 'CREATE_GAME') return openGame();
    if (!gameOpen) openGame();
    closeEntity();
    if (body.startsWith('GameEntity EntityID=')) {
      gameEntity = /EntityID=(\d+)/.exec(body)![1]!;
      emit(`<GameEntity id="${gameEntity}">`);
      entityOpen = 'GameEntity';
      depth++;
    } else if (body.startsWith('Player EntityID=')) {
      const p = parsePlayerEntity(body);
      if (!p) return;
      const acct = /hi=(\d+) lo=(\d+)/.exec(body);
      const later = lines.slice(i, i + 400).map((x) => splitLine(x)).find((x) => x?.fn === 'DebugPrintGame' && x.body.startsWith(`PlayerID=${p.playerId}, PlayerName=`));
      const name = later ? later.body.replace(/^PlayerID=\d+, PlayerName=/, '').trim() : names.get(p.playerId);
      emit(`<Player id="${p.id}" playerID="${p.playerId}"${acct ? ` accountHi="${acct[1]}" accountLo="${acct[2]}"` : ''}${name ? ` name="${escapeAttr(name)}"` : ''}>`);
      entityOpen = 'Player';
      depth++;
    } else if (body.startsWith('FULL_ENTITY')) {
      const m = parseFullEntity(body);
      if (!m) return;
      const id = 'id' in m ? String(m.id) : entityAttr(m.entity, gameEntity);
      emit(`<FullEntity id="${id}"${m.card ? ` cardID="${escapeAttr(m.card)}"` : ''}>`);
      entityOpen = 'FullEntity';
      depth++;
    } else if (body.startsWith('SHOW_ENTITY') || body.startsWith('CHANGE_ENTITY')) {
      const m = parseShowOrChange(body);
      if (!m) return;
      const el = body.startsWith('SHOW') ? 'ShowEntity' : 'ChangeEntity';
      emit(`<${el} entity="${escapeAttr(entityAttr(m.entity, gameEntity))}"${m.card ? ` cardID="${escapeAttr(m.card)}"` : ''}>`);
      entityOpen = el;
      depth++;
    } else if (body.startsWith('HIDE_ENTITY')) {
      const m = parseHideEntity(body);
      const zone = m ? valueNumber('ZONE', m.value, where) : undefined;
      if (m && zone !== undefined) emit(`<HideEntity entity="${escapeAttr(entityAttr(m.entity, gameEntity))}" zone="${zone}"/>`);
    } else if (body.startsWith('TAG_CHANGE ')) {
      const m = parseTagChange(body);
      if (!m) return;
      const def = /DEF CHANGE\s*$/.test(body) ? ' hasChangeDef="true"' : '';
      const t = tagNumber(m.tag, where);
      const v = t === undefined ? undefined : valueNumber(m.tag, m.value, where);
      if (t !== undefined && v !== undefined) emit(`<TagChange entity="${escapeAttr(entityAttr(m.entity, gameEntity))}" tag="${t}" value="${v}"${def}/>`);
    } else if (body.startsWith('BLOCK_START') || body.startsWith('ACTION_START')) {
      const b = parseBlockStart(body);
      const type = BLOCK_TYPES[b.logType];
      if (type === undefined) warn(`block ${b.logType}`, `line ${where}: block type ${b.logType} has no number in the table (written as INVALID)`);
      const idx = /EffectIndex=(-?\d+)|\sIndex=(-?\d+)/.exec(body);
      const sub = /SubOption=(-?\d+)/.exec(body);
      const kw = b.triggerKeyword !== undefined ? tagNumber(b.triggerKeyword, where) : undefined;
      const target = b.target !== undefined ? entityAttr(b.target, gameEntity) : '0';
      emit(`<Block entity="${escapeAttr(entityAttr(b.entity ?? '0', gameEntity))}" type="${type ?? 0}"` +
        `${b.effectCardId ? ` effectCardId="${escapeAttr(b.effectCardId)}"` : ''}${idx && (idx[1] ?? idx[2]) !== '-1' ? ` effectIndex="${idx[1] ?? idx[2]}"` : ''}` +
        `${target !== '0' ? ` target="${escapeAttr(target)}"` : ''}${sub && sub[1] !== '-1' ? ` subOption="${sub[1]}"` : ''}${kw ? ` triggerKeyword="${kw}"` : ''}>`);
      depth++;
      blocks.push(where);
    } else if (body.startsWith('BLOCK_END') || body.startsWith('ACTION_END')) {
      if (!blocks.length) return; // a BLOCK_END of a block opened before the excerpt: nothing to close
      blocks.pop();
      depth--;
      emit('</Block>');
    } else if (body.startsWith('META_DATA')) {
      const m = /^META_DATA - Meta=(\S+)(?: Data=(\S+))?(?: InfoCount=(\d+))?/.exec(body);
      const meta = m ? (/^\d+$/.test(m[1]!) ? Number(m[1]) : META_DATA_TYPES[m[1]!]) : undefined;
      if (meta === undefined) { warn(`meta ${m?.[1]}`, `line ${where}: META_DATA ${m?.[1] ?? body.slice(0, 40)} has no number in the table (left out)`); return; }
      emit(`<MetaData meta="${meta}" data="${m![2] ?? 0}" infoCount="${m![3] ?? 0}"/>`);
    }
  });
  closeEntity();
  while (blocks.length) { depth--; emit('</Block>'); blocks.pop(); }
  if (gameOpen) { depth--; emit('</Game>'); }
  const head = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<!DOCTYPE HSReplay PUBLIC "-//HearthSim//DTD HSReplay 1.7//EN" "https://hearthsim.info/hsreplay/dtd/hsreplay-1.7.dtd">',
    `<HSReplay version="1.7"${build !== undefined ? ` build="${build}"` : ''}>`,
  ];
  const xml = [...head, ...out.map((s) => '  ' + s), '</HSReplay>', ''].join('\n');
  return { xml, games, warnings };
}
