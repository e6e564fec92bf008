/**
 * Differential verdicts a simulator author can act on, end to end through `arbiter run` against fake simulators
 * (test/fixtures/fake-sim.mjs wraps the reference adapter with one deliberate difference): every order of play is
 * sent, a mid-sequence bug shows through a probe, a changed card is a card cause, a clamped Health is no failure, a
 * Combat-Phase death is charged to Rule 3, and a case that becomes unsupported is LOST against its baseline. Repros
 * and the short summary: test/verdict-repros.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { tempDirs } from './support/temp.js';
import { cli, fake, golden, mutant, results } from './support/verdict-sims.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();
const tmp = (name: string) => tempDir(`arbiter-verdict-${name}-`);

describe.concurrent('differential verdicts', () => {
  it('every order of play a case lists is sent: a simulator wrong only in the other order fails there, charged to the order-of-play rule', async () => {
    const out = join(tmp('order'), 'r');
    const r = await cli('run', '--sim', fake('ignore-order'), '--cases', golden('cult-master-simultaneous-death'), '--no-conformance', '--out', out);
    expect(r.code, r.err).toBe(1);
    const rs = results(out);
    const byId = new Map(rs.map((x) => [x.case, x]));
    expect(byId.get('cult-master-simultaneous-death')?.status).toBe('PASS');
    const other = rs.filter((x) => x.variant === 'order' && x.status === 'FAIL');
    expect(other.length).toBeGreaterThan(0);
    for (const x of other) {
      expect(x.group).toBe('cult-master-simultaneous-death');
      expect(x.cause).toBe('rule');
      expect(x.attribution?.rule).toBe('7');
    }
    // without the sent variants the bug is invisible
    const plain = await cli('run', '--sim', fake('ignore-order'), '--cases', golden('cult-master-simultaneous-death'), '--no-conformance', '--no-variants', '--out', join(out, '..', 'plain'));
    expect(plain.code, plain.out).toBe(0);
  }, 120_000);

  it('a final-state simulator wrong only in the middle of a sequence fails through a probe variant', async () => {
    const out = join(tmp('probe'), 'r');
    const id = 'explosive-sheep-abomination-consecration';
    const r = await cli('run', '--sim', fake('overkill'), '--cases', golden(id), '--no-conformance', '--out', out);
    expect(r.code, r.err).toBe(1);
    const rs = results(out);
    expect(rs.find((x) => x.case === id)?.status).toBe('PASS');
    const probe = rs.find((x) => x.case === `${id}#probe=damage`);
    expect(probe?.status).toBe('FAIL');
    expect(probe?.variant).toBe('probe');
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('variant (probe)');
  }, 120_000);

  it('a simulator with one card changed gets card causes, not rule failures', async () => {
    const dir = tmp('card');
    const cardsDir = join(dir, 'cards');
    mkdirSync(cardsDir);
    const raptor = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'bloodfen-raptor.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(cardsDir, 'raptor.json'), JSON.stringify({ ...raptor, health: 3 }));
    const out = join(dir, 'r');
    const ids = ['cult-master-simultaneous-death', 'kill-command-beast-dies-before-spell-text', 'knife-juggler-aborts-without-valid-target'];
    const r = await cli('run', '--sim', `${mutant()} --cards ${cardsDir}`, ...ids.flatMap((i) => ['--cases', golden(i)]), '--out', out);
    expect(r.code, r.err).toBe(1);
    const rs = results(out);
    const conf = rs.find((x) => x.conformance === 'CS2_172');
    expect(conf?.status).toBe('FAIL');
    expect(conf?.cause).toBe('card');
    const fails = rs.filter((x) => x.status === 'FAIL');
    expect(fails.length).toBeGreaterThan(1);
    for (const x of fails) {
      expect(x.cause, x.case).toBe('card');
      expect(x.causeDetail).toBe('CS2_172');
    }
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(summary).toMatch(/\| card \| [1-9]\d* \|/);
    expect(summary).toMatch(/\| rule \| 0 \|/);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('classname="card.CS2_172"');
    // the terminal's and the short summary's lines name the card
    expect(r.out).toMatch(/\n {2}NEW FAIL conformance-cs2-172 {2}\[card CS2_172\] /);
    expect(readFileSync(join(out, 'summary-short.md'), 'utf8')).toMatch(/\n- conformance-cs2-172: \\\[card CS2\\_172\\\] /);
  }, 120_000);

  it('a simulator that takes no Player Action gets rule causes, not card ones: the controls with a textless minion fail too', async () => {
    // Each card's conformance case fails on such a simulator, and without the controls every failure would be charged
    // to the cards its case uses. Kill Command is a spell played at a target; Cult Master has a trigger, so it also
    // has a `#dies` case, where B's minion attacks it.
    const ids = ['cult-master-simultaneous-death', 'kill-command-beast-dies-before-spell-text'];
    for (const mode of ['no-actions', 'no-actions-final']) {
      const out = join(tmp(mode), 'r');
      const r = await cli('run', '--sim', fake(mode), ...ids.flatMap((i) => ['--cases', golden(i)]), '--no-variants', '--out', out);
      expect(r.code, r.err).toBe(1);
      expect(r.out).not.toMatch(/\d+ card/);
      const rs = results(out);
      const byId = new Map(rs.map((x) => [x.case, x]));
      const fails = rs.filter((x) => x.status === 'FAIL');
      expect(fails.length).toBeGreaterThan(4);
      for (const x of fails) expect([x.case, x.cause]).toEqual([x.case, 'rule']);
      expect(byId.get('conformance-cs2-182')?.status).toBe('FAIL');
      expect(byId.get('conformance-cs2-182#dies')?.status).toBe('FAIL');
      expect(byId.get('conformance-ex1-539')?.causeDetail).toMatch(/^the control conformance-cs2-182 \(the vanilla Chillwind Yeti, which has no text, played\) fails too/);
      expect(byId.get('conformance-ex1-595#dies')?.causeDetail).toMatch(/^the control conformance-cs2-182#dies \(the vanilla Chillwind Yeti, which has no text, attacked and killed\) fails too/);
      if (mode === 'no-actions-final') {
        // from a final state alone, the play that never happened is the first divergence of a rule case (no single
        // rule break gives that final state)
        const rule = byId.get('kill-command-beast-dies-before-spell-text');
        expect([rule?.attribution?.rule, rule?.attribution?.basis, rule?.attribution?.step]).toEqual(['sequence', 'action', expect.stringMatching(/^the simulator did not play EX1_539 \("kc" at "heroB"\), the case's first Player Action: it is still in A's hand/)]);
      }
      // the terminal names the failing cases, the first ten of them
      expect(r.out).toMatch(/failing the run \(\d+\):\n {2}NEW FAIL \S+ {2}\[rule /);
      expect(r.out).toContain(`... and ${fails.length - 10} more (summary-short.md and summary.md list every one)`);
    }
  }, 120_000);

  it('a simulator that takes no End Turn: what happens in the End Turn Sequences it never opened is charged to rule sequence, not to the triggers there', async () => {
    // Both cases first differ at an end-of-turn trigger (Baron Geddon's; a stolen Imp Master's), which would name the
    // Queue's rule or the controller rule if the missing Sequence were not seen first.
    const ids = ['baron-geddon-healing-totem-survives', 'stolen-end-of-turn-trigger-new-controller'];
    const out = join(tmp('no-end-turn'), 'r');
    const r = await cli('run', '--sim', fake('no-end-turn'), ...ids.flatMap((i) => ['--cases', golden(i)]), '--no-conformance', '--no-variants', '--out', out);
    expect(r.code, r.err).toBe(1);
    const rs = results(out);
    for (const id of ids) {
      const x = rs.find((y) => y.case === id);
      expect([id, x?.status, x?.attribution?.rule, x?.attribution?.basis]).toEqual([id, 'FAIL', 'sequence', 'events']);
      expect(x?.attribution?.step).toMatch(/^the simulator's trace opens 0 END_TURN Sequences, and this event is in the reference engine's END_TURN Sequence number 1: that Player Action was not taken/);
    }
  }, 120_000);

  it('a card whose condition never held in its plain conformance case is caught by the case where it holds, and charged as card', async () => {
    // Voidcaller: "Deathrattle: Put a random Demon from your hand into the battlefield." The simulator's Voidcaller
    // looks for a Beast instead: with no Demon in hand (the plain conformance cases) nothing differs.
    const dir = tmp('condition');
    const cardsDir = join(dir, 'cards');
    mkdirSync(cardsDir);
    const voidcaller = JSON.parse(readFileSync(join(ROOT, 'spec', 'cards', 'voidcaller.json'), 'utf8')) as { deathrattle: { actions: { filter: Record<string, string> }[] } };
    voidcaller.deathrattle.actions[0]!.filter = { ...voidcaller.deathrattle.actions[0]!.filter, race: 'beast' };
    writeFileSync(join(cardsDir, 'voidcaller.json'), JSON.stringify(voidcaller));
    const out = join(dir, 'r');
    const id = 'force-play-minion-is-oldest';
    const r = await cli('run', '--sim', `${mutant()} --cards ${cardsDir}`, '--cases', golden(id), '--no-variants', '--out', out);
    expect(r.code, r.err).toBe(1);
    const rs = results(out);
    const byId = new Map(rs.map((x) => [x.case, x]));
    expect(byId.get('conformance-fp1-022')?.status).toBe('PASS');
    expect(byId.get('conformance-fp1-022#dies')?.status).toBe('PASS');
    const holding = rs.find((x) => x.conformance === 'FP1_022' && x.case.includes('#holding='));
    expect(holding?.status).toBe('FAIL');
    expect(holding?.cause).toBe('card');
    expect(byId.get(id)?.status).toBe('FAIL');
    expect([byId.get(id)?.cause, byId.get(id)?.causeDetail]).toEqual(['card', 'FP1_022']);
  }, 120_000);

  it('a simulator that clamps a dead hero\'s Health at 0 has no FAIL: the difference is an equivalent representation', async () => {
    const out = join(tmp('clamp'), 'r');
    const id = 'abomination-suicide-zombie-chow-no-heal';
    const r = await cli('run', '--sim', fake('clamp'), '--cases', golden(id), '--no-conformance', '--out', out);
    expect(r.code, r.out + r.err).toBe(0);
    const base = results(out).find((x) => x.case === id)!;
    expect(base.status).toBe('PASS');
    expect(base.equivalent?.[0]).toMatchObject({ rule: 'hero-health-at-or-below-0', actual: 0 });
    expect((base.equivalent?.[0]?.expected as number) < 0).toBe(true);
  }, 120_000);

  it('a minion killed in the middle of the Combat Phase is charged to Rule 3, at fidelity phases and final state', async () => {
    const id = 'fiery-war-axe-zombie-chow-too-late';
    for (const sim of [mutant('die-at-zero-health'), fake('final-state', '--mutant', 'die-at-zero-health')]) {
      const out = join(tmp('rule3'), 'r');
      const r = await cli('run', '--sim', sim, '--cases', golden('attack-sequence-preparation-and-combat'), '--cases', golden(id), '--no-conformance', '--no-variants', '--out', out);
      expect(r.code, r.err).toBe(1);
      const fails = results(out).filter((x) => x.status === 'FAIL');
      expect(fails.length).toBeGreaterThan(0);
      for (const x of fails) expect([x.case, x.attribution?.rule]).toEqual([x.case, '3']);
    }
  }, 120_000);

  it('a case supported in the baseline and unsupported now is LOST: the run, and the merge of its shards, fail unless --allow-lost', async () => {
    const dir = tmp('lost');
    const baseline = join(dir, 'baseline.json');
    const cases = ['--cases', golden('cult-master-simultaneous-death'), '--no-conformance', '--no-variants'];
    const first = await cli('run', '--sim', mutant(), ...cases, '--out', join(dir, 'a'), '--expectations', baseline, '--update-expectations');
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).supported).toEqual(['cult-master-simultaneous-death']);
    // The same simulator, now declaring a card list without the Raptor: the case is UNSUPPORTED, which the baseline calls LOST.
    const lost = await cli('run', '--sim', fake('without:CS2_172'), ...cases, '--shard', '1/1', '--out', join(dir, 'b'), '--expectations', baseline);
    expect(lost.code, lost.out).toBe(1);
    expect(lost.out).toMatch(/1 LOST/);
    expect(lost.out).toMatch(/^ *LOST +cult-master-simultaneous-death/m);
    expect(readFileSync(join(dir, 'b', 'summary.md'), 'utf8')).toContain('## LOST (1)');
    const allowed = await cli('run', '--sim', fake('without:CS2_172'), ...cases, '--out', join(dir, 'c'), '--expectations', baseline, '--allow-lost');
    expect(allowed.code, allowed.out).toBe(0);
    expect(allowed.out).not.toMatch(/^ *LOST +cult/m);
    // Merging the shard decides as the run does.
    const merged = await cli('merge', join(dir, 'b'), '--out', join(dir, 'm'));
    expect(merged.code, merged.out + merged.err).toBe(1);
    expect(merged.out).toMatch(/^ *LOST +cult-master-simultaneous-death/m);
    const mergedAllowed = await cli('merge', join(dir, 'b'), '--out', join(dir, 'm2'), '--allow-lost');
    expect(mergedAllowed.code, mergedAllowed.out + mergedAllowed.err).toBe(0);
  }, 120_000);
});
