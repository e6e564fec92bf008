/** The Fireplace adapter against the user's Fireplace (FIREPLACE_HOME, PYTHON_HEARTHSTONE_HOME, ARBITER_CARDDEFS). */
import { describeAdapterContract } from '../contract-kit.js';

describeAdapterContract({
  name: 'Fireplace',
  dir: 'fireplace',
  env: ['FIREPLACE_HOME', 'PYTHON_HEARTHSTONE_HOME', 'ARBITER_CARDDEFS'],
  mustPass: ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death', 'sylvanas-trade-oldest-first', 'weapon-loses-durability-when-hero-attacks', 'weapon-loses-durability-when-hero-attacks#worn-in-set-up', 'stealth-printed-lost-when-minion-attacks', 'deaths-bite-replaced-deathrattle-resolves'],
});
