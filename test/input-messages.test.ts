/**
 * Bad input gets one clear line and exit 2 (CONTRIBUTING "Habits"): a binary or empty file says what it is without
 * echoing its bytes, a value that fits no branch of a string-or-object alternative says both, an empty folder given
 * explicitly is bad input for every command, an unusable --trace-out, an unknown case id with a few close matches, and
 * `fuzz --path` without the seed it belongs to.
 */
import { describe, expect, it } from 'vitest';
import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';
import { ROOT, readJson, validate } from '../engine/validation.js';
import { closeMatches } from '../cli/close-matches.js';

const tempDir = tempDirs();
const golden = (id: string) => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', `${id}.json`), 'utf8')) as { setup: { A: { board?: unknown[] } } };

/** One line on stderr, no stack trace, exit 2. */
function badInput(r: { code: number; out: string; err: string }): string {
  expect(r.code, r.err).toBe(2);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  return r.err;
}

describe.concurrent('clear messages for bad input', () => {
  it('a weapon set up with a field only a minion takes (a buff) names it: it would otherwise be ignored', async () => {
    const dir = tempDir('arbiter-msg-');
    const s = JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'attacked-hero-keeps-its-weapon-durability.json'), 'utf8')) as { setup: { B: { weapon: Record<string, unknown> } } };
    s.setup.B.weapon.buff = { attack: 2 };
    writeFileSync(join(dir, 'w.json'), JSON.stringify(s));
    expect(badInput(await runCli(['run-scenario', join(dir, 'w.json')]))).toMatch(/w\.json: \$\.setup\.B\.weapon\.buff: a weapon's set-up takes "card", "label" and "damage" \(Durability lost\) only: "buff" is for minions/);
  });
  it('a binary scenario file is "not UTF-8 JSON text", and its bytes are not printed', async () => {
    const dir = tempDir('arbiter-msg-');
    // Bytes that are not UTF-8 (0xA6 continues no sequence), and valid UTF-8 holding control characters.
    writeFileSync(join(dir, 'bin.json'), Buffer.from([0x41, 0x36, 0x68, 0x60, 0x44, 0xa6, 0xdb, 0xac, 0x56, 0x00, 0x9c]));
    writeFileSync(join(dir, 'ctl.json'), Buffer.from('{"a":\u0001\u0002}', 'utf8'));
    const bin = badInput(await runCli(['run-scenario', join(dir, 'bin.json')]));
    expect(bin).toMatch(/bin\.json: \$: the file is not UTF-8 JSON text/);
    expect(bin).not.toMatch(/A6h|Unexpected token|\uFFFD/);
    const ctl = badInput(await runCli(['run-scenario', join(dir, 'ctl.json')]));
    expect(ctl).toMatch(/ctl\.json: \$: the file is not JSON text \(line 1 holds control character U\+0001/);
    expect(ctl).not.toMatch(/[\u0000-\u0008]/);
    // The same reader serves card files: the check is at the edge, not in one command.
    expect(() => readJson(join(dir, 'bin.json'))).toThrow(/not UTF-8 JSON text/);
  });

  it('an empty file is "empty", not "Unexpected end of JSON input"; a byte order mark alone or white space too', async () => {
    const dir = tempDir('arbiter-msg-');
    writeFileSync(join(dir, 'empty.json'), '');
    writeFileSync(join(dir, 'blank.json'), ' \n\t\n');
    writeFileSync(join(dir, 'bom.json'), '\uFEFF');
    expect(badInput(await runCli(['run-scenario', join(dir, 'empty.json')]))).toMatch(/empty\.json: \$: the file is empty: expected a JSON document\n$/);
    expect(() => readJson(join(dir, 'blank.json'))).toThrow(/blank\.json: \$: the file is empty \(only white space\)/);
    expect(() => readJson(join(dir, 'bom.json'))).toThrow(/bom\.json: \$: the file is empty \(only a byte order mark\)/);
    mkdirSync(join(dir, 'cards'));
    writeFileSync(join(dir, 'cards', 'c.json'), '');
    expect(badInput(await runCli(['cards', '--cards', join(dir, 'cards')]))).toMatch(/c\.json: \$: the file is empty/);
  });

  it('a value that fits no branch of a string-or-object alternative names both (and what the alternative means)', async () => {
    const s = golden('cult-master-simultaneous-death');
    s.setup.A.board = ['Chillwind Yeti', 5];
    const file = join(tempDir('arbiter-msg-'), 'board.json');
    writeFileSync(file, JSON.stringify(s));
    expect(badInput(await runCli(['run-scenario', file]))).toMatch(/board\.json: \$\.setup\.A\.board\[1\]: is a number, not a string or an object \(expected: a card name or id, or an object with card, /);
    // The same wording for every such alternative: null as a board entry, a number where a card action's card goes.
    s.setup.A.board = [null];
    expect(() => validate('s.json', s, 'scenario.schema.json')).toThrow(/s\.json: \$\.setup\.A\.board\[0\]: is null, not a string or an object/);
    const card = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'animal-companion.json'), 'utf8'));
    card.spell.actions[0].card = 5;
    expect(() => validate('c.json', card, 'card.schema.json')).toThrow(/c\.json: \$\.spell\.actions\[0\]\.card: is a number, not a string or an object/);
    // A value of the right type that is wrong inside keeps the branch's own message.
    s.setup.A.board = [{ card: 5 }];
    expect(() => validate('s.json', s, 'scenario.schema.json')).toThrow(/\$\.setup\.A\.board\[0\]\.card: is not of a type\(s\) string/);
  });

  it('an empty folder given explicitly is bad input for cards, run-scenario and Host cards alike', async () => {
    const empty = tempDir('arbiter-empty-');
    expect(badInput(await runCli(['cards', '--cards', empty]))).toMatch(/: \$: the folder holds no card files \(\*\.json/);
    expect(badInput(await runCli(['run-scenario', empty]))).toMatch(/: \$: the folder holds no scenario files \(\*\.json\)/);
    expect(badInput(await runCli(['run-scenario', join('golden', 'cases', 'cult-master-simultaneous-death.json'), '--cards', empty]))).toMatch(/the folder holds no card files/);
    expect(badInput(await runCli(['run-scenario', join('golden', 'cases', 'host-stack-example-32-9.json'), '--host-cards', empty]))).toMatch(/the folder holds no Host card files/);
  });

  it('check-log --trace-out a folder (or a file in a missing folder) is a clear error, exit 2', async () => {
    const dir = tempDir('arbiter-traceout-');
    const log = join('powerlog', 'fixtures', 'two-games.log');
    expect(badInput(await runCli(['check-log', log, '--trace-out', dir]))).toMatch(/: \$: --trace-out is a folder: give the path of a file/);
    expect(badInput(await runCli(['check-log', log, '--trace-out', join(dir, 'no', 'such.jsonl')]))).toMatch(/such\.jsonl: \$: cannot write the --trace-out file \(its folder does not exist\)/);
    const ok = await runCli(['check-log', log, '--trace-out', join(dir, 't.jsonl')]);
    expect(ok.code, ok.err).toBe(0);
    expect(readFileSync(join(dir, 't.jsonl'), 'utf8')).toMatch(/^\{/);
  });

  it('check-log --trace-out naming a log being checked (the same path, a link, or a file in a folder checked) is refused before anything is written', async () => {
    const dir = tempDir('arbiter-traceout-self-');
    const log = join(dir, 'game.log');
    const text = readFileSync(join('powerlog', 'fixtures', 'two-games.log'), 'utf8');
    writeFileSync(log, text);
    linkSync(log, join(dir, 'link.log'));
    for (const [input, out] of [[log, log], [log, join(dir, 'link.log')], [dir, join(dir, 'traces.jsonl')]] as const) {
      expect(badInput(await runCli(['check-log', input, '--trace-out', out]))).toMatch(/--trace-out would overwrite a log being checked .*: give a path outside the logs and folders checked/);
      expect(readFileSync(log, 'utf8')).toBe(text);
    }
  });

  it('run --runs beyond what one run holds in memory is refused before anything is generated', async () => {
    for (const n of ['200001', '1e21']) expect(badInput(await runCli(['run', '--runs', n, '--out', tempDir('arbiter-runs-')]))).toMatch(/--runs: at most 200000 generated cases in one run .*other --seed values/);
  });

  it('fuzz --path without --seed is a usage error (a path belongs to one seed)', async () => {
    expect(badInput(await runCli(['fuzz', '--path', '1:2:3']))).toMatch(/--path: --path replays a failure of one seed: give that --seed/);
  });

  it('report issue with an unknown case lists a few close matches and where all are, not every failing case', async () => {
    const out = tempDir('arbiter-issue-');
    // Three golden cases the demo fails (its deliberate Rule 4a/5/6 bugs), with their orders of play.
    const cases = ['abomination-malganis-hellfire-immune-ends', 'auchenai-zombie-chow-voidcaller-malganis', 'cult-master-novice-engineer-mad-bomber'];
    const run = await runCli(['run', '--no-conformance', '--out', out, ...cases.flatMap((c) => ['--cases', join('golden', 'cases', `${c}.json`)])]);
    expect(run.code, run.err).toBe(0);
    const failing = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string }).filter((r) => r.status !== 'PASS');
    expect(failing.length).toBeGreaterThan(5);
    const err = badInput(await runCli(['report', 'issue', 'abomination-malganis', '--report', out]));
    expect(err).toMatch(/no case "abomination-malganis" in this run \(close matches: abomination-malganis-hellfire-immune-ends, /);
    expect(err).toMatch(new RegExp(`the ${failing.length} cases that did not pass are listed in .*summary\\.md\\)`));
    expect(err).not.toMatch(/cult-master-novice-engineer-mad-bomber/);
    expect(badInput(await runCli(['report', 'issue', 'zzz', '--report', out]))).toMatch(/no case "zzz" in this run \(no case that did not pass is close to it; the \d+ cases/);
  });

  it('close matches: containing ids first, then shared words, then a shared prefix; at most five; nothing unrelated', () => {
    const known = ['cult-master-a', 'cult-master-b', 'knife-juggler-x', 'abomination-x#order=a,b', 'abomination-x', 'cult', 'cu-z'];
    expect(closeMatches('abomination', known)).toEqual(['abomination-x#order=a,b', 'abomination-x']);
    expect(closeMatches('master-cult', known)).toEqual(['cult', 'cult-master-a', 'cult-master-b']);
    expect(closeMatches('knife', known)).toEqual(['knife-juggler-x']);
    expect(closeMatches('unrelated', known)).toEqual([]);
    // a shared prefix alone (abomin…) counts, after an id that shares a word (cult)
    expect(closeMatches('abomin-cult', ['abomination-x', 'other-cult', 'zzz'])).toEqual(['other-cult', 'abomination-x']);
    expect(closeMatches('xy', Array.from({ length: 20 }, (_, i) => `xy-${i}`))).toHaveLength(5);
  });
});
