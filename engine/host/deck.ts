/**
 * The deck-list check (3.1): 50 main deck cards and 1 Host (3.1.1), no more than 4 of any named card (3.1.2). A Host
 * or a token is no main deck card (3.1.1, 36.3). Each error names the file and the JSON path of the offending entry.
 */
import { InputError } from '../validation.js';
import type { HostCardSetup } from './format.js';
import type { HostCardPool } from './load.js';

export const DECK_SIZE = 50;
export const MAX_COPIES = 4;

/** Check a Host and its main deck; `at` is the JSON path of the object holding `host` and `deck`. */
export function checkHostDeck(file: string, at: string, host: string | HostCardSetup | undefined, deck: readonly (string | HostCardSetup)[] | undefined, cards: HostCardPool): void {
  if (host === undefined) throw new InputError(file, `${at}.host`, 'a deck list has 1 Host (3.1.1)');
  const h = typeof host === 'string' ? host : host.card;
  if (!cards.has(h)) throw new InputError(file, `${at}.host`, `unknown host card "${h}"`);
  if (cards.get(h).type !== 'host') throw new InputError(file, `${at}.host`, `"${h}" is a ${cards.get(h).type} card, not a Host (3.1.1)`);
  if (!Array.isArray(deck)) throw new InputError(file, `${at}.deck`, `a deck list has ${DECK_SIZE} main deck cards (3.1.1)`);
  const byName = new Map<string, { n: number; first: number }>();
  let total = 0;
  deck.forEach((x, i) => {
    const c = typeof x === 'string' ? { card: x } : x;
    const path = `${at}.deck[${i}]`;
    if (!cards.has(c.card)) throw new InputError(file, path, `unknown host card "${c.card}"`);
    const card = cards.get(c.card);
    if (card.type === 'host') throw new InputError(file, path, `"${card.name}" is a Host: the main deck holds no Host (3.1.1)`);
    if (card.token) throw new InputError(file, path, `"${card.name}" is a token: tokens are created by effects, never in a deck (36.3)`);
    const copies = c.copies ?? 1;
    total += copies;
    const had = byName.get(card.name) ?? { n: 0, first: i };
    had.n += copies;
    byName.set(card.name, had);
    if (had.n > MAX_COPIES) throw new InputError(file, path, `${had.n} copies of "${card.name}" (counting from ${at}.deck[${had.first}]): no more than ${MAX_COPIES} of any named card (3.1.2)`);
  });
  if (total !== DECK_SIZE) throw new InputError(file, `${at}.deck`, `${total} main deck cards: a deck has exactly ${DECK_SIZE} (3.1.1)`);
}
