/**
 * Hostile and mistaken inputs through the CLI: each is bad input (exit 2) with one line naming the file, the JSON
 * path and what was expected; never an internal error or a stack trace. The commands run in process
 * (test/support/capture.ts), but for one of each kind through the `arbiter` command, as a user runs it.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { ROOT } from '../engine/validation.js';
import { md } from '../reports/write.js';
import { tempDirs } from './support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const base = () => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), 'utf8'));
const dir = tempDir('arbiter-hostile-');
let n = 0;
function file(content: unknown, raw = false): string {
  const f = join(dir, `s${n++}.json`);
  writeFileSync(f, raw ? String(content) : JSON.stringify(content));
  return f;
}
/** Bad input: exit 2, one line on stderr. In process unless `child` (then through the `arbiter` command). */
async function bad(args: string[], where: RegExp, child = false): Promise<void> {
  const r = child ? await arbiter(...args) : await runCli(args);
  expect(r.code, r.out + r.err).toBe(2);
  expect(r.err).toMatch(where);
  expect(r.err).not.toMatch(/internal error|\n\s+at /);
  expect(r.err.trim().split('\n')).toHaveLength(1);
}

describe.concurrent('bad scenario input is exit 2 with file and JSON path', () => {
  it('a minion as a hero, a minion as a weapon, a spell on the board', async () => {
    const s = base(); s.setup.A.hero = 'Wisp';
    await bad(['run-scenario', file(s)], /\$\.setup\.A\.hero: "Wisp" is a minion card; the hero takes a hero card/);
    const w = base(); w.setup.A.weapon = 'Wisp';
    await bad(['run-scenario', file(w)], /\$\.setup\.A\.weapon: "Wisp" is a minion card; the weapon takes a weapon card/);
    const b = base(); b.setup.A.board.push('Flamestrike');
    await bad(['run-scenario', file(b)], /\$\.setup\.A\.board\[2\]: "Flamestrike" is a spell card; the board takes a minion card/);
  });
  it('stats outside the game\'s bounds, and too many cards', async () => {
    const h = base(); h.setup.A.health = 1e308;
    await bad(['run-scenario', file(h)], /\$\.setup\.A\.health: expected a whole number from 1 to 10000/);
    const d = base(); d.setup.A.board[0].damage = -(2 ** 40);
    await bad(['run-scenario', file(d)], /\$\.setup\.A\.board\[0\]\.damage: must be greater than or equal to 0/);
    const full = base(); full.setup.A.board = Array.from({ length: 8 }, () => 'Wisp');
    await bad(['run-scenario', file(full)], /\$\.setup\.A\.board: (8 cards: at most 7|does not meet maximum length of 7)/);
  });
  it('labels: repeated in setup.order, unknown in allOrders, used twice', async () => {
    const o = base(); o.setup.order = ['cult', 'cult'];
    await bad(['run-scenario', file(o)], /\$\.setup\.order\[1\]: label "cult" is listed twice/);
    const a = base(); a.allOrders = ['cult', 'nobody'];
    await bad(['run-scenario', file(a)], /\$\.allOrders\[1\]: unknown label "nobody"/);
    const t = base(); t.setup.A.board[1].label = 'cult';
    await bad(['run-scenario', file(t)], /\$\.setup\.A\.board\[1\]\.label: label "cult" is already used at \$\.setup\.A\.board\[0\]\.label/);
  });
  it('prototype keys are refused; a UTF-8 byte order mark is accepted', async () => {
    await bad(['run-scenario', file(JSON.stringify(base()).replace('"setup":{', '"setup":{"__proto__":{"x":1},'), true)], /\$\.setup\.__proto__: this key is not allowed/, true);
    const r = await runCli(['run-scenario', file('\ufeff' + JSON.stringify(base()), true)]);
    expect(r.code, r.err).toBe(0);
  });
  it('fuzz --check on a file that holds null', async () => {
    await bad(['fuzz', '--check', file('null', true)], /: \$: expected a scenario object/, true);
  });
  it('an unknown card inside a card file names that file and the JSON path', async () => {
    const cards = join(dir, 'cards');
    mkdirSync(cards, { recursive: true });
    writeFileSync(join(cards, 'summoner.json'), JSON.stringify({ format: 'arbiter-card/1', id: 'X_SUMMONER', name: 'Test Summoner', type: 'minion', text: 'Battlecry: summon a token.', cost: 1, attack: 1, health: 1, source: 'synthetic', battlecry: { actions: [{ do: 'summon', card: 'No Such Token' }] } }));
    await bad(['run-scenario', '--cards', cards, join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json')], /summoner\.json: \$\.battlecry\.actions\[0\]\.card: unknown card "No Such Token"/);
  });
});

describe.concurrent('bad run input is exit 2', () => {
  it('--sim empty or with an open quote', async () => {
    await bad(['run', '--sim', '', '--out', join(dir, 'r1')], /--sim: the command is empty/);
    await bad(['run', '--sim', 'python3 "x.py', '--out', join(dir, 'r2')], /--sim: the command "python3 \\"x\.py" has an unterminated " quote/);
  });
  it('--profile host refuses what only a Hearthstone run does, rather than ignoring it', async () => {
    for (const [flag, ...value] of [['--resume'], ['--shard', '1/2'], ['--jobs', '2'], ['--cards', dir], ['--synthetic']]) {
      await bad(['run', '--profile', 'host', flag!, ...value, '--out', join(dir, 'host')], new RegExp(`^arbiter: ${flag}: is not taken with --profile host`));
    }
  });
  it('--out that is a file', async () => {
    const f = file({});
    await bad(['run', '--out', f], /--out: .* is a file, not a folder/, true);
  });
  it('--out holding a symbolic link where a report file goes: refused, and nothing is written through it', async () => {
    const out = join(dir, 'linked-out');
    mkdirSync(out);
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, join(out, 'timings.jsonl'));
    await bad(['run', '--cases', join('golden', 'cases', 'cult-master-simultaneous-death.json'), '--out', out], /--out: .*timings\.jsonl is a symbolic link: the report files in .* are written by arbiter itself/);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });
  it('a time limit a timer cannot take, before anything runs', async () => {
    await bad(['run', '--timeout', '3000000000', '--out', join(dir, 't1')], /^arbiter: --timeout: "3000000000" is not a whole number of milliseconds from 1 to 2147483647/);
    await bad(['run', '--start-timeout', '2147483648', '--out', join(dir, 't2')], /^arbiter: --start-timeout: /);
    await bad(['run', '--profile', 'host', '--timeout', '1e20', '--out', join(dir, 't3')], /^arbiter: --timeout: /);
  });
  it('fuzz --path that is no replay path', async () => {
    await bad(['fuzz', '--path', 'garbage', '--seed', '1'], /^arbiter: --path: "garbage" is not a replay path/);
  });
  it('a Host scenario given to a Hearthstone run says it is one', async () => {
    await bad(['run', '--cases', file({ format: 'arbiter-scenario/1', profile: 'host', id: 'h', setup: { A: { host: 'x' } } }), '--out', join(dir, 'h1')], /: \$\.profile: a Host WCG scenario \("profile": "host"\) runs on the Host kernel.*`arbiter run --profile host`/);
  });
  it('fuzz --exclude-card that names no card of the pool, or a card by its name', async () => {
    await bad(['fuzz', '--runs', '1', '--no-write', '--exclude-card', 'NOPE'], /^arbiter: --exclude-card: "NOPE" is not a card id of the built-in pool; `arbiter cards` lists the ids/);
    await bad(['fuzz', '--runs', '1', '--no-write', '--exclude-card', 'CS2_182,Fireball'], /"Fireball" is not a card id of the built-in pool \(that is the name of CS2_029: give its id\)/);
  });
  it('a malformed baseline, or a baseline folder that does not exist, before the first case runs', async () => {
    const out = join(dir, 'b1');
    await bad(['run', '--expectations', file({}), '--out', out], /\$: expected \{"format": "arbiter-expectations\/1"/);
    expect(existsSync(join(out, 'results.jsonl'))).toBe(false);
    await bad(['run', '--expectations', join(dir, 'no-such-folder', 'e.json'), '--update-expectations', '--out', join(dir, 'b2')], /e\.json: \$: the baseline's folder .*no-such-folder does not exist/);
  });
  it('a FIFO or a document nested thousands deep names the file', async () => {
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    await bad(['run-scenario', fifo], /fifo\.json: \$: not a regular file \(a FIFO, socket or device\)/, true);
    await bad(['run', '--cases', fifo, '--out', join(dir, 'f1')], /fifo\.json: \$: not a regular file/);
    const deep = file('['.repeat(100_000) + ']'.repeat(100_000), true);
    await bad(['run-scenario', deep], /: \$: arrays and objects nest more than 100 levels deep/, true);
  });
  it('merge names a corrupt run.json', async () => {
    const shard = join(dir, 'shard');
    mkdirSync(shard, { recursive: true });
    writeFileSync(join(shard, 'results.jsonl'), '');
    writeFileSync(join(shard, 'run.json'), '{"command": 3}');
    await bad(['merge', shard, '--out', join(dir, 'merged')], /shard\/run\.json: \$\.command: expected a string/, true);
  });
});

describe.concurrent('check-log names what it could not check', () => {
  it('an empty folder is said to be empty (exit 2), not "all files parsed"', async () => {
    const empty = join(dir, 'no-logs');
    mkdirSync(empty, { recursive: true });
    const r = await runCli(['check-log', empty]);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/No log files were found/);
    expect(r.out).not.toMatch(/All files parsed/);
  });
  it('a log cut mid-game is listed with its file and lines', async () => {
    const log = readFileSync(join(ROOT, 'powerlog', 'fixtures', '2016-create-game.log'), 'utf8');
    const cut = join(dir, 'cut.log');
    writeFileSync(cut, log.slice(0, Math.floor(log.length * 0.6)));
    const r = await arbiter('check-log', cut);
    expect(r.out).toMatch(/Truncated games \(1\):\n  cut\.log, game 1 \(lines \d+-\d+\): the log ends before the game does/);
  });
});

describe('summary.md escapes what a simulator says', () => {
  it('HTML and Markdown syntax are shown, not run', () => {
    expect(md('<script>alert(1)</script> **x** [a](b) `c` | d')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; \\*\\*x\\*\\* \\[a\\](b) \\`c\\` \\| d');
    expect(md('<img src=x onerror=alert(1)>')).not.toMatch(/</);
  });
});

/**
 * A small adapter script: it answers the hello with `hello` (fields added to the protocol's), and each run with
 * `answer` (an object literal in JavaScript, `m` being the request); `bom` writes a byte-order mark before its first line.
 */
function adapterScript(name: string, hello: string, answer: string, bom = false): string {
  const f = join(dir, `${name}.mjs`);
  writeFileSync(f, [
    "import { createInterface } from 'node:readline';",
    `let first = ${bom};`,
    "const say = (m) => { process.stdout.write((first ? '\\ufeff' : '') + JSON.stringify(m) + '\\n'); first = false; };",
    'for await (const line of createInterface({ input: process.stdin })) {',
    '  const m = JSON.parse(line);',
    `  if (m.type === 'hello') say({ type: 'hello', protocol: 'arbiter-adapter/1', version: '1', profile: 'hearthstone', fidelity: 'final_state', ${hello} });`,
    `  else if (m.type === 'run') say(${answer});`,
    '  else process.exit(0);',
    '}',
  ].join('\n'));
  return `${process.execPath} ${f}`;
}
const oneCase = ['--cases', join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json')];

describe.concurrent('a simulator\'s text reaches the terminal with its control characters escaped', () => {
  it('the hello\'s name and an error message with ESC sequences are shown as \\u001b by run and report issue', async () => {
    const sim = adapterScript('escapes', "name: 'sim\\u001b[2J', cards: '*'", "{ type: 'error', case: m.case, message: 'boom \\u001b[31mred\\u0007' }");
    const out = join(dir, 'escapes-report');
    const r = await runCli(['run', '--sim', sim, ...oneCase, '--no-variants', '--out', out, '--no-progress']);
    expect(r.code, r.err).toBe(1);
    expect(r.out + r.err).not.toMatch(/[\u001b\u0007]/);
    expect(r.out).toMatch(/sim\\u001b\[2J 1: \d+ cases/);
    const issue = await runCli(['report', 'issue', 'cult-master-simultaneous-death', '--report', out]);
    expect(issue.code, issue.err).toBe(0);
    expect(issue.out).not.toMatch(/[\u001b\u0007]/);
    expect(issue.out).toContain('\\u001b[31mred\\u0007');
  });
});

describe.concurrent('an adapter that writes a byte-order mark first', () => {
  it('is understood: the mark is not part of its hello', async () => {
    const sim = adapterScript('bom', "name: 'bom', cards: []", "{ type: 'unsupported', case: m.case, reason: 'no cards' }", true);
    const r = await runCli(['run', '--sim', sim, ...oneCase, '--out', join(dir, 'bom-report'), '--no-progress']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^bom 1: \d+ cases: 0 pass/m);
  });
});
