/**
 * Host rules of the game set-up and the deck list (3.1, 9.1), tokens (36.3) and control (37), where the golden cases do
 * not reach: what the loader and the script runner refuse (each naming the JSON path), and outcomes that depend on
 * the slots left open (34.2.2).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHostCards, parseHostScenario } from './load.js';
import { runHostScenario } from './run.js';
import type { HostCardSetup, HostDecision, HostScenario } from './format.js';
import { buildHostGame } from './setup.js';
import { SIDES } from './state.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const cards = loadHostCards();
const NAMES = ['stone-sentinel', 'ember-bolt', 'banner-bearer', 'dawn-herald', 'deep-sea-mermaid', 'duelist-of-dawn', 'mend', 'grave-bell', 'rally', 'scorch', 'timid-squire', 'wither', 'purge'];
/** A legal deck list: 4 copies of 12 cards and 2 of a 13th (3.1.1, 3.1.2). */
const legalDeck = (): HostCardSetup[] => NAMES.map((card, i) => ({ card, copies: i === 12 ? 2 : 4 }));

function gameStart(actions: HostDecision[], change: (s: HostScenario) => void = () => {}): HostScenario {
  const s = {
    format: 'arbiter-scenario/1', profile: 'host', id: 'setup-test', title: 't', rules: ['host/9.1'], source: { seed: '002', quote: 'test' },
    setup: { start: 'game', A: { host: 'Aurora, Host of Dawn', deck: legalDeck() }, B: { host: 'Morrow, Host of Dusk', deck: legalDeck() } }, actions, expect: {},
  } as HostScenario;
  change(s);
  return s;
}
const run = (s: HostScenario) => runHostScenario(parseHostScenario('s.json', s, cards), 's.json', { cards });
const parse = (s: HostScenario) => () => parseHostScenario('s.json', s, cards);

describe('the deck-list check (host/3.1)', () => {
  it('accepts 50 main deck cards with at most 4 of a name and a Host', () => {
    expect(parse(gameStart([]))).not.toThrow();
  });
  it('refuses a deck of another size, a fifth copy, a Host or a token in the deck, naming the JSON path', () => {
    expect(parse(gameStart([], (s) => { s.setup.A.deck![12] = { card: 'purge', copies: 1 }; }))).toThrow(/s\.json: \$\.setup\.A\.deck: 49 main deck cards: a deck has exactly 50 \(3\.1\.1\)/);
    expect(parse(gameStart([], (s) => { s.setup.B.deck![12] = { card: 'stone-sentinel', copies: 2 }; }))).toThrow(/\$\.setup\.B\.deck\[12\]: 6 copies of "Stone Sentinel" \(counting from \$\.setup\.B\.deck\[0\]\): no more than 4 of any named card \(3\.1\.2\)/);
    expect(parse(gameStart([], (s) => { s.setup.A.deck![12] = { card: 'morrow-host-of-dusk', copies: 2 }; }))).toThrow(/\$\.setup\.A\.deck\[12\]: "Morrow, Host of Dusk" is a Host/);
    expect(parse(gameStart([], (s) => { s.setup.A.deck![12] = { card: 'squire-token', copies: 2 }; }))).toThrow(/\$\.setup\.A\.deck\[12\]: "squire-token" is a token/);
  });
  it('a game set up by the rules starts from the deck lists alone', () => {
    expect(parse(gameStart([], (s) => { s.setup.A.hand = ['Mend']; }))).toThrow(/\$\.setup\.A\.hand: with "start": "game" a player starts with a Host and a deck only/);
    expect(parse(gameStart([], (s) => { s.setup.turn = 3; }))).toThrow(/\$\.setup\.turn: with "start": "game" the set-up decides it/);
  });
});

describe('game set-up and mulligan (host/9.1)', () => {
  // The roll is the seeded stream's (9.1.3): W won it, L lost it.
  const W = SIDES[buildHostGame(parseHostScenario('s.json', gameStart([]), cards), cards).g.s.setup!.player];
  const L = W === 'A' ? 'B' : 'A';
  const keepBoth = (goFirst: boolean, first = goFirst ? W : L): HostDecision[] => [{ by: W, goFirst }, { by: first, mulligan: [] }, { by: first === 'A' ? 'B' : 'A', mulligan: [] }];
  it('every set-up choice comes from the script: a missing one is an error naming the JSON path', () => {
    expect(() => run(gameStart([]))).toThrow(new RegExp(`\\$\\.actions: the script ends while a choice is open: ${W} won the set-up roll and decides to go first or second`));
    expect(() => run(gameStart([{ by: L, goFirst: true }]))).toThrow(new RegExp(`\\$\\.actions\\[0\\]\\.by: expected a decision by ${W}`));
    expect(() => run(gameStart([{ by: W, goFirst: true }, { by: L, mulligan: [] }]))).toThrow(new RegExp(`\\$\\.actions\\[1\\]\\.by: expected a decision by ${W}: ${W} decides their mulligan`));
    expect(() => run(gameStart([{ by: W, goFirst: true }, { by: W, pass: true }]))).toThrow(new RegExp(`\\$\\.actions\\[1\\]\\.by: ${W} decides their mulligan`));
    expect(() => run(gameStart([{ by: W, goFirst: false }, { by: L, mulligan: [] }]))).toThrow(new RegExp(`\\$\\.actions: the script ends while a choice is open: ${W} decides their mulligan`));
  });
  it('a mulligan names cards of the hand: another card is refused (host/9.1.7)', () => {
    expect(() => run(gameStart([{ by: W, goFirst: true }, { by: W, mulligan: ['Xin, Master of Pain'] }]))).toThrow(new RegExp(`\\$\\.actions\\[1\\]: illegal: "Xin, Master of Pain" is not a card in ${W}'s hand .*rule host/9\\.1\\.7`));
    const r = run(gameStart([{ by: W, goFirst: true }, { by: W, mulligan: ['Xin, Master of Pain'], illegal: true }, { by: W, mulligan: [] }, { by: L, mulligan: [] }]));
    expect(r.trace.some((x) => x.t === 'event' && x.e === 'refused' && x.rule === 'host/9.1.7')).toBe(true);
  });
  it('after the set-up each player holds 5 cards and 45 in the deck, and the first player\'s turn 1 begins', () => {
    for (const goFirst of [true, false]) {
      const r = run(gameStart(keepBoth(goFirst)));
      expect(r.final.players.A).toMatchObject({ hand: 5, deck: 45 });
      expect(r.final.players.B).toMatchObject({ hand: 5, deck: 45 });
      expect(r.g.s).toMatchObject({ turn: 1, phase: 'start', active: SIDES.indexOf(goFirst ? W : L), first: SIDES.indexOf(goFirst ? W : L) });
      expect(r.final.entities.hostA!.faceUp && r.final.entities.hostB!.faceUp).toBe(true);
    }
  });
  it('the cards put back go under the deck: none of them is drawn again by the mulligan (host/9.1.7)', () => {
    const kept = run(gameStart(keepBoth(true)));
    const p = SIDES.indexOf(W);
    const hand = kept.g.s.players[p as 0 | 1].hand;
    const back = run(gameStart([{ by: W, goFirst: true }, { by: W, mulligan: hand.map((id) => kept.g.s.entities[id]!.card.name) }, { by: L, mulligan: [] }]));
    const drawn = back.trace.filter((x) => x.t === 'event' && x.e === 'draw' && x.player === p).map((x) => (x as { entity: number }).entity);
    expect(drawn.slice(0, 5)).toEqual(hand);
    expect(drawn).toHaveLength(10);
    expect(drawn.slice(5).some((id) => hand.includes(id))).toBe(false);
  });
});

describe('tokens (host/36.3) and control (host/37)', () => {
  const mid = (a: Partial<HostScenario['setup']['A']>, b: Partial<HostScenario['setup']['B']>, actions: HostDecision[]): HostScenario => ({
    format: 'arbiter-scenario/1', profile: 'host', id: 't', title: 't', rules: ['host/36.3'], source: { seed: '002', quote: 'test' },
    setup: { active: 'A', A: { host: 'Aurora, Host of Dawn', deck: [{ card: 'Stone Sentinel', copies: 5 }], ...a }, B: { host: 'Morrow, Host of Dusk', deck: [{ card: 'Stone Sentinel', copies: 5 }], hand: ['Mend'], ...b } }, actions, expect: {},
  } as HostScenario);
  const passes = (n: number): HostDecision[] => Array.from({ length: n }, (_, i) => ({ by: i % 4 === 0 || i % 4 === 3 ? 'B' : 'A', pass: true }) as HostDecision);
  const full = (n: number) => Array.from({ length: n }, (_, slot) => ({ card: 'Stone Sentinel', slot }));
  const resolves = (r: ReturnType<typeof run>) => r.trace.filter((x) => x.t === 'event' && x.e === 'stack_resolve').map((x) => (x as { result: string }).result);

  it('tokens need as many open slots as they are: with one open slot Call to Arms does not resolve at all (34.2.2)', () => {
    const one = run(mid({ hand: [{ card: 'Call to Arms', label: 'c' }], frontrow: full(4), resources: { authority: 1, generic: 1 } }, {}, [{ by: 'A', play: 'c', slot: 0, pay: { authority: 1, generic: 1 } }, ...passes(4)]));
    expect(resolves(one)).toEqual(['resolved', 'fizzled']);
    expect(one.g.s.entities.some((e) => e.token)).toBe(false);
    const two = run(mid({ hand: [{ card: 'Call to Arms', label: 'c' }], frontrow: full(3), resources: { authority: 1, generic: 1 } }, {}, [{ by: 'A', play: 'c', slot: 0, pay: { authority: 1, generic: 1 } }, ...passes(4)]));
    expect(resolves(two)).toEqual(['resolved', 'resolved']);
    expect(two.final.entities.token1).toMatchObject({ zone: 'frontrow', slot: 3, controller: 'A' });
    expect(two.final.entities.token2).toMatchObject({ zone: 'frontrow', slot: 4, controller: 'A' });
  });
  it('a token cannot be placed by the set-up outside a frontrow slot, and the labels token1, token2, ... are the game\'s', () => {
    expect(() => parseHostScenario('t.json', mid({ hand: ['Squire Token'] }, {}, []), cards)).toThrow(/t\.json: \$\.setup\.A\.hand\[0\]: "Squire Token" is a token/);
    expect(() => parseHostScenario('t.json', mid({ frontrow: [{ card: 'Stone Sentinel', slot: 0, label: 'token1' }] }, {}, []), cards)).toThrow(/\$\.setup\.A\.frontrow\[0\]\.label: labels token1, token2/);
  });
  it('a card that creates a token names a token Entity card (user card files are checked)', () => {
    const dir = tempDir('arbiter-host-cards-');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ id: 'bad-call', name: 'Bad Call', type: 'sorcery', cost: {}, effect: { parts: [{ do: 'create_token', card: 'stone-sentinel', player: 'you', amount: 1 }] }, text: 'x' }));
    expect(() => loadHostCards([dir])).toThrow(/bad\.json: \$\.effect\.parts\[0\]\.card: "stone-sentinel" is not a token Entity card/);
  });
  it('gaining control needs an open slot of the new controller (34.2.2); the taken Entity cannot attack this turn (assumption host-control-sickness)', () => {
    const seize = (front: number) => mid({ hand: [{ card: 'Mind Seize', label: 'm' }], frontrow: full(front), resources: { emotion: 2, generic: 1 } }, { frontrow: [{ card: 'Stone Sentinel', slot: 2, label: 's' }] }, [{ by: 'A', play: 'm', slot: 0, targets: ['s'], pay: { emotion: 2, generic: 1 } }, ...passes(4)]);
    const blocked = run(seize(5));
    expect(resolves(blocked)).toEqual(['resolved', 'fizzled']);
    expect(blocked.final.entities.s).toMatchObject({ controller: 'B', slot: 2 });
    const taken = run(seize(1));
    expect(taken.final.entities.s).toMatchObject({ controller: 'A', slot: 1, zone: 'frontrow' });
    const attack = seize(1);
    attack.actions.push({ by: 'A', phase: 'next' }, { by: 'A', attack: 's', illegal: true });
    const r = run(attack);
    expect(r.trace.some((x) => x.t === 'event' && x.e === 'refused' && x.rule === 'host/18.5.2.1')).toBe(true);
  });
});

describe('changing targets (host/30.6)', () => {
  const s = (actions: HostDecision[], frontA: HostCardSetup[] = [{ card: 'Stone Sentinel', label: 'a', slot: 0 }]): HostScenario => ({
    format: 'arbiter-scenario/1', profile: 'host', id: 't', title: 't', rules: ['host/30.6'], source: { seed: '002', quote: 'test' },
    setup: {
      active: 'A',
      A: { host: 'Morrow, Host of Dusk', deck: [{ card: 'Stone Sentinel', copies: 5 }], hand: [{ card: 'Ember Bolt', label: 'bolt' }, { card: 'Mend', label: 'mend' }], frontrow: frontA, resources: { strife: 1 } },
      B: { host: 'Aurora, Host of Dawn', deck: [{ card: 'Stone Sentinel', copies: 5 }], hand: ['Mend'], frontrow: [{ card: 'Stone Sentinel', label: 'b', slot: 0 }, { card: 'Stone Sentinel', label: 'b2', slot: 1 }], backrow: [{ card: 'Deflection', label: 'defl', slot: 0 }], resources: { emotion: 1 } },
    },
    actions, expect: {},
  } as HostScenario);
  const P = (by: 'A' | 'B'): HostDecision => ({ by, pass: true });
  it('Deflection is activated only when something targets an Entity its controller controls (17.2, 33.5)', () => {
    expect(() => run(s([{ by: 'A', ap: 'draw' }, { by: 'A', pass: true }, { by: 'B', activate: 'defl', targets: ['a'], pay: { emotion: 1 } }]))).toThrow(/\$\.actions\[2\]: illegal: the activation requirement of Deflection \(when targeted\) is not met now/);
  });
  it('the new target cannot be one the card targets already, nor can a target be added (30.6.1): Deflection naming B\'s other Sentinel works, naming the same one does not', () => {
    const to = (t: string) => run(s([{ by: 'A', play: 'bolt', slot: 0, targets: ['b'], pay: { strife: 1 } }, { by: 'B', activate: 'defl', targets: [t], pay: { emotion: 1 } }, P('A'), P('B'), P('A'), P('B'), P('A'), P('B')]));
    const moved = to('b2');
    expect(moved.final.entities.b2!.zone).toBe('drop');
    expect(moved.final.entities.b!.damage).toBe(0);
    const same = to('b');
    expect(same.trace.filter((x) => x.t === 'event' && x.e === 'stack_resolve').map((x) => (x as { result: string }).result)).toEqual(['fizzled', 'resolved', 'resolved']);
    expect(same.final.entities.b!.zone).toBe('drop');
  });
});
