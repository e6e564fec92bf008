import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLogs, exitCodeFor, formatReport } from './check-log.js';
import { runCli } from '../test/support/capture.js';
import { ROOT } from '../engine/validation.js';
import { tempDirs } from '../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const FIX = join(import.meta.dirname, 'fixtures');
/** The shared log corpus beside the repository (../shared/data/power-logs), when it is there. */
const CORPUS = join(ROOT, '..', 'shared', 'data', 'power-logs');

/** A copy of 2016-play-deaths.log with Misha's death moved into the POWER block (a rule 3 violation). */
function doctoredFile(): string {
  const ls = readFileSync(join(FIX, '2016-play-deaths.log'), 'utf8').split('\n');
  const grave = ls.findIndex((l) => l.includes('id=69') && l.includes('tag=ZONE value=GRAVEYARD'));
  const power = ls.findIndex((l) => !l.startsWith('#') && l.includes('BlockType=POWER'));
  const powerEnd = ls.findIndex((l, i) => i > power && l.includes('BLOCK_END'));
  const [l] = ls.splice(grave, 1);
  ls.splice(powerEnd, 0, l!);
  const dir = tempDir('arbiter-powerlog-');
  const file = join(dir, 'doctored.log');
  writeFileSync(file, ls.join('\n'));
  return file;
}


describe('checkLogs over the fixtures directory', () => {
  it('checks every log file, reports bad input in one line per file, and keeps going', async () => {
    const r = await checkLogs([FIX]);
    expect(r.skipped.map((s) => s.split('/').pop())).toEqual(['README.md', 'hsreplay (a folder: folders are not searched; name it to check it)']);
    const bad = r.logs.filter((l) => !l.ok).map((l) => [l.file, l.error]);
    expect(bad).toEqual([
      ['bad-Net.log', expect.stringMatching(/^not a Power\.log/)],
      ['bad-empty.log', expect.stringMatching(/^no game in this Power\.log/)],
      ['bad-gzip-head.log', 'not a text Power.log (binary data at byte 426 (gzip-compressed content))'],
    ]);
    expect(r.totals.files).toBe(16);
    expect(r.totals.badFiles).toBe(3);
    expect(r.totals.games).toBe(14);
    expect(r.totals.violations).toBe(0);
    expect(exitCodeFor(r)).toBe(2);
    const text = formatReport(r);
    expect(text).toContain('bad-gzip-head.log: not a text Power.log (binary data at byte 426 (gzip-compressed content))');
    expect(text).toContain('3 file(s) could not be checked.');
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('exit code 1 for violations, 0 with --allow-violations, 2 for bad input or no input', async () => {
    const file = doctoredFile();
    const r = await checkLogs([file]);
    expect(r.totals.violations).toBe(1);
    expect(r.logs[0]!.games[0]!.violations[0]!.message).toMatch(/^line \d+: minion #69 Misha left play outside a death phase \(inside POWER block opened at line \d+\)$/);
    expect(exitCodeFor(r)).toBe(1);
    expect(exitCodeFor(r, true)).toBe(0);
    expect(exitCodeFor(await checkLogs([join(FIX, 'rule7-hyenas.log')]))).toBe(0);
    expect(exitCodeFor(await checkLogs([]))).toBe(2);
  });
});

describe('arbiter check-log', () => {
  it('--help prints usage and exits 0', async () => {
    const r = await runCli(['check-log', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: arbiter check-log');
    expect(r.out).toContain('rule 7');
  });

  it('usage errors and missing files exit 2 with a one-line message', async () => {
    const none = await runCli(['check-log']);
    expect(none.code).toBe(2);
    expect(none.err).toBe('arbiter: check-log: no log file or directory given (run with --help for usage)\n');
    const rules = await runCli(['check-log', '--rules', '4', join(FIX, 'two-games.log')]);
    expect(rules.code).toBe(2);
    expect(rules.err).toBe('arbiter: --rules: unknown rule(s) 4; known: 3, 7, 9\n');
    // an option given where the list should be: said so, not taken for a rule
    const swallowed = await runCli(['check-log', '--rules', '--json', join(FIX, 'two-games.log')]);
    expect(swallowed.code).toBe(2);
    expect(swallowed.err).toBe('arbiter: --rules: needs a comma-separated list of rules (3, 7, 9), but the next word is the option "--json"\n');
    const missing = await runCli(['check-log', join(FIX, 'missing.log')]);
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('missing.log: no such file or directory');
  });

  it('--json prints the report as JSON; violations make the exit code 1 unless --allow-violations', async () => {
    const file = doctoredFile();
    const j = await runCli(['check-log', '--json', file]);
    expect(j.code).toBe(1);
    const report = JSON.parse(j.out);
    expect(report.totals).toMatchObject({ files: 1, games: 1, violations: 1 });
    expect(report.logs[0].games[0].violations[0]).toMatchObject({ invariant: 'log-rule-3', rule: '3', entities: [69] });
    expect((await runCli(['check-log', '--allow-violations', file])).code).toBe(0);
    expect((await runCli(['check-log', '--rules', '7,9', file])).code).toBe(0);
  });

  it('a last line without a newline is read like the others (its first words quoted, binary data in it found)', async () => {
    const dir = tempDir('arbiter-lastline-');
    writeFileSync(join(dir, 'one.log'), 'ConnectAPI.GotoGameServer -- no newline here');
    writeFileSync(join(dir, 'nul.log'), `${readFileSync(join(FIX, 'two-games.log'), 'utf8').trimEnd()}\nD 00:00:00 \u0000\u0000`);
    const report = JSON.parse((await runCli(['check-log', '--json', dir])).out) as { logs: { file: string; error?: string; warnings?: string[] }[] };
    const byName = Object.fromEntries(report.logs.map((l) => [l.file.replace(/^.*\//, ''), l]));
    expect(byName['one.log']!.error).toBe("not a Power.log (no GameState/PowerTaskList lines in 1 line(s); it starts with 'ConnectAPI.GotoGameServer -- no newline here')");
    expect(JSON.stringify(byName['nul.log'])).toMatch(/binary data/);
  });

  it('a file with a line over 16 MiB (no newline) is BAD INPUT naming the line; the other files of the folder are still checked', async () => {
    const dir = tempDir('arbiter-longline-');
    writeFileSync(join(dir, 'a-good.log'), readFileSync(join(FIX, 'two-games.log')));
    writeFileSync(join(dir, 'b-endless.log'), `D 00:00:00.0000000 GameState.DebugPrintPower() - CREATE_GAME\n${'x'.repeat(17 * 1024 * 1024)}`);
    const r = await runCli(['check-log', '--json', dir]);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.out) as { logs: { file: string; error?: string; games: unknown[] }[] };
    const byName = Object.fromEntries(report.logs.map((l) => [l.file.replace(/^.*\//, ''), l]));
    expect(byName['a-good.log']!.error).toBeUndefined();
    expect(byName['a-good.log']!.games.length).toBe(2);
    expect(byName['b-endless.log']!.error).toBe('line 2 is longer than 16 MiB: not a Power.log line (the rest of the file is not read)');
  });
});

describe.skipIf(!existsSync(CORPUS))('the whole corpus (../shared/data/power-logs)', () => {
  it('is checked with the known results', async () => {
    const r = await checkLogs([CORPUS]);
    expect(r.totals).toMatchObject({ files: 58, badFiles: 3, games: 68, deathPhases: 627, deathsChecked: 831, forcedDeathPhases: 16 });
    expect(r.logs.filter((l) => !l.ok).map((l) => l.file)).toEqual([
      'hsreplaynet-tests__integration_data__empty_raw_log_file_test__power.log',
      'hsreplaynet-tests__logs__Net.log',
      'hsreplaynet-tests__uploads-invalid__gzip-corrupt__power.log',
    ]);
    const byFile = Object.fromEntries(r.logs.map((l) => [l.file, l]));
    // Rule 3 holds for all 831 character deaths; the minion returned to a full hand is not a death.
    expect(r.totals.byRule['3']).toEqual({ checks: 831, violations: 0 });
    expect(byFile['data__unknown-player-reregistration-14830.log']!.games[0]!.counters.fullHandRemovals).toBe(1);
    // The 2015 force-played Dread Infernal dies first (the rulebook's force-play bug) and is accepted.
    expect(byFile['data__brawls__underdog-rules.log']!.totals.violations).toBe(0);
    expect(byFile['data__brawls__underdog-rules.log']!.games[0]!.counters.repairedBlocks).toBe(1);
    // What is left: Mercenaries decides the result inside its combat block; the spliced chaos log breaks order of play.
    const violations = r.logs.flatMap((l) => l.games.flatMap((g) => g.violations.map((v) => `${l.file} ${v.rule} ${v.line}`)));
    expect(violations).toEqual([
      'hslog-tests__93227_mercenaries_solo_pvp.power.log 9 16706',
      'hslog-tests__93227_mercenaries_solo_pvp.power.log 9 16707',
      'hslog-tests__93227_mercenaries_solo_pvp.power.log 9 16708',
      'hslog-tests__chaos__change_entity_null_id.power.log 7 3965',
    ]);
    expect(byFile['hslog-tests__chaos__change_entity_null_id.power.log']!.games[0]!.warnings.some((w) => /Sebajedi#2351/.test(w))).toBe(true);
  }, 120_000);
});
