/** The MetaStone adapter against the user's MetaStone build (METASTONE_CLASSPATH, and java), one JVM for all cases. */
import { describeAdapterContract } from '../contract-kit.js';

describeAdapterContract({
  name: 'MetaStone',
  dir: 'metastone',
  env: ['METASTONE_CLASSPATH'],
  tools: [process.env.JAVA ?? 'java'],
  mustPass: ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death', 'weapon-loses-durability-when-hero-attacks', 'weapon-loses-durability-when-hero-attacks#worn-in-set-up', 'stealth-printed-lost-when-minion-attacks', 'deaths-bite-replaced-deathrattle-resolves'],
  timeoutMs: 30_000,
});
