/**
 * Who sees a card (seed 002 rules 4, 6, 41): the zone states, reveal / look at / search / banish as the trace states
 * them, a search's choice from the script (a choice the script leaves open is bad input naming the JSON path), and the
 * host-hidden-stays-hidden invariant on traces that break it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../engine/validation.js';
import { loadHostCards } from '../engine/host/load.js';
import { runHostScenario } from '../engine/host/run.js';
import { placeState } from '../engine/host/visibility.js';
import type { HostScenario } from '../engine/host/format.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { hiddenStaysHidden } from './invariants/host-seen.js';

const cards = loadHostCards();
const golden = (id: string) => JSON.parse(readFileSync(join(ROOT, 'golden', 'cases', `${id}.json`), 'utf8')) as HostScenario;
const events = (t: TraceRecord[]) => t.filter((r) => r.t === 'event') as (TraceRecord & { e: string; [k: string]: unknown })[];

describe('zone states (host/6.1, host/6.2)', () => {
  it('closed zones are seen by nobody, semi-open by one player, open by both; face down in play is semi-open', () => {
    expect(placeState('deck', false)).toBe('closed'); // 4.1.1
    expect(placeState('damage', false)).toBe('closed'); // 4.8.1 (assumption host-face-down-closed)
    expect(placeState('hand', true)).toBe('semi-open'); // 4.3.1
    expect(placeState('drop', true)).toBe('open'); // 4.2.1
    expect(placeState('banished', true)).toBe('open'); // 4.9.1
    expect(placeState('backrow', true)).toBe('open'); // 4.5.1
    expect(placeState('backrow', false)).toBe('semi-open'); // 6.2: a face-down Ambush
    expect(placeState('stack', false)).toBe('semi-open'); // 14.3: an Ambush shown face down
    expect(placeState('host', false)).toBe('closed'); // 4.6.1: before the game has begun
    expect(placeState('host', true)).toBe('open');
  });

  it('a card taken as Host damage goes face down into the closed damage zone: nobody sees it there (2.1.1, 4.8.1)', () => {
    const r = runHostScenario(golden('host-win-damage-zone'), 'case.json', { cards });
    const toDamage = events(r.trace).filter((e) => e.e === 'zone' && e.to === 'damage');
    expect(toDamage.length).toBeGreaterThan(0);
    for (const e of toDamage) expect(e.seen).toEqual([]);
    expect(hiddenStaysHidden.check(r.trace, {} as never)).toEqual([]);
  });
});

describe('search (host/41.3) with the choice from the script', () => {
  it('the card chosen must match the traits: another card is bad input naming the JSON path', () => {
    const s = golden('host-search-41-3');
    s.actions[5] = { by: 'A', search: 'd1' }; // an Ember Bolt: not an Entity
    expect(() => runHostScenario(s, 'case.json', { cards })).toThrow(/case\.json: \$\.actions\[5\]\.search: "d1" is not a card of A's deck with \{"type":"entity"\} \(candidates: found\)/);
  });

  it('a script that ends while a search waits for its card, or a choice by the wrong player, is bad input', () => {
    const s = golden('host-search-41-3');
    expect(() => runHostScenario({ ...s, actions: s.actions.slice(0, 5) }, 'case.json', { cards })).toThrow(/\$\.actions: the script ends while a choice is open: A searches for/);
    expect(() => runHostScenario({ ...s, actions: [...s.actions.slice(0, 5), { by: 'B', search: 'found' }] }, 'case.json', { cards })).toThrow(/\$\.actions\[5\]\.by: expected a decision by A/);
    expect(() => runHostScenario({ ...s, actions: [{ by: 'A', search: 'found' }] }, 'case.json', { cards })).toThrow(/\$\.actions\[0\]\.search: no search is under way/);
  });

  it('with no card matching the traits nothing is found and the deck is still searched (seen by A only)', () => {
    const s = golden('host-search-41-3');
    s.setup.A.deck = [{ card: 'Ember Bolt', label: 'd1' }, { card: 'Ember Bolt', label: 'd2' }];
    const r = runHostScenario({ ...s, actions: s.actions.slice(0, 5), expect: {} }, 'case.json', { cards });
    const seen = events(r.trace).filter((e) => e.e === 'seen');
    expect(seen.map((e) => [e.how, e.seen])).toEqual([['search', ['A']], ['search', ['A']]]);
    expect(r.final.players.A.deck).toBe(2);
    expect(r.final.players.A.hand).toBe(0);
  });

  it('a search that takes the last card of the deck ends the game at once: the deck is not shuffled (1.1, 1.1.2)', () => {
    const s = golden('host-search-41-3');
    s.setup.A.deck = [{ card: 'Stone Sentinel', label: 'found' }];
    const r = runHostScenario({ ...s, expect: {} }, 'case.json', { cards });
    expect(r.final.result).toBe('B');
    expect(events(r.trace).some((e) => e.e === 'deck_shuffle')).toBe(false);
    expect(r.final.entities.found!.zone).toBe('hand');
  });

  it('a card found by its traits is seen by both; the mutant that shows it only to the searcher breaks the invariant', () => {
    const s = golden('host-search-41-3');
    const good = runHostScenario(s, 'case.json', { cards });
    expect(hiddenStaysHidden.check(good.trace, {} as never)).toEqual([]);
    const bad = runHostScenario(s, 'case.json', { cards, mutants: ['host-search-hidden'] });
    const v = hiddenStaysHidden.check(bad.trace, {} as never);
    expect(v.map((x) => x.rule)).toEqual(['host/41.3.3']);
  });
});

describe('host-hidden-stays-hidden on traces that break it', () => {
  const base = runHostScenario(golden('host-look-reveal-41-1-41-2'), 'case.json', { cards }).trace;
  const edit = (pred: (e: Record<string, unknown>) => boolean, change: Record<string, unknown>) => base.map((r) => (r.t === 'event' && pred(r as never) ? { ...r, ...change } : r)) as TraceRecord[];
  it('a card looked at that both players see, or a revealed card one player sees', () => {
    expect(hiddenStaysHidden.check(base, {} as never)).toEqual([]);
    expect(hiddenStaysHidden.check(edit((e) => e.e === 'seen' && e.how === 'look', { seen: ['A', 'B'] }), {} as never).map((v) => v.rule)).toEqual(['host/41.2.1', 'host/41.2.1']);
    expect(hiddenStaysHidden.check(edit((e) => e.e === 'seen' && e.how === 'reveal', { seen: ['A'] }), {} as never).map((v) => v.rule)).toEqual(['host/41.1.1']);
  });
  it('a card played onto the Stack from the hand is not judged as hidden, a card going into a deck seen by anyone is', () => {
    const bad = edit((e) => e.e === 'zone' && e.to === 'stack', { to: 'deck' });
    expect(hiddenStaysHidden.check(bad, {} as never).map((v) => v.rule)).toEqual(['host/4.1.1']);
  });
});

describe('a face-down card turned face up where it lies (host/6.2, host/17.2.2, host/9.1.8)', () => {
  const turned = (t: TraceRecord[]) => events(t).filter((e) => e.e === 'seen' && e.how === 'turned_up');
  const labelled = (r: ReturnType<typeof runHostScenario>, l: string) => r.labels.get(l)!;

  it('an activated Ambush is flipped face up (17.2.2): a seen record names both players, before its effect enters the Stack', () => {
    const r = runHostScenario(golden('host-change-target-30-6'), 'case.json', { cards });
    const defl = labelled(r, 'defl');
    expect(turned(r.trace).map((e) => [e.entity, e.player, e.seen, e.rule])).toEqual([[defl, 1, ['A', 'B'], 'host/17.2.2']]);
    const ev = events(r.trace);
    const at = ev.findIndex((e) => e.e === 'seen' && e.how === 'turned_up');
    const push = ev.findIndex((e) => e.e === 'stack_push' && e.source === defl);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(push);
    expect(r.final.entities.defl!.faceUp).toBe(true);
    expect(hiddenStaysHidden.check(r.trace, {} as never)).toEqual([]);
  });

  it('an Ambush whose activation is refused stays face down: no record', () => {
    const r = runHostScenario(golden('host-simultaneous-example-33-6-incorrect'), 'case.json', { cards });
    expect(events(r.trace).some((e) => e.e === 'refused')).toBe(true);
    expect(turned(r.trace)).toEqual([]);
  });

  it('the Hosts are flipped face up when the game begins (9.1.8): one record each, seen by both, before turn 1', () => {
    const r = runHostScenario(golden('host-setup-mulligan-9-1'), 'case.json', { cards });
    const t = turned(r.trace);
    expect(t.map((e) => [e.entity, e.player, e.seen, e.rule])).toEqual([[labelled(r, 'hostA'), 0, ['A', 'B'], 'host/9.1.8'], [labelled(r, 'hostB'), 1, ['A', 'B'], 'host/9.1.8']]);
    const ev = events(r.trace);
    expect(ev.indexOf(t[1]!)).toBeLessThan(ev.findIndex((e) => e.e === 'host_phase'));
    expect(hiddenStaysHidden.check(r.trace, {} as never)).toEqual([]);
  });

  it('a Host set up mid-game is face up already: no record', () => {
    expect(turned(runHostScenario(golden('host-stack-example-32-9'), 'case.json', { cards }).trace)).toEqual([]);
  });

  it('a card turned face up but still seen by its controller only breaks host-hidden-stays-hidden, naming the rule that flipped it', () => {
    const amb = runHostScenario(golden('host-change-target-30-6'), 'case.json', { cards, mutants: ['host-turned-up-hidden'] });
    expect(hiddenStaysHidden.check(amb.trace, {} as never).map((v) => v.rule)).toEqual(['host/17.2.2']);
    const hosts = runHostScenario(golden('host-setup-mulligan-9-1'), 'case.json', { cards, mutants: ['host-turned-up-hidden'] });
    expect(hiddenStaysHidden.check(hosts.trace, {} as never).map((v) => v.rule)).toEqual(['host/9.1.8', 'host/9.1.8']);
    // a doctored trace: the Ambush turned face up seen by nobody, or by the other player only
    const base = runHostScenario(golden('host-change-target-30-6'), 'case.json', { cards }).trace;
    for (const seen of [[], ['A']]) {
      const bad = base.map((r) => (r.t === 'event' && r.e === 'seen' ? { ...r, seen } : r)) as TraceRecord[];
      expect(hiddenStaysHidden.check(bad, {} as never).map((v) => v.rule)).toEqual(['host/17.2.2']);
    }
  });
});
