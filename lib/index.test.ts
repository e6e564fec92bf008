/** The library's log API (lib/index.ts): check HSReplay XML and Power.log files, convert a log to HSReplay. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLogs, formatLogReport, logExitCode, parseHsReplayText, parsePowerLogText, powerLogToHsReplay } from './index.js';
import { ROOT } from '../engine/validation.js';

const FIX = join(ROOT, 'powerlog', 'fixtures');

describe('library: real game logs', () => {
  it('checks a Power.log and its HSReplay conversion alike', async () => {
    const r = await checkLogs([join(FIX, 'two-games.log'), join(FIX, 'hsreplay', 'two-games.xml')]);
    expect(r.logs.map((l) => [l.file, l.ok, l.totals.games])).toEqual([['two-games.log', true, 2], ['two-games.xml', true, 2]]);
    expect(logExitCode(r)).toBe(0);
    expect(formatLogReport(r)).toMatch(/rule 9: 4 checks, 0 violation\(s\)/);
    const log = readFileSync(join(FIX, '2016-create-game.log'), 'utf8');
    const xml = powerLogToHsReplay(log).xml;
    expect(parseHsReplayText(xml).games[0]!.records.length).toBe(parsePowerLogText(log).games[0]!.records.length);
  });
});
