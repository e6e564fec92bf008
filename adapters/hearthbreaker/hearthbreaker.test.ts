/** The HearthBreaker adapter against the user's HearthBreaker (HEARTHBREAKER_HOME): the adapter contract kit. */
import { describeAdapterContract } from '../contract-kit.js';

describeAdapterContract({
  name: 'HearthBreaker',
  dir: 'hearthbreaker',
  env: ['HEARTHBREAKER_HOME'],
  // the board, damage (a weapon's lost Durability too), order of play and both players' actions map faithfully where
  // HearthBreaker follows the rules
  mustPass: ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death', 'sylvanas-trade-oldest-first', 'weapon-loses-durability-when-hero-attacks', 'weapon-loses-durability-when-hero-attacks#worn-in-set-up', 'stealth-printed-lost-when-minion-attacks', 'deaths-bite-replaced-deathrattle-resolves'],
});
