/**
 * Stated outcomes of card conformance cases, read from the card text (differential/card-text.ts) or hand-written
 * (spec/cards/cases/, differential/card-cases.ts): the reference engine satisfies every one, and a card file whose
 * behaviour differs from its text (a changed number, a missing keyword, the wrong side) fails its own case.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCardPool, readCardPool } from '../engine/cards/pool.js';
import { judgeScenario } from '../engine/scenario/judge.js';
import type { CardDef } from '../engine/cards/format.js';
import { InputError, ROOT } from '../engine/validation.js';
import { conformanceCasesOf } from './conformance.js';
import { statedOutcome } from './card-text.js';
import { readText } from './card-text-parse.js';
import { cardCases, mergeExpect, readCardCase } from './card-cases.js';

const cards = loadCardPool();
const tmp = mkdtempSync(join(tmpdir(), 'arbiter-card-text-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const playable = () => cards.all().filter((c) => ['minion', 'spell', 'weapon'].includes(c.type));

/** A copy of a built-in card file with its behaviour changed (its text, stats and id as they were). */
function wrongCard(name: string, change: (def: Record<string, unknown>) => void): ReturnType<typeof readCardPool> {
  const file = join(ROOT, 'spec', 'cards', cards.files.get(cards.get(name).id)!);
  const def = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(def);
  const out = join(tmp, `${String(def.id)}.json`);
  writeFileSync(out, JSON.stringify(def));
  return readCardPool([out], () => {});
}

/** The failures of a card's plain conformance case (or its `#dies` case) in a pool. */
function failures(pool: ReturnType<typeof readCardPool>, name: string, dies = false): string[] {
  const k = conformanceCasesOf(pool.get(name), pool).find((x) => x.id.endsWith('#dies') === dies)!;
  return judgeScenario(k.scenario, k.id, pool, {}).failures;
}

describe('card conformance cases with a stated outcome', () => {
  it('the reference engine satisfies every stated outcome (text-derived or hand-written)', () => {
    const broken: string[] = [];
    let stated = 0;
    for (const c of playable()) {
      for (const k of conformanceCasesOf(c, cards)) {
        const outcome = String(k.scenario.generated?.outcome);
        if (outcome === 'engine') { expect(k.scenario.expect, k.id).toEqual({}); continue; }
        stated++;
        const j = judgeScenario(k.scenario, k.id, cards, {});
        if (j.failures.length) broken.push(`${k.id}: ${j.failures.join('; ')}`);
      }
    }
    expect(broken).toEqual([]);
    // most cards of the pool are read from their text (spec/cards/README.md gives the figures)
    expect(stated).toBeGreaterThan(playable().length / 2);
  });

  it('a card file with a changed number fails its conformance case: a Fireball dealing 5', () => {
    const pool = wrongCard('Fireball', (d) => { ((d.spell as { actions: { amount: number }[] }).actions[0]!).amount = 5; });
    const f = failures(pool, 'Fireball');
    expect(f.join('\n')).toContain('"amount":6');
    expect(failures(cards, 'Fireball')).toEqual([]);
  });

  it('a number a minion target hides shows in the case at B\'s hero, in the final state alone: a Fireball dealing 5', () => {
    // The 4/5 Yeti dies to 5 damage as to 6: a simulator that answers with a final state only shows the same board in
    // the plain case. At B's hero, 25 Health is not 24.
    const pool = wrongCard('Fireball', (d) => { ((d.spell as { actions: { amount: number }[] }).actions[0]!).amount = 5; });
    const atHero = (p: typeof cards) => conformanceCasesOf(p.get('Fireball'), p).find((x) => x.id.endsWith('#at=heroB'))!;
    expect(judgeScenario(atHero(pool).scenario, 'x', pool, {}).failures).toContain('player B: expected health 24, got 25');
    expect(judgeScenario(atHero(cards).scenario, 'x', cards, {}).failures).toEqual([]);
    // no such case for a text that cannot target a hero
    expect(conformanceCasesOf(cards.get('Assassinate'), cards).some((x) => x.id.endsWith('#at=heroB'))).toBe(false);
  });

  it('other wrong card files fail theirs: a lost keyword, the wrong side, a wrong count, a wrong Deathrattle', () => {
    // Stonetusk Boar without Charge: the text prints Charge
    expect(failures(wrongCard('Stonetusk Boar', (d) => { d.keywords = []; }), 'Stonetusk Boar').join()).toContain('expected keywords ["charge"]');
    // Flamestrike hitting every minion: the text says enemy minions
    expect(failures(wrongCard('Flamestrike', (d) => { (d.spell as { actions: { to: { player: string } }[] }).actions[0]!.to.player = 'both'; }), 'Flamestrike').join()).toContain('entity "ally"');
    // Arcane Intellect drawing 1
    expect(failures(wrongCard('Arcane Intellect', (d) => { (d.spell as { actions: { count: number }[] }).actions[0]!.count = 1; }), 'Arcane Intellect').join()).toContain('player A: expected health 29');
    // Leper Gnome's Deathrattle dealing 3: its #dies case
    expect(failures(wrongCard('Leper Gnome', (d) => { (d.deathrattle as { actions: { amount: number }[] }).actions[0]!.amount = 3; }), 'Leper Gnome', true).join()).toContain('player B: expected health 28');
  });

  it('a stated outcome comes from the text, so the same text states the same outcome whatever the behaviour says', () => {
    const fireball = cards.get('Fireball');
    const a = statedOutcome(fireball, 'played', 'foe');
    const b = statedOutcome({ ...fireball, spell: { actions: [] } } as CardDef, 'played', 'foe');
    expect(a).toEqual(b);
    expect(a.outcome).toBe('card text');
    expect(a.expect.entities?.foe).toEqual({ zone: 'graveyard' });
    expect(a.expect.count).toContainEqual({ match: { e: 'damage', target: 'foe', amount: 6 }, n: 1 });
  });

  it('reads sentences, keywords and Overload; a sentence no template reads leaves the rest stated; none read states nothing', () => {
    const t = readText('<b>Taunt</b> <b>Divine Shield</b>');
    expect(t.keywords).toEqual(['taunt', 'divine_shield']);
    expect(readText('Windfury, Overload: (2)').sentences.map((s) => s.effects)).toEqual([[{ do: 'overload', n: 2 }]]);
    expect(readText('Deal 3 damage to a character and Freeze it.').sentences[0]!.effects!.map((e) => e.do)).toEqual(['damage', 'freeze']);
    // Soulfire: "Discard a random card." is not read; its damage is stated, nothing else
    const soulfire = statedOutcome(cards.get('Soulfire'), 'played', 'foe');
    expect(soulfire.outcome).toBe('card text (partial)');
    expect(soulfire.unread).toEqual(['Discard a random card.']);
    expect(soulfire.expect).toEqual({ count: [{ match: { e: 'damage', target: 'foe', amount: 4 }, min: 1 }] });
    // a condition the set-up settles: Slam's Yeti survives 2 damage, so A draws
    const slam = statedOutcome(cards.get('Slam'), 'played', 'foe');
    expect(slam.outcome).toBe('card text');
    expect(slam.expect.players?.A).toMatchObject({ handSize: 2, deckSize: 0 });
    expect(statedOutcome(cards.get('Mortal Coil'), 'played', 'foe').expect.players?.A).toMatchObject({ handSize: 1, deckSize: 1 });
    const unread = statedOutcome({ ...cards.get('Chillwind Yeti'), text: 'Swap decks with your opponent.' }, 'played', undefined);
    expect(unread.outcome).toBe('engine');
    expect(unread.expect).toEqual({});
  });

  it('an aura, a "this turn" buff and a random pick with one candidate are stated where the set-up settles them', () => {
    expect(statedOutcome(cards.get('Raid Leader'), 'played', undefined).expect.entities?.ally).toMatchObject({ attack: 5, health: 5 });
    expect(statedOutcome(cards.get('Abusive Sergeant'), 'played', 'foe').expect.entities?.foe).toMatchObject({ attack: 4 });
    expect(statedOutcome(cards.get('Young Priestess'), 'played', undefined).expect.entities?.ally).toMatchObject({ health: 6 });
  });
});

describe('hostile card texts', () => {
  it('any text reads without an error or a long loop: what no template reads states nothing', () => {
    const yeti = cards.get('Chillwind Yeti');
    for (const text of ['Draw 99999999999999999999 cards.', 'Battlecry: Summon 99999 1/1 Whelps.', 'Deal 1e400 damage.', 'Choose One - ; or ', `${'x'.repeat(100000)}.`, '. . . ,,, ', '<b></b>$', 'Deathrattle: Deathrattle: Deal 2 damage.']) {
      for (const kind of ['played', 'dies'] as const) {
        const o = statedOutcome({ ...yeti, text }, kind, 'foe');
        if (o.outcome === 'engine') expect(o.expect).toEqual({});
      }
    }
    expect(statedOutcome({ ...yeti, text: 'Draw 99999999999999999999 cards.' }, 'played', undefined).outcome).toBe('engine');
    // a summon the board cannot hold is left unread, with nothing of it stated
    expect(statedOutcome({ ...yeti, text: 'Battlecry: Summon 99999 1/1 Whelps.' }, 'played', undefined).outcome).toBe('engine');
  });

  it("a user's card of another text does not take the built-in card's hand-written outcome", () => {
    const id = 'CS2_226';
    expect(conformanceCasesOf(cards.get(id), cards)[0]!.scenario.generated?.outcome).toBe('hand-written');
    const pool = wrongCard('Frostwolf Warlord', (d) => { d.text = 'Battlecry: Gain +2/+2 for each other friendly minion on the battlefield.'; });
    expect(conformanceCasesOf(pool.get(id), pool)[0]!.scenario.generated?.outcome).toBe('engine');
  });
});

describe('hand-written stated outcomes (spec/cards/cases)', () => {
  it('every overlay names a card of the pool, quotes its text and states a case the card has', () => {
    const overlays = cardCases();
    expect(overlays.size).toBeGreaterThan(0);
    for (const [id, o] of overlays) {
      expect(cards.has(id), o.file).toBe(true);
      expect(o.quote, o.file).toBe(cards.get(id).text);
      const ids = conformanceCasesOf(cards.get(id), cards).map((k) => k.id);
      for (const kind of Object.keys(o.cases)) expect(ids.some((k) => (kind === 'dies' ? k.endsWith('#dies') : !k.includes('#'))), `${o.file} ${kind}`).toBe(true);
    }
  });

  it('bad overlays are bad input naming the file and the JSON path', () => {
    const bad = (j: unknown) => { const f = join(tmp, 'bad.json'); writeFileSync(f, JSON.stringify(j)); return () => readCardCase(f); };
    expect(bad({ format: 'arbiter-card-case/1', card: 'CS2_029', quote: 'x', cases: { played: { assumptions: ['a'], expect: { nope: 1 } } } })).toThrow(/bad\.json: \$\.cases\.played\.expect\.nope: unknown expectation kind/);
    expect(bad({ format: 'arbiter-card-case/1', card: 'CS2_029', quote: 'x', cases: { later: {} } })).toThrow(InputError);
    expect(bad({ format: 'arbiter-card-case/1', card: 'CS2_029', quote: 'x', cases: { played: { expect: { result: 'ongoing' } } } })).toThrow(/\$\.cases\.played\.assumptions/);
    expect(bad([])).toThrow(/\$: expected an object/);
  });

  it('an overlay merges field by field into the generated expectation', () => {
    expect(mergeExpect({ entities: { foe: { zone: 'play' } }, count: [{ match: { e: 'draw' }, n: 1 }] }, { entities: { foe: { attack: 4 } }, count: [{ match: { e: 'freeze' }, n: 1 }] }))
      .toEqual({ entities: { foe: { zone: 'play', attack: 4 } }, count: [{ match: { e: 'draw' }, n: 1 }, { match: { e: 'freeze' }, n: 1 }] });
  });
});
