/** The MetaStone adapter against the user's MetaStone build (METASTONE_CLASSPATH, and java), one JVM for all cases. */
import { describeAdapterContract } from '../contract-kit.js';

describeAdapterContract({
  name: 'MetaStone',
  dir: 'metastone',
  env: ['METASTONE_CLASSPATH'],
  tools: [process.env.JAVA ?? 'java'],
  mustPass: ['attack-sequence-preparation-and-combat', 'cult-master-simultaneous-death'],
  timeoutMs: 30_000,
});
