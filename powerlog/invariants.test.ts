import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePowerLogText } from './parser.js';
import { judge, judgeRule3, judgeRule7, judgeRule9, rule3, rule7, rule9 } from './invariants.js';
import type { TraceRecord } from '../engine/trace/format.js';

const FIX = join(import.meta.dirname, 'fixtures');
const fixture = (name: string): string[] => readFileSync(join(FIX, name), 'utf8').split('\n');
/** 0-based index of the first non-comment line containing every needle. */
const find = (ls: string[], ...needles: string[]): number => {
  const i = ls.findIndex((l) => !l.startsWith('#') && needles.every((n) => l.includes(n)));
  if (i < 0) throw new Error(`no line contains ${needles.join(' & ')}`);
  return i;
};
const trace = (ls: string[]): TraceRecord[] => {
  const { games } = parsePowerLogText(ls.join('\n'));
  expect(games).toHaveLength(1);
  return games[0]!.records;
};
/** Move line `from` so that it ends up just before what is now line `before` (0-based). */
function move(ls: string[], from: number, before: number): string[] {
  const out = [...ls];
  const [l] = out.splice(from, 1);
  out.splice(before > from ? before - 1 : before, 0, l!);
  return out;
}

describe('rule 3: a minion leaves play to the graveyard only in a death phase', () => {
  const real = fixture('2016-play-deaths.log');

  it('finds nothing on the real excerpt (Misha dies inside the DEATHS block)', () => {
    const j = judgeRule3(trace(real));
    expect(j.violations).toEqual([]);
    expect(j.stats).toMatchObject({ checks: 1, deaths: 1 });
  });

  it("finds the doctored excerpt where Misha's ZONE=GRAVEYARD line is moved into the spell's POWER block", () => {
    const grave = find(real, 'id=69', 'tag=ZONE value=GRAVEYARD');
    const power = find(real, 'BlockType=POWER');
    const powerEnd = real.findIndex((l, i) => i > power && l.includes('BLOCK_END'));
    const doctored = move(real, grave, powerEnd);
    const movedTo = find(doctored, 'id=69', 'tag=ZONE value=GRAVEYARD') + 1;
    expect(rule3(trace(doctored))).toEqual([{
      invariant: 'log-rule-3', path: '',
      rule: '3',
      message: `line ${movedTo}: minion #69 Misha left play outside a death phase (inside POWER block opened at line ${power + 1})`,
      line: movedTo,
      entities: [69],
    }]);
  });

  it("with its owner's hand full, a mortally wounded minion leaving play inside an effect is still a death, not a return to the full hand", () => {
    // Ten cards in the hand of Misha's controller (player 1), then Misha's ZONE=GRAVEYARD moved into the spell's POWER
    // block: Kill Command's damage left Misha mortally wounded, so it died there (rule 3), it was not returned.
    const at = 'D 20:08:46.1366949 GameState.DebugPrintPower() - ';
    const hand = Array.from({ length: 10 }, (_, k) => [`${at}FULL_ENTITY - Creating ID=${900 + k} CardID=CS2_231`, `${at}    tag=ZONE value=HAND`, `${at}    tag=CONTROLLER value=1`]).flat();
    // Misha is a 4/4 (NEW1_032): the excerpt, from mid-game, never states its Health
    const misha = `${at}TAG_CHANGE Entity=[name=Misha id=69 zone=PLAY zonePos=2 cardId=NEW1_032 player=1] tag=HEALTH value=4`;
    const full = [...real.slice(0, 2), ...hand, misha, ...real.slice(2)];
    const grave = find(full, 'id=69', 'tag=ZONE value=GRAVEYARD');
    const power = find(full, 'BlockType=POWER');
    const doctored = move(full, grave, full.findIndex((l, i) => i > power && l.includes('BLOCK_END')));
    expect(rule3(trace(doctored)).map((v) => v.message)).toEqual([expect.stringMatching(/minion #69 Misha left play outside a death phase \(inside POWER block/)]);
    // unmoved, it dies in the DEATHS block as before
    expect(rule3(trace(full))).toEqual([]);
  });

  it('allows and counts a death in a Forced Death Phase (Defile)', () => {
    const j = judgeRule3(trace(fixture('2018-defile-forced-death.log')));
    expect(j.violations).toEqual([]);
    expect(j.stats).toMatchObject({ checks: 1, inForcedDeathPhase: 1 });
  });

  it('finds nothing on the other real excerpts', () => {
    for (const f of ['2015-action-start.log', '2024-attack-deaths.log', 'ptl-triggerkeyword.log', 'rule7-hyenas.log', 'ptl-ended-in-attack.log', '2021-change-entity.log']) {
      expect(rule3(trace(fixture(f))), f).toEqual([]);
    }
  });
});

describe('rule 7: within one death phase minions die in order of play', () => {
  const real = fixture('rule7-hyenas.log');

  it('finds nothing on the real excerpt; the two minions of unknown order (played before the excerpt) are skipped', () => {
    const j = judgeRule7(trace(real));
    expect(j.violations).toEqual([]);
    expect(j.stats).toMatchObject({ checks: 1, deaths: 4, pairs: 1, skippedUnknownOrder: 2 });
  });

  it('finds the doctored excerpt where the two Hyenas die in the wrong order', () => {
    const a = find(real, 'id=81', 'tag=ZONE value=GRAVEYARD');
    const b = find(real, 'id=82', 'tag=ZONE value=GRAVEYARD');
    const doctored = [...real];
    [doctored[a], doctored[b]] = [real[b]!, real[a]!];
    const deaths = find(real, 'BlockType=DEATHS') + 1;
    expect(rule7(trace(doctored))).toEqual([{
      invariant: 'log-rule-7', path: '',
      rule: '7',
      message: `line ${b + 1}: in the death phase (DEATHS block opened at line ${deaths}) minion #81 Hyena (order of play 1) went to the graveyard ` +
        `after minion #82 Hyena (order of play 2, line ${a + 1}), though it entered play earlier`,
      line: b + 1,
      entities: [82, 81],
    }]);
  });
});

describe('rule 9: the game is decided only at a sequence end or between an attack\'s preparation and combat', () => {
  const real = fixture('ptl-ended-in-attack.log');
  const lost = find(real, 'tag=PLAYSTATE value=LOST');
  const won = find(real, 'tag=PLAYSTATE value=WON');
  const disconnected = find(real, 'tag=PLAYSTATE value=DISCONNECTED');

  it('finds nothing on the real excerpt: the result inside the ATTACK block follows a disconnection (a forced end)', () => {
    const j = judgeRule9(trace(real));
    expect(j.violations).toEqual([]);
    expect(j.stats).toMatchObject({ checks: 2, forced: 2, exempt: 0 });
  });

  it('accepts a result between preparation and combat (the rulebook exception) when no disconnection caused it', () => {
    const doctored = real.filter((_, i) => i !== disconnected);
    const j = judgeRule9(trace(doctored));
    expect(j.violations).toEqual([]);
    expect(j.stats).toMatchObject({ checks: 2, forced: 0, exempt: 2 });
  });

  it('finds a result moved into the first attack after its combat damage', () => {
    const damage = find(real, 'id=53', 'tag=DAMAGE value=1');
    let doctored = real.filter((_, i) => i !== disconnected && i !== lost && i !== won);
    const at = doctored.indexOf(real[damage]!) + 1;
    doctored = [...doctored.slice(0, at), real[lost]!, real[won]!, ...doctored.slice(at)];
    const v = rule9(trace(doctored));
    const combat = find(doctored, 'id=78', 'tag=DEFENDING value=1') + 1; // the first combat mark opens the COMBAT phase
    expect(v.map((x) => x.line)).toEqual([at + 1, at + 2]);
    expect(v[0]!.message).toBe(`line ${at + 1}: PLAYSTATE LOST for redacted2 was decided while 3 block(s) were open (inside COMBAT phase opened at line ${combat}, after combat began)`);
    expect(v[1]!.message).toContain('PLAYSTATE WON for redacted was decided');
  });

  it('finds a result moved into the DEATHS block', () => {
    const graveyard = find(real, 'id=78', 'tag=ZONE value=GRAVEYARD');
    let doctored = real.filter((_, i) => i !== disconnected && i !== lost && i !== won);
    const at = doctored.indexOf(real[graveyard]!) + 1;
    doctored = [...doctored.slice(0, at), real[lost]!, ...doctored.slice(at)];
    const deaths = find(doctored, 'BlockType=DEATHS') + 1;
    expect(rule9(trace(doctored))).toEqual([expect.objectContaining({
      rule: '9', line: at + 1,
      message: `line ${at + 1}: PLAYSTATE LOST for redacted2 was decided while 2 block(s) were open (inside DEATHS block opened at line ${deaths})`,
    })]);
  });

  it('finds nothing when the game ends at the top level (data__choose-one-10357.log game 1)', () => {
    const { games } = parsePowerLogText(fixture('two-games.log').join('\n'));
    const j = judgeRule9(games[0]!.records);
    expect(j.violations).toEqual([]);
    expect(j.stats.checks).toBe(2);
  });
});

describe('the invariants are pure functions over any trace (engine-style traces, no Power.log fields)', () => {
  const ent = (id: number, order: number, extra: object = {}): TraceRecord =>
    ({ t: 'entity', id, card: `C${id}`, name: `Minion ${id}`, type: 'minion', controller: 0, zone: 'play', order, ...extra }) as TraceRecord;
  const open = (id: number, block: 'sequence' | 'phase' | 'step', kind: string): TraceRecord => ({ t: 'open', id, block, kind }) as TraceRecord;
  const close = (id: number): TraceRecord => ({ t: 'close', id });
  const death = (entity: number, rule?: string): TraceRecord => ({ t: 'event', e: 'death', entity, ...(rule ? { rule } : {}) }) as TraceRecord;

  it('rule 3 accepts deaths in the Death Creation Step, flags one inside a Phase, exempts a Forced Death', () => {
    const ok = [ent(1, 1), open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT'), close(2), open(3, 'step', 'DEATH_CREATION'), death(1), close(3), close(1)];
    expect(rule3(ok)).toEqual([]);
    const bad = [ent(1, 1), open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT'), death(1), close(2), close(1)];
    expect(rule3(bad)).toEqual([{ invariant: 'log-rule-3', path: '', rule: '3', message: 'minion #1 Minion 1 left play outside a death phase (inside SPELL_TEXT phase #2)', entities: [1] }]);
    const forced = [ent(1, 1), open(1, 'sequence', 'CAST_SPELL'), open(2, 'phase', 'SPELL_TEXT'), death(1, '3-forced-death'), close(2), close(1)];
    expect(judgeRule3(forced).stats).toMatchObject({ checks: 0, exempt: 1, violations: 0 });
  });

  it('rule 7 follows order of play; a force-played minion may count as the oldest (rulebook note) or at its entry', () => {
    const phase = (...ids: number[]) => [open(1, 'step', 'DEATH_CREATION'), ...ids.map((i) => death(i)), close(1)];
    expect(rule7([ent(1, 1), ent(2, 2), ...phase(1, 2)])).toEqual([]);
    expect(rule7([ent(1, 1), ent(2, 2), ...phase(2, 1)])).toHaveLength(1);
    // #3 was put into play from the hand by an effect: dying first (the 2015 bug) or at its place (later builds) are both fine.
    const forced = [ent(1, 1), ent(3, 3, { forcePlay: true }), ent(4, 4)];
    expect(rule7([...forced, ...phase(3, 1, 4)])).toEqual([]);
    expect(rule7([...forced, ...phase(1, 3, 4)])).toEqual([]);
    expect(rule7([...forced, ...phase(1, 4, 3)])).toHaveLength(1);
    // Unknown order (preexisting) is skipped and counted.
    const j = judgeRule7([ent(1, 1), { ...ent(5, 0), order: undefined, preexisting: true } as TraceRecord, ...phase(5, 1)]);
    expect(j.violations).toEqual([]);
    expect(j.stats.skippedUnknownOrder).toBe(1);
  });

  it('rule 9 accepts the check after the sequence or inside an attack before combat, flags it once combat began', () => {
    const check: TraceRecord = { t: 'event', e: 'game_check', result: 'win', winner: 0, rule: '9' };
    expect(rule9([open(1, 'sequence', 'ATTACK'), close(1), open(2, 'step', 'GAME_END_CHECK'), check, close(2)])).toEqual([]);
    expect(rule9([open(1, 'sequence', 'ATTACK'), open(2, 'phase', 'PREPARATION'), close(2), check, close(1)])).toEqual([]);
    const late = rule9([open(1, 'sequence', 'ATTACK'), open(2, 'phase', 'PREPARATION'), close(2), open(3, 'phase', 'COMBAT'), close(3), check, close(1)]);
    expect(late).toEqual([{ invariant: 'log-rule-9', path: '', rule: '9', message: "game result 'win' (winner 0) was decided while 1 block(s) were open (inside ATTACK sequence #1)", entities: [] }]);
    expect(rule9([open(1, 'sequence', 'PLAY_MINION'), check, close(1)])).toHaveLength(1);
  });

  it('rule 9: a result before the top-level DEATHS block that follows an action (2015 logs) is decided before its Sequence ends', () => {
    const check = { t: 'event', e: 'game_check', result: 'loss', playstate: 'LOST', player: 1, cause: 'check', rule: '9', line: 20 } as TraceRecord;
    const deaths = [open(3, 'sequence', 'LOG_BLOCK'), { ...open(4, 'phase', 'DEATH'), logType: 'DEATHS', line: 21 } as unknown as TraceRecord, close(4), close(3)];
    const attack = [open(1, 'sequence', 'LOG_BLOCK'), open(2, 'phase', 'PREPARATION'), close(2), close(1)];
    expect(rule9([...attack, check, ...deaths]).map((v) => v.message)).toEqual(['line 20: PLAYSTATE LOST was decided before the top-level DEATHS block at line 21, the Death Phase of the Sequence that had just run: the game is decided when the Sequence ends']);
    // after the DEATHS block, or with another block next, it is fine
    expect(rule9([...attack, ...deaths, check])).toEqual([]);
    expect(rule9([...attack, check, open(5, 'sequence', 'LOG_BLOCK'), open(6, 'phase', 'OTHER'), close(6), close(5)])).toEqual([]);
  });

  it('judge() runs all three and sorts by line', () => {
    const j = judge([]);
    expect(j.stats.map((s) => s.rule)).toEqual(['3', '7', '9']);
    expect(j.violations).toEqual([]);
  });
});
