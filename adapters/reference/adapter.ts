/**
 * The reference engine as an adapter (spec/protocol.md): proves the protocol end to end. With mutants switched on it
 * is a "mutant adapter" (a simulator with known rule bugs); `--demo` is the bundled demo simulator.
 */
import { createInterface } from 'node:readline';
import { loadCardPool } from '../../engine/cards/pool.js';
import { parseScenario } from '../../engine/scenario/load.js';
import { runScenario } from '../../engine/scenario/run.js';
import { entity } from '../../engine/state.js';
import type { MutantName } from '../../engine/mutants.js';
import { InputError } from '../../engine/validation.js';
import { comparableFromGame } from '../../differential/compare.js';
import { randomChoices } from '../../engine/scenario/outcomes.js';
import { PROTOCOL, readRequest } from '../../differential/protocol.js';

export { DEMO_MUTANTS } from './demo-mutants.js';

export async function serveAdapter(opts: { mutants: MutantName[]; name: string; cards?: string[] }): Promise<void> {
  const cards = loadCardPool(opts.cards ?? []);
  const write = (o: unknown) => process.stdout.write(JSON.stringify(o) + '\n');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    const msg = readRequest(line);
    if (typeof msg === 'string') {
      write({ type: 'error', message: msg });
      continue;
    }
    if (msg.type === 'hello') {
      write({ type: 'hello', protocol: PROTOCOL, name: opts.name, version: '0.1.0', profile: 'hearthstone', fidelity: 'phases', cards: '*' });
    } else if (msg.type === 'run') {
      const id = String(msg.case);
      try {
        const s = parseScenario(`case ${id}`, msg.scenario, cards);
        const r = runScenario(s, `case ${id}`, { cards, mutants: opts.mutants });
        const labelOf = (eid: number) => entity(r.g, eid).label;
        write({ type: 'result', case: id, final: comparableFromGame(r.g), trace: r.trace, random: randomChoices(r.trace, labelOf) });
      } catch (e) {
        // An action the engine refuses is not a case this simulator cannot express: it is its answer to the case, an
        // error the run counts (a legal action refused by a broken engine, --mutant), not UNSUPPORTED.
        if (e instanceof InputError && /^\$\.actions\[\d+\]$/.test(e.path) && e.detail.startsWith('illegal action')) write({ type: 'error', case: id, message: `refused action ${e.path.slice(2)}: ${e.detail.replace(/ \(mark it "illegal".*\)$/, '')}`, action: Number(/\d+/.exec(e.path)![0]) });
        else if (e instanceof InputError) write({ type: 'unsupported', case: id, reason: e.message });
        else write({ type: 'error', case: id, message: (e as Error).message });
      }
    } else if (msg.type === 'bye') {
      break;
    }
  }
  // bye: exit now (spec/protocol.md "End"); leaving the loop does not let go of stdin, which kept the process up
  // until Arbiter killed it 2 s later
  process.stdin.destroy();
}
