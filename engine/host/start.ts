/**
 * Game set-up (9.1), for a scenario with `"start": "game"`: each deck shuffled (9.1.2), a roll of 2 D6 a player for
 * who decides to go first (9.1.3, 9.1.4; ties rolled again), the winner's choice (9.1.5), 5 cards drawn (9.1.6), each
 * player's mulligan (9.1.7: cards to the bottom of the deck, as many drawn, the deck shuffled unless none went back),
 * then the Hosts flipped face up and turn 1 begins with the first player's Start Phase (9.1.8). The choices come from
 * the script (`goFirst`, `mulligan`); the rolls and shuffles from the game's seeded random stream.
 */
import { draw, moveTo } from './actions.js';
import { HostIllegal } from './cards.js';
import { SIDES, ent, other, type HostGame, type PlayerIndex } from './state.js';
import { enterPhase } from './turn.js';
import { turnFaceUp } from './visibility.js';

export interface SetupStep { step: 'choose' | 'mulligan'; player: PlayerIndex; done: PlayerIndex[] }

function shuffleDeck(g: HostGame, p: PlayerIndex, rule: string): void {
  const pl = g.s.players[p];
  pl.deck = g.random.shuffle(pl.deck);
  g.trace.event({ e: 'deck_shuffle', deck: [...pl.deck], rule });
}

/** 9.1.1-9.1.4: the decks are in place and the Hosts face down (setup.ts); shuffle, then roll for the choice. */
export function beginGame(g: HostGame): void {
  for (const p of [0, 1] as PlayerIndex[]) shuffleDeck(g, p, 'host/9.1.2');
  for (let round = 0; round < 1000; round++) {
    const totals = ([0, 1] as PlayerIndex[]).map((p) => {
      let sum = 0;
      for (const die of [1, 2]) {
        const what = `set-up roll ${SIDES[p]} die ${die}`;
        const { pick } = g.random.int(1, 6, what);
        g.trace.event({ e: 'random', kind: 'int', what, options: [1, 2, 3, 4, 5, 6], pick });
        sum += pick;
      }
      return sum;
    });
    // 9.1.4: the high roll wins; assumption (host-roll-tie): a tie is rolled again.
    if (totals[0] !== totals[1]) {
      g.s.setup = { step: 'choose', player: totals[0]! > totals[1]! ? 0 : 1, done: [] };
      return;
    }
  }
  throw new Error('internal: 1000 tied set-up rolls');
}

/** 9.1.5, 9.1.6: the winner of the roll goes first or second; then each player draws 5 cards, the first player first. */
export function chooseFirst(g: HostGame, player: PlayerIndex, goFirst: boolean): void {
  const first = goFirst ? player : other(player);
  g.s.first = first;
  g.s.active = first;
  g.trace.event({ e: 'priority', player, action: 'act', rule: 'host/9.1.5' });
  for (const p of [first, other(first)]) draw(g, p, 5);
  g.s.setup = { step: 'mulligan', player: first, done: [] };
}

/**
 * 9.1.7: the player puts the named cards of their hand on the bottom of the deck (in the order named), draws as many,
 * then shuffles the deck, unless no card went back (9.1.7.1). A card is named by its label, or by its card name or
 * id (any card of that name in the hand not named already). Assumption (host-mulligan-order): the first player
 * decides first, then the second (32.8: the turn player acts first when both may).
 */
export function mulligan(g: HostGame, player: PlayerIndex, names: readonly (number | string)[]): void {
  const pl = g.s.players[player];
  const chosen: number[] = [];
  for (const n of names) {
    const id = typeof n === 'number' ? (pl.hand.includes(n) && !chosen.includes(n) ? n : undefined)
      : pl.hand.find((h) => !chosen.includes(h) && [ent(g, h).card.id, ent(g, h).card.name.toLowerCase()].includes(n.toLowerCase()));
    if (id === undefined) throw new HostIllegal(`${typeof n === 'number' ? `#${n}` : `"${n}"`} is not a card in ${SIDES[player]}'s hand (or is named twice)`, 'host/9.1.7');
    chosen.push(id);
  }
  g.trace.event({ e: 'priority', player, action: 'act', rule: 'host/9.1.7' });
  for (const id of chosen) {
    moveTo(g, ent(g, id), 'deck');
    if (g.mutants.has('host-mulligan-on-top')) pl.deck.unshift(pl.deck.pop()!);
  }
  if (chosen.length) {
    draw(g, player, chosen.length);
    shuffleDeck(g, player, 'host/9.1.7');
  }
  const s = g.s.setup!;
  s.done.push(player);
  if (s.done.length < 2) { s.player = other(player); return; }
  // 9.1.8: the Hosts are flipped face up; the game begins.
  g.s.setup = null;
  for (const p of [0, 1] as PlayerIndex[]) turnFaceUp(g, ent(g, g.s.players[p].host), 'host/9.1.8');
  g.s.turn = 1;
  enterPhase(g, 'start');
}
