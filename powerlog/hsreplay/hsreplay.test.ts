import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePowerLogText } from '../parser.js';
import { checkLogs, exitCodeFor } from '../check-log.js';
import { parseHsReplayText } from './read.js';
import { powerLogToHsReplay } from './write.js';
import { runCli } from '../../test/support/capture.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const FIX = join(import.meta.dirname, '..', 'fixtures');

/** A record without what differs by format: the line (a log line or an XML line), the producer and the file name. */
function comparable(r: Record<string, unknown>): string {
  const { line: _l, producer: _p, scenario: _s, ...rest } = r;
  void _l; void _p; void _s;
  return JSON.stringify(rest);
}

function tmp(name: string, text: string): string {
  const file = join(tempDir('arbiter-hsreplay-'), name);
  writeFileSync(file, text);
  return file;
}

/**
 * A whole two-player game written by hand in HSReplay XML (tags and values as the game's numbers: 49 ZONE, 202
 * CARDTYPE, 44 DAMAGE, 17 PLAYSTATE, block type 7 PLAY, 1 ATTACK, 6 DEATHS). `deaths` is the DEATHS block's body.
 */
function game(deaths: string, after = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<HSReplay version="1.7" build="20457">
  <Game type="7">
    <GameEntity id="1"><Tag tag="202" value="1"/><Tag tag="49" value="1"/><Tag tag="204" value="2"/></GameEntity>
    <Player id="2" playerID="1" accountHi="1" accountLo="1" name="Alice"><Tag tag="202" value="2"/><Tag tag="30" value="1"/></Player>
    <Player id="3" playerID="2" accountHi="1" accountLo="2" name="Bob"><Tag tag="202" value="2"/><Tag tag="30" value="2"/></Player>
    <FullEntity id="4" cardID="CS2_182"><Tag tag="202" value="4"/><Tag tag="50" value="1"/><Tag tag="49" value="3"/><Tag tag="45" value="5"/></FullEntity>
    <FullEntity id="5" cardID="CS2_120"><Tag tag="202" value="4"/><Tag tag="50" value="2"/><Tag tag="49" value="3"/><Tag tag="45" value="3"/></FullEntity>
    <Block entity="4" type="7"><TagChange entity="4" tag="49" value="1"/></Block>
    <Block entity="5" type="7"><TagChange entity="5" tag="49" value="1"/></Block>
    <Block entity="4" type="1" target="5">
      <TagChange entity="5" tag="44" value="4"/>
      <TagChange entity="4" tag="44" value="5"/>
    </Block>
    <Block entity="1" type="6">
${deaths}
    </Block>
${after}
  </Game>
</HSReplay>
`;
}
const IN_ORDER = '      <TagChange entity="4" tag="49" value="4"/>\n      <TagChange entity="5" tag="49" value="4"/>';
const OUT_OF_ORDER = '      <TagChange entity="5" tag="49" value="4"/>\n      <TagChange entity="4" tag="49" value="4"/>';

describe('Power.log -> HSReplay XML -> trace: the same records as the Power.log', () => {
  // Fixtures whose games begin with CREATE_GAME (or hold only what HSReplay keeps). Excerpts that start mid-game
  // reference entities by their brackets only, which HSReplay's entity ids cannot carry (see write.ts).
  for (const f of ['2016-create-game.log', '20457-def-change.log', 'midgame-start.log', 'two-games.log']) {
    it(f, () => {
      const text = readFileSync(join(FIX, f), 'utf8');
      const fromLog = parsePowerLogText(text, { name: f }).games;
      const doc = powerLogToHsReplay(text);
      const fromXml = parseHsReplayText(doc.xml, { name: f });
      expect(fromXml.error).toBeUndefined();
      expect(fromXml.games.length).toBe(fromLog.length);
      // PLAYSTATE QUIT is the number of CONCEDED (enums.ts VALUE_ALIASES): the concession's cause reads 'conceded'.
      const norm = (s: string): string => s.replace('"cause":"quit"', '"cause":"conceded"');
      fromLog.forEach((g, i) => {
        expect(fromXml.games[i]!.records.map((r) => comparable(r as Record<string, unknown>))).toEqual(g.records.map((r) => norm(comparable(r as Record<string, unknown>))));
        expect(fromXml.games[i]!.records[0]).toMatchObject({ t: 'meta', producer: 'hsreplay' });
      });
      // Every record's line is a line of the XML document holding an element.
      const xmlLines = doc.xml.split('\n');
      for (const g of fromXml.games) for (const r of g.records) expect(xmlLines[Number(r.line) - 1]).toMatch(/<\/?\w+/);
    });
  }

  it('the bundled fixture is what the converter writes from two-games.log', () => {
    const doc = powerLogToHsReplay(readFileSync(join(FIX, 'two-games.log'), 'utf8'));
    expect(readFileSync(join(FIX, 'hsreplay', 'two-games.xml'), 'utf8')).toBe(doc.xml);
    expect(doc.games).toBe(2);
    expect(doc.warnings).toEqual([]);
  });

  it('a tag the enum table lacks is reported and left out, never written as a name', () => {
    const log = 'D 00:00:00.0000000 GameState.DebugPrintPower() - CREATE_GAME\n' +
      'D 00:00:00.0000000 GameState.DebugPrintPower() -     GameEntity EntityID=1\n' +
      'D 00:00:00.0000000 GameState.DebugPrintPower() -         tag=NO_SUCH_TAG value=3\n' +
      'D 00:00:00.0000000 GameState.DebugPrintPower() -         tag=ZONE value=NOWHERE\n' +
      'D 00:00:00.0000000 GameState.DebugPrintPower() -         tag=2187 value=4\n';
    const doc = powerLogToHsReplay(log);
    expect(doc.warnings).toEqual([
      'line 3: tag NO_SUCH_TAG has no GameTag number in the table (left out)',
      'line 4: ZONE value NOWHERE has no number in the table (left out)',
    ]);
    expect(doc.xml).toContain('<Tag tag="2187" value="4"/>');
    expect(doc.xml).not.toContain('NO_SUCH_TAG');
  });
});

describe('check-log reads HSReplay XML and judges it with the Power.log invariants', () => {
  it('the bundled fixture: two games, the same checks as its Power.log', async () => {
    const r = await checkLogs([join(FIX, 'hsreplay', 'two-games.xml'), join(FIX, 'two-games.log')]);
    const [xml, log] = r.logs;
    expect(xml!.ok).toBe(true);
    expect(xml!.totals.games).toBe(2);
    expect(xml!.totals.byRule).toEqual(log!.totals.byRule);
    expect(xml!.totals.byRule['9']).toEqual({ checks: 2, violations: 0 });
    expect(exitCodeFor(r)).toBe(0);
  });

  it('rule 7: minions of one DEATHS block dying out of their order of play are a violation at the XML line', async () => {
    const good = await checkLogs([tmp('good.xml', game(IN_ORDER))]);
    expect(good.totals.byRule['7']).toEqual({ checks: 1, violations: 0 });
    expect(good.logs[0]!.games[0]!.gameType).toBe('GT_RANKED');
    const text = game(OUT_OF_ORDER);
    const bad = await checkLogs([tmp('bad.xml', text)]);
    const v = bad.logs[0]!.games[0]!.violations;
    expect(v.map((x) => x.rule)).toEqual(['7']);
    const line = text.split('\n').findIndex((l) => l.includes('<TagChange entity="4" tag="49" value="4"/>')) + 1;
    expect(v[0]!.line).toBe(line);
    expect(exitCodeFor(bad)).toBe(1);
  });

  it('rule 3: a death inside a PLAY block; rule 9: a result decided inside a PLAY block', async () => {
    const after = '    <Block entity="4" type="7"><TagChange entity="5" tag="49" value="4"/><TagChange entity="Bob" tag="17" value="5"/></Block>';
    const r = await checkLogs([tmp('g.xml', game('      <TagChange entity="4" tag="49" value="4"/>', after))]);
    expect(r.logs[0]!.games[0]!.violations.map((x) => x.rule).sort()).toEqual(['3', '9']);
  });

  it('bad XML is bad input (exit 2) with the XML line, and the other files are still checked', async () => {
    const broken = tmp('broken.xml', game(IN_ORDER).replace('<TagChange entity="4" tag="49" value="1"/>', '<TagChange entity=4 tag="49" value="1"/>'));
    const notReplay = tmp('other.xml', '<?xml version="1.0"?>\n<testsuites/>\n');
    const noGame = tmp('empty.xml', '<HSReplay version="1.7"></HSReplay>');
    const forged = tmp('forged.xml', game(IN_ORDER).replace('<TagChange entity="4" tag="49" value="1"/>', '<TagChange entity="4" tag="49" value="1 DEF CHANGE"/>'));
    const r = await checkLogs([broken, notReplay, noGame, forged, join(FIX, 'hsreplay', 'two-games.xml')]);
    expect(r.logs.map((l) => l.error)).toEqual([
      expect.stringMatching(/^not valid HSReplay XML \(line 9: malformed attribute in <TagChange>/),
      'not valid HSReplay XML (line 2: the root element is <testsuites>, not <HSReplay> (not an HSReplay document))',
      'no game in this HSReplay document',
      'not valid HSReplay XML (line 9: <TagChange> value="1 DEF CHANGE" is not an integer (the tag value))',
      undefined,
    ]);
    expect(exitCodeFor(r)).toBe(2);
    const cli = await runCli(['check-log', broken]);
    expect(cli.code).toBe(2);
    expect(cli.out + cli.err).toContain('BAD INPUT: not valid HSReplay XML (line 9');
    expect(cli.out + cli.err).not.toMatch(/\n\s+at /);
  });

  it('a self-closing <Block/> opens and closes one block', () => {
    const r = parseHsReplayText(game(IN_ORDER, '    <Block entity="1" type="5"/>'));
    const g = r.games[0]!;
    expect(g.counters.strayBlockEnds).toBe(0);
    expect(g.counters.unclosedBlocks).toBe(0);
    expect(g.counters.blocks).toBe(5);
  });

  it('an element HSReplay does not define is a warning; choices and options are skipped silently', () => {
    const text = game(IN_ORDER, '    <Options id="1"><Option index="0" type="2"/></Options>\n    <Bogus/>');
    const r = parseHsReplayText(text);
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([expect.stringMatching(/element <Bogus> is not part of HSReplay's packets/)]);
  });
});
