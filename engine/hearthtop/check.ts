/**
 * A Hearthtop scenario's set-up against the profile's limits (bad input, exit 2, with the JSON path): at most 5
 * minions a side (hearthtop/board-limit), 6 mana (hearthtop/mana), 20 health (hearthtop/health-cap), 5 armor
 * (hearthtop/armor), and the 52 playing cards each at most once (hearthtop/shared-deck: a card placed twice would be
 * a 53rd). Heroes are Hearthtop heroes; cards are playing card codes ("7H", "10S", "QD"; "JK" the joker in a hand).
 */
import type { CardPool } from '../state.js';
import { InputError } from '../validation.js';
import type { CardSetup, Scenario } from '../scenario/format.js';
import { isCode, hearthtopHeroes, hearthtopPool } from './cards.js';
import { HEARTHTOP } from '../profiles/hearthtop.js';
import { JOKER } from './table.js';
import { DEFAULT_HEROES } from './setup.js';

const L = HEARTHTOP.limits;

export function checkHearthtopSetup(file: string, s: Scenario, base?: CardPool): void {
  const seen = new Map<string, string>();
  const place = (x: string | CardSetup, path: string, what: 'minion' | 'weapon' | 'any' | 'hand', hero?: string) => {
    const code = typeof x === 'string' ? x : x.card;
    const at = typeof x === 'string' ? path : `${path}.card`;
    if (code === JOKER && what === 'hand') {
      if (seen.has(code)) throw new InputError(file, at, `the joker is already at ${seen.get(code)}: there is one joker (the Coin)`);
      seen.set(code, at);
      return;
    }
    if (!isCode(code)) throw new InputError(file, at, `"${code}" is not a playing card: expected a value 2-10, J, Q, K or A and a suit H, D, C or S ("7H", "10S", "QD")${what === 'hand' ? ', or "JK" (the joker)' : ''}`);
    if (seen.has(code)) throw new InputError(file, at, `card ${code} is already at ${seen.get(code)}: the deck has one of each of its 52 cards (a second ${code} would be a 53rd card)`);
    seen.set(code, at);
    const rank = code.slice(0, -1);
    const isMinion = /^\d+$/.test(rank);
    if (what === 'minion' && !isMinion) throw new InputError(file, at, `${code} is a ${rank} (a spell or weapon): the board takes cards 2-10 (hearthtop/minions)`);
    if (what === 'weapon') {
      const pool = base ? hearthtopPool(base) : undefined;
      const own = `${hero}:${rank}`;
      if (isMinion || (pool && (!pool.has(own) || pool.get(own).type !== 'weapon'))) throw new InputError(file, at, `${code} is not a weapon of hero ${hero} (its J/Q/K/A card that is a weapon)`);
    }
  };
  const int = (v: unknown, path: string, lo: number, hi: number, why: string) => {
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new InputError(file, path, `expected a whole number from ${lo} to ${hi} (${why}), got ${JSON.stringify(v)}`);
  };
  const heroes = hearthtopHeroes();
  for (const name of ['A', 'B'] as const) {
    const ps = s.setup[name];
    if (!ps) continue;
    const at = (p: string) => `$.setup.${name}${p}`;
    const hero = ps.hero ?? DEFAULT_HEROES[name];
    if (!heroes.includes(hero)) throw new InputError(file, at('.hero'), `"${hero}" is not a Hearthtop hero (expected one of ${heroes.join(', ')})`);
    if (ps.deck) throw new InputError(file, at('.deck'), 'the Hearthtop profile has one shared draw deck: list it in $.setup.deck (hearthtop/shared-deck)');
    if (ps.secrets) throw new InputError(file, at('.secrets'), 'the Hearthtop heroes defined here have no Secrets');
    if (ps.fatigue !== undefined) throw new InputError(file, at('.fatigue'), 'the Hearthtop profile has no fatigue (hearthtop/draw-empty)');
    if (s.setup.start && (ps.hand || ps.board || ps.weapon)) throw new InputError(file, at(ps.hand ? '.hand' : ps.board ? '.board' : '.weapon'), 'a new game ("start": true) deals the hands from the deck: list the cards on top of $.setup.deck instead');
    int(ps.health, at('.health'), 1, L.heroHealth, `a hero never has more than ${L.heroHealth} health, hearthtop/health-cap`);
    int(ps.armor, at('.armor'), 0, L.armor!, `at most ${L.armor} armor, hearthtop/armor`);
    int(ps.mana, at('.mana'), 0, L.mana, `at most ${L.mana} mana crystals, hearthtop/mana`);
    if ((ps.board?.length ?? 0) > L.board) throw new InputError(file, at('.board'), `${ps.board!.length} minions: at most ${L.board} a side (hearthtop/board-limit)`);
    if ((ps.hand?.length ?? 0) > L.hand) throw new InputError(file, at('.hand'), `${ps.hand!.length} cards: at most ${L.hand} (the hand is cut to ${L.hand} at each Cleanup, hearthtop/cleanup-discard)`);
    (ps.board ?? []).forEach((x, i) => {
      place(x, at(`.board[${i}]`), 'minion');
      if (typeof x !== 'string') {
        if (x.enchantments || x.buff) throw new InputError(file, at(`.board[${i}]`), 'enchantments and buffs are not set up on Hearthtop minions (their marking is not modelled in set-ups)');
        const hp = Number((/^\d+/.exec(x.card) ?? ['0'])[0]);
        const value = hp >= 6 ? hp - 5 : hp;
        int(x.damage, at(`.board[${i}].damage`), 0, value - 1, `a ${x.card} has ${value} health`);
      }
    });
    (ps.hand ?? []).forEach((x, i) => place(x, at(`.hand[${i}]`), 'hand'));
    if (ps.weapon) place(ps.weapon, at('.weapon'), 'weapon', hero);
  }
  (s.setup.deck ?? []).forEach((x, i) => place(x, `$.setup.deck[${i}]`, 'any'));
  if (s.setup.order) throw new InputError(file, '$.setup.order', 'a Hearthtop set-up takes no order of play: heroes, weapons and minions enter play in set-up order');
  if (s.allOrders) throw new InputError(file, '$.allOrders', 'a Hearthtop set-up takes no order of play: heroes, weapons and minions enter play in set-up order');
  if (s.setup.mulligan && !s.setup.start) throw new InputError(file, '$.setup.mulligan', 'a mulligan is part of a new game: set "start": true');
}
