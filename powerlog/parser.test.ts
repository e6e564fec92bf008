import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePowerLog, parsePowerLogText, readGames, sniffBinary, type ParsedGame, type PowerRecord } from './parser.js';

const FIX = join(import.meta.dirname, 'fixtures');
const text = (name: string): string => readFileSync(join(FIX, name), 'utf8');
const lines = (name: string): string[] => text(name).split('\n');
/** 1-based line of the first fixture line containing `s`. */
const lineOf = (name: string, s: string, from = 1): number => {
  const ls = lines(name);
  for (let i = from - 1; i < ls.length; i++) if (!ls[i]!.startsWith('#') && ls[i]!.includes(s)) return i + 1;
  throw new Error(`${name}: no line contains ${s}`);
};
const one = (name: string): ParsedGame => {
  const { games } = parsePowerLogText(text(name), { name });
  expect(games).toHaveLength(1);
  return games[0]!;
};
const events = (g: ParsedGame, e: string): PowerRecord[] => g.records.filter((r) => r.t === 'event' && r.e === e);
const opens = (g: ParsedGame): PowerRecord[] => g.records.filter((r) => r.t === 'open');
const entity = (g: ParsedGame, id: number): PowerRecord[] => g.records.filter((r) => r.t === 'entity' && r.id === id);

/** Every open has exactly one close, and closes come in stack order. */
function expectBalanced(g: ParsedGame): void {
  const stack: number[] = [];
  for (const r of g.records) {
    if (r.t === 'open') stack.push(r.id);
    if (r.t === 'close') expect(stack.pop()).toBe(r.id);
  }
  expect(stack).toEqual([]);
}

describe('CREATE_GAME, GameEntity, Player, FULL_ENTITY (2016 build, examples__short.log 1-60)', () => {
  const g = one('2016-create-game.log');

  it('starts one game at CREATE_GAME, from GameState lines, not mid-game', () => {
    expect(g.source).toBe('GameState');
    expect(g.startLine).toBe(lineOf('2016-create-game.log', 'CREATE_GAME'));
    expect(g.midGame).toBe(false);
    expect(g.records[0]).toMatchObject({ t: 'meta', format: 'arbiter-trace/1', producer: 'power.log', profile: 'hearthstone', fidelity: 'phases' });
  });

  it('maps PlayerID to the Player entity', () => {
    expect(g.players.map((p) => [p.player, p.entity])).toEqual([[1, 2], [2, 3]]);
  });

  it('reads the tag lines under FULL_ENTITY: card, type, zone, controller (PlayerID - 1)', () => {
    expect(entity(g, 5)).toEqual([
      expect.objectContaining({ card: 'NEW1_041', type: 'minion', zone: 'hand', controller: 0, line: lineOf('2016-create-game.log', 'Creating ID=5 ') }),
    ]);
    expect(entity(g, 4)[0]).toMatchObject({ card: '', zone: 'deck', controller: 0 });
    expect(g.counters.unparsed).toBe(0);
  });
});

describe('BLOCK_START / BLOCK_END, SHOW_ENTITY, META_DATA, TAG_CHANGE, DEATHS (examples__short.log 894-936)', () => {
  const f = '2016-play-deaths.log';
  const g = one(f);

  it('nests POWER and DEATHS inside the PLAY block; only the top-level block is outermost and wrapped in a LOG_BLOCK sequence', () => {
    const o = opens(g).map((r) => [r.block, r.kind, r.logType ?? null, r.outermost ?? null, r.line]);
    expect(o).toEqual([
      ['sequence', 'LOG_BLOCK', null, null, lineOf(f, 'BlockType=PLAY')],
      ['phase', 'OTHER', 'PLAY', true, lineOf(f, 'BlockType=PLAY')],
      ['phase', 'SPELL_TEXT', 'POWER', false, lineOf(f, 'BlockType=POWER')],
      ['phase', 'DEATH', 'DEATHS', false, lineOf(f, 'BlockType=DEATHS')],
    ]);
    expect(opens(g)[1]).toMatchObject({ type: 'PLAY', subject: 43, target: 69, player: 1 });
    expectBalanced(g);
    expect(g.counters).toMatchObject({ blocks: 3, deathPhases: 1, deaths: 1, minionDeaths: 1 });
  });

  it('SHOW_ENTITY reveals the played card (an entity update record) and moves it HAND -> PLAY', () => {
    expect(entity(g, 43).at(-1)).toMatchObject({ card: 'CS2_057', type: 'spell', zone: 'play', update: true, via: 'show' });
    expect(events(g, 'zone')[0]).toMatchObject({ entity: 43, from: 'hand', to: 'play', line: lineOf(f, 'SHOW_ENTITY') });
  });

  it('turns DAMAGE increases into damage events and PLAY -> GRAVEYARD of a minion into a death, with log lines', () => {
    expect(events(g, 'damage')).toEqual([
      expect.objectContaining({ source: 43, target: 69, amount: 4, line: lineOf(f, 'tag=DAMAGE value=4') }),
    ]);
    expect(events(g, 'death')).toEqual([
      expect.objectContaining({ entity: 69, type: 'minion', name: 'Misha', line: lineOf(f, 'id=69 zone=PLAY zonePos=2 cardId=NEW1_032 player=1] tag=ZONE value=GRAVEYARD') }),
    ]);
    // The spell going to the graveyard is a zone change, not a death.
    expect(events(g, 'zone').filter((r) => r.to === 'graveyard').map((r) => r.entity)).toEqual([43, 69]);
  });

  it('treats an excerpt without CREATE_GAME as a game already under way, minions on the board known from their brackets', () => {
    expect(g.midGame).toBe(true);
    expect(g.warnings[0]).toMatch(/starts inside a game/);
    expect(entity(g, 69)[0]).toMatchObject({ type: 'minion', zone: 'play', preexisting: true, standIn: true });
  });
});

describe('ACTION_START / ACTION_END era (build 10357, data__choose-one-10357.log 7885-7939)', () => {
  const f = '2015-action-start.log';
  const g = one(f);

  it('reads ACTION_START ... BlockType= as blocks: ATTACK is the Preparation phase, combat begins at the first combat tag', () => {
    const o = opens(g).filter((r) => r.block === 'phase').map((r) => [r.kind, r.logType ?? null, r.line]);
    expect(o).toEqual([
      ['PREPARATION', 'ATTACK', lineOf(f, 'BlockType=ATTACK')],
      ['COMBAT', null, lineOf(f, 'tag=DEFENDING value=1')],
      ['DEATH', 'DEATHS', lineOf(f, 'BlockType=DEATHS')],
      ['OTHER', 'TRIGGER', lineOf(f, 'BlockType=TRIGGER')],
    ]);
    expect(opens(g)[2]).toMatchObject({ synthetic: true, subject: 4, target: 83 });
    expectBalanced(g);
  });

  it('sees the Deathlord deathrattle put a deck minion into play: a force play with an order of play', () => {
    const z = events(g, 'zone').find((r) => r.entity === 51);
    expect(z).toMatchObject({ from: 'deck', to: 'play', forcePlay: true, order: 1, line: lineOf(f, 'SHOW_ENTITY') });
    expect(events(g, 'death').map((r) => r.entity)).toEqual([83]);
    expect(g.counters.forcePlays).toBe(1);
  });
});

describe('the ACTION_START ... SubType= form', () => {
  it('reads SubType= like BlockType= (doctored from 2015-action-start.log: BlockType= renamed)', () => {
    const f = '2015-action-start.log';
    const { games } = parsePowerLogText(text(f).replaceAll('BlockType=', 'SubType='));
    const real = one(f);
    const shape = (g: ParsedGame) => opens(g).map((r) => [r.kind, r.logType ?? null, r.line]);
    expect(shape(games[0]!)).toEqual(shape(real));
  });
});

describe('HIDE_ENTITY in a 2015 mulligan (data__choose-one-10357.log 4690-4728)', () => {
  const f = '2015-mulligan-hide-entity.log';
  const g = one(f);

  it('moves hidden cards HAND -> DECK and shown cards DECK -> HAND', () => {
    const z = events(g, 'zone').map((r) => [r.entity, r.from, r.to]);
    expect(z).toEqual([
      [52, 'deck', 'hand'], [9, 'hand', 'deck'], [6, 'deck', 'hand'], [21, 'hand', 'deck'], [29, 'deck', 'hand'], [41, 'hand', 'deck'],
    ]);
    expect(events(g, 'zone').find((r) => r.entity === 9)!.line).toBe(lineOf(f, 'HIDE_ENTITY'));
  });

  it('ignores an ACTION_END whose ACTION_START is before the excerpt, with a warning', () => {
    expect(g.counters.strayBlockEnds).toBe(1);
    expect(g.warnings.some((w) => /BLOCK_END with no open block/.test(w))).toBe(true);
  });
});

describe('build 20457: DEF CHANGE, trailing spaces (hslog-tests__20457_def_change.power.log 1590-1616)', () => {
  const g = one('20457-def-change.log');
  it('parses every TAG_CHANGE, with or without the DEF CHANGE suffix', () => {
    const tagChangeLines = lines('20457-def-change.log').filter((l) => !l.startsWith('#') && l.includes('TAG_CHANGE'));
    expect(tagChangeLines.filter((l) => l.includes('DEF CHANGE'))).toHaveLength(7);
    expect(g.counters.tagChanges).toBe(tagChangeLines.length);
    expect(g.counters.unparsed).toBe(0);
    expect(entity(g, 79)[0]).toMatchObject({ card: 'CFM_621t15', type: 'spell', zone: 'hand' });
    expect(g.counters.strayBlockEnds).toBe(2);
  });
});

describe('PowerTaskList-only log with TriggerKeyword (data__created_by.log 3140-3177)', () => {
  const f = 'ptl-triggerkeyword.log';
  const g = one(f);
  it('reads PowerTaskList lines when the game has no GameState lines', () => {
    expect(g.source).toBe('PowerTaskList');
    expect(g.counters.lines).toBe(38);
  });
  it('keeps TriggerKeyword on the block; an attack stopped by a secret never reaches combat', () => {
    expect(opens(g).filter((r) => r.triggerKeyword).map((r) => [r.triggerKeyword, r.line])).toEqual([
      ['SECRET', lineOf(f, 'TriggerKeyword=SECRET')],
      ['DEATHRATTLE', lineOf(f, 'TriggerKeyword=DEATHRATTLE')],
    ]);
    expect(opens(g).some((r) => r.kind === 'COMBAT')).toBe(false);
    expect(events(g, 'death')).toEqual([expect.objectContaining({ entity: 33, name: 'Bomb Squad', line: lineOf(f, 'id=33 zone=PLAY zonePos=2 cardId=CFM_667 player=1] tag=ZONE value=GRAVEYARD') })]);
  });
});

describe('CHANGE_ENTITY of a minion in play (hslog-tests__88998_async_player_name.power.log 6424-6472)', () => {
  const f = '2021-change-entity.log';
  const g = one(f);
  it('records the transformation as an entity update, not a zone change or a death', () => {
    expect(entity(g, 50).at(-1)).toMatchObject({ card: 'DMF_069', type: 'minion', zone: 'play', update: true, via: 'change', line: lineOf(f, 'CHANGE_ENTITY') });
    expect(events(g, 'zone').filter((r) => r.entity === 50)).toEqual([]);
    expect(events(g, 'death')).toEqual([]);
  });
  it('closes the block left open at the end of the excerpt, marked truncated', () => {
    expect(g.counters.unclosedBlocks).toBe(1);
    expect(g.records.filter((r) => r.t === 'close' && r.truncated)).toHaveLength(2); // phase + its LOG_BLOCK sequence
    expectBalanced(g);
  });
});

describe('2024 build (hslog-tests__176014_friendly_sideboard.power.log 1920-1990)', () => {
  const f = '2024-attack-deaths.log';
  const g = one(f);
  it('opens combat at DEFENDING (2024 sets it before the damage) and kills both minions in the DEATHS block', () => {
    const combat = opens(g).find((r) => r.kind === 'COMBAT');
    expect(combat).toMatchObject({ line: lineOf(f, 'tag=DEFENDING value=1'), subject: 31, target: 46 });
    expect(events(g, 'death').map((r) => [r.entity, r.name])).toEqual([[31, 'Sinful Sous Chef'], [46, 'Amber Whelp']]);
  });
  it('drops the System.Collections EffectCardId placeholder and TriggerKeyword TAG_NOT_SET', () => {
    expect(opens(g).every((r) => r.effectCardId === undefined && r.triggerKeyword === undefined)).toBe(true);
  });
});

describe('a Forced Death Phase: Defile (hslog-tests__25770_unknown_human_player.power.log 4677, 4693, 4746-4755)', () => {
  const f = '2018-defile-forced-death.log';
  const g = one(f);
  it('maps a DEATHS block opened inside a running POWER block to kind FORCED_DEATH, naming the interrupted card', () => {
    const d = opens(g).find((r) => r.logType === 'DEATHS');
    expect(d).toMatchObject({ kind: 'FORCED_DEATH', type: 'DEATHS', forcedBy: ['ICC_041'], outermost: false, line: lineOf(f, 'BlockType=DEATHS') });
    expect(g.counters.forcedDeathPhases).toBe(1);
    expect(events(g, 'death')).toEqual([expect.objectContaining({ entity: 49, name: 'Kobold Librarian' })]);
  });
  it('keeps a DEATHS block directly inside the PLAY block an ordinary Death Phase', () => {
    expect(opens(one('2016-play-deaths.log')).find((r) => r.logType === 'DEATHS')!.kind).toBe('DEATH');
  });
});

describe('several games in one file, GameState and PowerTaskList copies (data__choose-one-10357.log 1481-1540)', () => {
  const f = 'two-games.log';
  const { games } = parsePowerLogText(text(f), { name: f });
  it('splits at CREATE_GAME', () => {
    expect(games.map((g) => [g.index, g.source, g.startLine])).toEqual([
      [1, 'GameState', lineOf(f, 'ACTION_END')],
      [2, 'GameState', lineOf(f, 'CREATE_GAME')],
    ]);
  });
  it('counts the game end once, from GameState, though PowerTaskList repeats it', () => {
    const checks = events(games[0]!, 'game_check');
    expect(checks.map((r) => [r.playstate, r.playerName, r.cause, r.line])).toEqual([
      ['LOST', 'Adys', 'quit', lineOf(f, 'tag=PLAYSTATE value=LOST')],
      ['WON', 'Homa86', 'quit', lineOf(f, 'tag=PLAYSTATE value=WON')],
    ]);
    expect(games[0]!.complete).toBe(true);
  });
});

describe('a log that begins mid-game (hslog-tests__25770_inferrable_player.power.log 1-13 + 77-111)', () => {
  const g = one('midgame-start.log');
  it('is recognised from the STEP already set in CREATE_GAME and marks minions already in PLAY as preexisting, order unknown', () => {
    expect(g.midGame).toBe(true);
    expect(entity(g, 6)[0]).toMatchObject({ card: 'BOT_035', type: 'minion', zone: 'play', preexisting: true });
    expect(entity(g, 6)[0]!.order).toBeUndefined();
    expect(entity(g, 4)[0]).toMatchObject({ zone: 'setaside' });
    expect(entity(g, 4)[0]!.preexisting).toBeUndefined();
    expect(g.counters.preexisting).toBe(1);
  });
});

describe('PowerTaskList-only log that ends inside an attack (data__endedInAttack.log 1515-1576)', () => {
  const f = 'ptl-ended-in-attack.log';
  const g = one(f);
  it('records the disconnection result as game_check events with their cause and lines, and closes the cut-off ATTACK block', () => {
    expect(g.source).toBe('PowerTaskList');
    expect(events(g, 'game_check').map((r) => [r.result, r.playstate, r.cause, r.line])).toEqual([
      ['loss', 'LOST', 'disconnected', lineOf(f, 'tag=PLAYSTATE value=LOST')],
      ['win', 'WON', 'disconnected', lineOf(f, 'tag=PLAYSTATE value=WON')],
    ]);
    expect(g.counters.unclosedBlocks).toBe(1);
    expectBalanced(g);
  });
});

describe('repairs', () => {
  it('closes blocks still open when a turn begins (their BLOCK_END was lost), as in data__brawls__underdog-rules.log', () => {
    // Doctored from 2016-play-deaths.log: drop the PLAY block's final BLOCK_END, then a new turn starts.
    const ls = lines('2016-play-deaths.log').filter((l) => l !== '');
    ls.pop();
    ls.push('D 20:08:50.9288837 GameState.DebugPrintPower() - TAG_CHANGE Entity=GameEntity tag=STEP value=MAIN_READY');
    const { games } = parsePowerLogText(ls.join('\n'));
    expect(games[0]!.counters.repairedBlocks).toBe(1);
    expect(games[0]!.warnings.some((w) => /a turn begins while 1 block\(s\) are open/.test(w))).toBe(true);
    expectBalanced(games[0]!);
  });
});

describe('file API: streaming, bad input', () => {
  it('streams games from a file through the callback and the async iterator', async () => {
    const seen: number[] = [];
    const s = await parsePowerLog(join(FIX, 'two-games.log'), (g) => { seen.push(g.index); });
    expect(s.games).toBe(2);
    expect(s.error).toBeUndefined();
    expect(seen).toEqual([1, 2]);
    const it2: number[] = [];
    for await (const g of readGames(join(FIX, 'two-games.log'))) it2.push(g.index);
    expect(it2).toEqual([1, 2]);
    // Leaving the loop early stops the reading (no hang, no later game).
    const first: number[] = [];
    for await (const g of readGames(join(FIX, 'two-games.log'))) { first.push(g.index); break; }
    expect(first).toEqual([1]);
    // The callback can stop the parse too.
    const stop = await parsePowerLog(join(FIX, 'two-games.log'), () => false);
    expect(stop.games).toBe(1);
  });

  it('gives one-line errors for the corpus bad inputs, never throwing', async () => {
    const err = async (n: string) => (await parsePowerLog(join(FIX, n), () => {})).error;
    expect(await err('bad-empty.log')).toBe("no game in this Power.log (1 line(s), 0 DebugPrintPower line(s), no CREATE_GAME; it holds only 'GameState.DebugPrintPowerList() - Count=66')");
    expect(await err('bad-Net.log')).toMatch(/^not a Power\.log \(no GameState\/PowerTaskList lines in 1 line\(s\); it starts with 'ConnectAPI\.GotoGameServer/);
    expect(await err('bad-gzip-head.log')).toBe('not a text Power.log (binary data at byte 426 (gzip-compressed content))');
    expect(await err('no-such-file.log')).toBe('cannot read: ENOENT');
    for (const n of ['bad-empty.log', 'bad-Net.log', 'bad-gzip-head.log']) expect(await err(n)).not.toContain('\n');
  });

  it('sniffs binary data but accepts text in any script', () => {
    expect(sniffBinary(Buffer.from('D 10:00:00.0 GameState.DebugPrintPower() - TAG_CHANGE Entity=這い寄る悪夢 tag=X value=1\r\n'))).toBeUndefined();
    expect(sniffBinary(Buffer.from([0x41, 0x0a, 0x00]))).toBe('binary data at byte 2');
  });
});
