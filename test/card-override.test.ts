/** A user card file with an id of the pool replaces that card for the run (another balance patch), with a notice. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { readCardPool } from '../engine/cards/pool.js';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { tempDirs } from './support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const juggler = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'knife-juggler.json'), 'utf8'));

describe('--cards overrides', () => {
  it('replaces the card for the run, one notice line naming both files', () => {
    const dir = tempDir('arbiter-override-');
    writeFileSync(join(dir, 'kj.json'), JSON.stringify({ ...juggler, attack: juggler.attack - 1 }));
    const notices: string[] = [];
    const pool = readCardPool([dir], (l) => notices.push(l));
    expect(pool.get("NEW1_019").attack).toBe(juggler.attack - 1);
    expect(pool.get("Knife Juggler").attack).toBe(juggler.attack - 1);
    expect(pool.all().filter((c) => c.id === 'NEW1_019')).toHaveLength(1);
    expect(notices).toEqual([`arbiter: notice: ${join(dir, 'kj.json')} replaces card NEW1_019 (Knife Juggler) of spec/cards/knife-juggler.json for this run`]);
    expect(readCardPool().get('NEW1_019').attack).toBe(juggler.attack);
  });
  it('a replacing card of another type (a hero card made a minion) is bad input at its $.type, naming the card it replaces', () => {
    const dir = tempDir('arbiter-override-');
    writeFileSync(join(dir, 'kj.json'), JSON.stringify({ ...juggler, type: 'spell' }));
    expect(() => readCardPool([dir], () => undefined)).toThrow(/kj\.json: \$\.type: "spell", but the card it replaces, NEW1_019 \(Knife Juggler, spec\/cards\/knife-juggler\.json\), is a minion: a replacing card keeps its type/);
  });
  it('a user card with a new id and a built-in card\'s name: a notice says which card the name means', () => {
    const dir = tempDir('arbiter-override-');
    writeFileSync(join(dir, 'kj2.json'), JSON.stringify({ ...juggler, id: 'MY_KJ', attack: 9 }));
    const notices: string[] = [];
    const pool = readCardPool([dir], (l) => notices.push(l));
    expect(pool.get('Knife Juggler').id).toBe('NEW1_019');
    expect(notices).toEqual([`arbiter: notice: ${join(dir, 'kj2.json')} names its card MY_KJ "Knife Juggler", as built-in card NEW1_019 is named: "Knife Juggler" in a scenario means NEW1_019 of spec/cards/knife-juggler.json; name the card by its id to choose`]);
    const quiet: string[] = [];
    const other = tempDir('arbiter-override-');
    writeFileSync(join(other, 'x.json'), JSON.stringify({ ...juggler, id: 'MY_KJ', name: 'Not A Juggler' }));
    readCardPool([other], (l) => quiet.push(l));
    expect(quiet).toEqual([]);
  });
  it('two user files with one id are an error naming both', () => {
    const dir = tempDir('arbiter-override-');
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ ...juggler, id: 'X_DUP', name: 'Dup A' }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ ...juggler, id: 'X_DUP', name: 'Dup B' }));
    expect(() => readCardPool([dir], () => undefined)).toThrow(/b\.json: \$\.id: card id "X_DUP" is already used by another card \(.*a\.json\)/);
  });
  it('arbiter cards --cards validates and lists a user pool; the override changes a scenario\'s outcome', async () => {
    const dir = tempDir('arbiter-override-');
    writeFileSync(join(dir, 'kj.json'), JSON.stringify({ ...juggler, attack: juggler.attack - 1 }));
    const listed = await arbiter('cards', '--cards', dir);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toMatch(/NEW1_019 +minion +Knife Juggler\n1 cards in the user pool \(valid\)/);
    expect(listed.err).toMatch(/replaces card NEW1_019/);
    const s = join(tempDir('arbiter-override-scenario-'), 's.json'); // beside the card folder, not in it
    writeFileSync(s, JSON.stringify({ format: 'arbiter-scenario/1', id: 'kj', title: 'kj', rules: ['4a'], source: { seed: 'test', quote: 'test' }, setup: { A: { board: [{ card: 'Knife Juggler', label: 'kj' }] } }, actions: [], expect: { entities: { kj: { attack: juggler.attack } } } }));
    expect((await runCli(['run-scenario', s])).code).toBe(0);
    const r = await runCli(['run-scenario', s, '--cards', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(new RegExp(`expected attack ${juggler.attack}, got ${juggler.attack - 1}`));
    writeFileSync(join(dir, 'bad.json'), '{}');
    expect((await runCli(['cards', '--cards', join(dir, 'bad.json')])).code).toBe(2);
  });
  it('arbiter cards --check runs each card\'s conformance cases against what its text says: a card whose data contradicts its text fails', async () => {
    // The built-in pool holds: every case of every card.
    const all = await runCli(['cards', '--check']);
    expect(all.code, all.out.slice(0, 500)).toBe(0);
    expect(all.out).toMatch(/^\d+ cards, \d+ conformance cases: (\d+) hold, 0 fail/m);
    // A Fireball whose data deals 5 while its text says 6: its own case fails, the user's card only is checked.
    const fireball = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'fireball.json'), 'utf8'));
    const dir = tempDir('arbiter-check-');
    const five = JSON.parse(JSON.stringify(fireball).replace('"amount":6', '"amount":5'));
    expect(JSON.stringify(five)).not.toBe(JSON.stringify(fireball));
    writeFileSync(join(dir, 'fireball.json'), JSON.stringify(five));
    const r = await runCli(['cards', '--check', '--cards', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL conformance-cs2-029[^\n]* \(CS2_029\)\n/m);
    expect(r.out).toMatch(/^1 cards, \d+ conformance cases: \d+ hold, [1-9]\d* fail/m);
    // the same card as written holds
    writeFileSync(join(dir, 'fireball.json'), JSON.stringify(fireball));
    expect((await runCli(['cards', '--check', '--cards', dir])).code).toBe(0);
  });
});

describe('arbiter run --cards with the bundled demo simulator', () => {
  it('the demo (Arbiter\'s own adapter process) gets the run\'s --cards: a case on a new user card runs and passes', async () => {
    const dir = tempDir('arbiter-demo-cards-');
    mkdirSync(join(dir, 'mycards'));
    const yeti = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'chillwind-yeti.json'), 'utf8'));
    writeFileSync(join(dir, 'mycards', 'my.json'), JSON.stringify({ ...yeti, id: 'MY_001', name: 'My Big Yeti', attack: 6, health: 7 }));
    // A vanilla minion on the board keeps the Attack its card gives (no rule changes it here).
    writeFileSync(join(dir, 'my.json'), JSON.stringify({ format: 'arbiter-scenario/1', id: 'my-yeti', title: 'a user card on the board', rules: ['4a'], source: { seed: 'test', quote: 'test' },
      setup: { A: { board: [{ card: 'MY_001', label: 'y' }] } }, actions: [], expect: { entities: { y: { attack: 6 } } } }));
    const out = join(dir, 'report');
    const r = await runCli(['run', '--cases', join(dir, 'my.json'), '--cards', join(dir, 'mycards'), '--out', out]);
    expect(r.code, r.out + r.err).toBe(0);
    const results = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string; detail?: string; simulator: { name: string } });
    // Not UNSUPPORTED ("unknown card MY_001"): the demo knows the card, and its own conformance case runs too (with
    // the three controls every run with conformance cases has), each with its case at exactly its cost.
    expect(results.map((x) => [x.case, x.status, x.detail])).toEqual([
      ['conformance-cs2-182', 'PASS', undefined], ['conformance-cs2-182#cost', 'PASS', undefined], ['conformance-cs2-182#dies', 'PASS', undefined],
      ['conformance-my-001', 'PASS', undefined], ['conformance-my-001#cost', 'PASS', undefined], ['my-yeti', 'PASS', undefined],
    ]);
    // The demo plays the run's own cards: it is still the demo of the baseline, not a simulator with other card texts.
    expect(results[0]!.simulator.name).toBe('arbiter-demo');
  });
  it('repro shrinks a case of a run made with --cards with the run\'s card files (run.json); a pool without the case\'s card is a usage error naming it and the run\'s files', async () => {
    const dir = tempDir('arbiter-repro-cards-');
    mkdirSync(join(dir, 'mycards'));
    const cult = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'cult-master.json'), 'utf8'));
    writeFileSync(join(dir, 'mycards', 'my.json'), JSON.stringify({ ...cult, id: 'MY_CULT', name: 'My Cult Master' }));
    // The golden Cult Master case with the user's copy of the card: the demo's Death Phase bug fails it.
    const golden = JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', 'cult-master-simultaneous-death.json'), 'utf8'));
    const { allOrders: _, ...rest } = golden;
    writeFileSync(join(dir, 'my.json'), JSON.stringify({ ...rest, id: 'my-cult', setup: { ...rest.setup, A: { ...rest.setup.A, board: [{ card: 'My Cult Master', label: 'cult' }, rest.setup.A.board[1]] } } }));
    // Another user card, in a folder of its own: a pool without My Cult Master.
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'o.json'), JSON.stringify({ ...cult, id: 'MY_OTHER', name: 'My Other Master' }));
    const report = join(dir, 'report');
    const run = await runCli(['run', '--cases', join(dir, 'my.json'), '--cards', join(dir, 'mycards'), '--no-conformance', '--out', report]);
    expect(run.out).toMatch(/1 cases: 0 pass, 1 NEW FAIL/);
    expect(JSON.parse(readFileSync(join(report, 'run.json'), 'utf8')).cardFiles).toEqual([join(dir, 'mycards')]);
    // A path given relative to the run's folder is recorded resolved, so repro finds it from any folder.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect((await runCli(['run', '--cases', 'my.json', '--cards', 'mycards', '--no-conformance', '--out', 'rel'])).code).toBe(1);
    } finally {
      process.chdir(cwd);
    }
    expect(JSON.parse(readFileSync(join(dir, 'rel', 'run.json'), 'utf8')).cardFiles).toEqual([join(dir, 'mycards')]);
    const wrong = await runCli(['repro', 'my-cult', '--report', report, '--cards', join(dir, 'other'), '--out', join(dir, 'wrong')]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain(`results.jsonl (case my-cult): $.setup.A.board[0]: unknown card "My Cult Master"`);
    expect(wrong.err).toContain(`give repro the card files the run was given (--cards ${join(dir, 'mycards')})`);
    // A card file named in run.json that is gone: the error says so and what to do.
    const info = JSON.parse(readFileSync(join(dir, 'rel', 'run.json'), 'utf8'));
    writeFileSync(join(dir, 'rel', 'run.json'), JSON.stringify({ ...info, cardFiles: [join(dir, 'gone')] }));
    const gone = await runCli(['repro', 'my-cult', '--report', join(dir, 'rel'), '--out', join(dir, 'gone-out')]);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain(`run.json: $.cardFiles: the run's card file or folder ${JSON.stringify(join(dir, 'gone'))} is not there any more: give repro the card files with --cards`);
    // Without --cards, the files the run was given (run.json).
    const out = join(dir, 'repro');
    const r = await runCli(['repro', 'my-cult', '--report', report, '--out', out]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.err).not.toMatch(/warning/);
    expect(JSON.stringify(JSON.parse(readFileSync(join(out, 'my-cult-repro.json'), 'utf8')).setup)).toContain('My Cult Master');
    // The written test loads the same card files, named from its own folder (no absolute path).
    const test = readFileSync(join(out, 'my-cult-repro.repro.test.ts'), 'utf8');
    const files = JSON.parse(/loadCardPool\((\[.*?\])\.map\(here\)\)/.exec(test)![1]!) as string[];
    expect(files.map((f) => resolve(out, f))).toEqual([join(dir, 'mycards')]);
  });
  it('--profile host: the Host kernel\'s own adapter gets the run\'s --host-cards the same way', async () => {
    const dir = tempDir('arbiter-host-cards-');
    mkdirSync(join(dir, 'hc'));
    const sentinel = JSON.parse(readFileSync(join(ROOT, 'spec', 'host', 'cards', 'stone-sentinel.json'), 'utf8'));
    writeFileSync(join(dir, 'hc', 'my.json'), JSON.stringify({ ...sentinel, id: 'my-sentinel', name: 'My Sentinel' }));
    // A Host golden case whose decks and hands hold the user's copy of Stone Sentinel (same text, so the same outcome).
    const text = readFileSync(join(ROOT, 'golden', 'cases', 'host-simultaneous-example-33-6-correct.json'), 'utf8');
    expect(text).toContain('"Stone Sentinel"');
    writeFileSync(join(dir, 'my.json'), text.replaceAll('"Stone Sentinel"', '"My Sentinel"').replace('"host-simultaneous-example-33-6-correct"', '"my-host"'));
    const out = join(dir, 'report');
    const r = await runCli(['run', '--profile', 'host', '--cases', join(dir, 'my.json'), '--host-cards', join(dir, 'hc'), '--out', out]);
    expect(r.code, r.out + r.err).toBe(0);
    const results = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { case: string; status: string; detail?: string });
    expect(results.map((x) => [x.case, x.status, x.detail])).toEqual([['my-host', 'PASS', undefined]]);
  });
});

describe('a simulator trace is judged with the run\'s card pool', () => {
  it('an overridden trigger filter is the one the invariants read (judgeTrace gets the pool of the run)', async () => {
    const { judgeTrace } = await import('../differential/judge.js');
    const { runScenario } = await import('../engine/scenario/run.js');
    const dir = tempDir('arbiter-override-');
    // a patch where the Juggler answers every minion summoned, either side's
    const trig = juggler.triggers[0];
    writeFileSync(join(dir, 'kj.json'), JSON.stringify({ ...juggler, triggers: [{ ...trig, when: { ...trig.when, subject: { type: 'minion', is: 'other' } } }] }));
    const pool = readCardPool([dir], () => undefined);
    const s = { format: 'arbiter-scenario/1', id: 'kj', title: 'kj', rules: ['10'], source: { seed: 'test', quote: 'test' }, seed: 's',
      setup: { active: 'B', A: { board: [{ card: 'Knife Juggler', label: 'kj' }] }, B: { mana: 10, hand: [{ card: 'Wisp', label: 'w' }] } },
      actions: [{ play: 'w' }], expect: {} } as const;
    const run = runScenario(s as never, '<test>', { cards: pool });
    expect(run.trace.some((r) => r.t === 'open' && r.block === 'trigger')).toBe(true);
    expect(judgeTrace(run.trace, 'phases', pool)).toEqual([]);
    expect(judgeTrace(run.trace, 'phases').map((v) => v.invariant)).toContain('trigger-filters');
  });
});
