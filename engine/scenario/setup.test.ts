/**
 * Errors of a set-up the engine cannot build name the JSON path of the entry at fault (the paths are built only when
 * an error is raised, so each place is checked here).
 */
import { describe, expect, it } from 'vitest';
import { loadCardPool } from '../cards/pool.js';
import { InputError } from '../validation.js';
import { buildGame } from './setup.js';
import { startRun } from './run.js';
import type { Scenario, Setup } from './format.js';

const cards = loadCardPool();
const scenario = (setup: Setup): Scenario => ({ id: 'setup-errors', title: 't', rules: ['1'], setup, actions: [] }) as unknown as Scenario;
function errorOf(setup: Setup): string {
  try {
    buildGame(scenario(setup), 'x.json', { cards });
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  return 'no error';
}

describe('set-up errors name the JSON path', () => {
  it.each([
    ['hero', { A: { hero: 'No Such Hero' } }, '$.setup.A.hero: unknown card "No Such Hero"'],
    ['weapon', { B: { weapon: 'No Such Axe' } }, '$.setup.B.weapon.card: unknown card "No Such Axe"'],
    ['board card', { A: { board: ['Chillwind Yeti', 'No Such Yeti'] } }, '$.setup.A.board[1].card: unknown card "No Such Yeti"'],
    ['board type', { B: { board: ['Fireball'] } }, '$.setup.B.board[0].card: "Fireball" is a spell, expected a minion'],
    ['enchantment', { A: { board: [{ card: 'Chillwind Yeti', enchantments: ['Chillwind Yeti'] }] } }, '$.setup.A.board[0].enchantments[0]: "Chillwind Yeti" is a minion, expected an enchantment card'],
    ['hand', { B: { hand: ['Fireball', 'No Such Spell'] } }, '$.setup.B.hand[1].card: unknown card "No Such Spell"'],
    ['deck', { A: { deck: ['No Such Card'] } }, '$.setup.A.deck[0].card: unknown card "No Such Card"'],
    ['secret', { A: { secrets: ['Fireball'] } }, '$.setup.A.secrets[0].card: "Fireball" is not a Secret'],
    ['label twice', { A: { board: [{ card: 'Chillwind Yeti', label: 'y' }], hand: [{ card: 'Fireball', label: 'y' }] } }, '$.setup.A.hand[0].label: label "y" is used twice'],
    ['hero label twice', { A: { heroLabel: 'h' }, B: { heroLabel: 'h' } }, '$.setup.B.heroLabel: label "h" is used twice'],
  ] as [string, Setup, string][])('%s', (_what, setup, message) => {
    expect(errorOf(setup)).toContain(message);
  });
});

describe('a minion set up in play is alive once the set-up\'s auras apply', () => {
  const run = (setup: Setup) => {
    try {
      startRun(scenario(setup), 'x.json', { cards });
      return 'no error';
    } catch (e) {
      if (e instanceof InputError) return e.message;
      throw e;
    }
  };
  it('damage or a buff that leaves it at 0 Health or less is bad input at its path', () => {
    expect(run({ A: { board: ['Wisp', { card: 'Cult Master', damage: 2 }] } })).toBe('x.json: $.setup.A.board[1].damage: Cult Master is set up with 0 Health (maximum 2, 2 damage): a minion in play has at least 1 Health; less damage, or no minion');
    expect(run({ B: { board: [{ card: 'Chillwind Yeti', buff: { health: -5 } }] } })).toMatch(/^x\.json: \$\.setup\.B\.board\[0\]\.buff: Chillwind Yeti is set up with 0 Health/);
  });
  it('an aura of the set-up that keeps it alive counts (Stormwind Champion\'s +1 Health)', () => {
    expect(run({ A: { board: ['Stormwind Champion', { card: 'Chillwind Yeti', damage: 5 }] } })).toBe('no error');
  });
});
