/**
 * The Host kernel as an adapter (spec/protocol.md, profile "host"): proves the protocol end to end for Host games.
 * With host mutants switched on it is a mutant Host adapter (a simulator with known rule bugs).
 */
import { createInterface } from 'node:readline';
import { loadHostCards, parseHostScenario } from '../../engine/host/load.js';
import { runHostScenario } from '../../engine/host/run.js';
import type { HostMutant } from '../../engine/host/mutants.js';
import { InputError } from '../../engine/validation.js';
import { PROTOCOL, readRequest } from '../../differential/protocol.js';

export async function serveHostAdapter(opts: { mutants: HostMutant[]; name: string; hostCards?: string[] }): Promise<void> {
  const cards = loadHostCards(opts.hostCards ?? []);
  const write = (o: unknown) => process.stdout.write(JSON.stringify(o) + '\n');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    const msg = readRequest(line);
    if (typeof msg === 'string') { write({ type: 'error', message: msg }); continue; }
    if (msg.type === 'hello') write({ type: 'hello', protocol: PROTOCOL, name: opts.name, version: '0.1.0', profile: 'host', fidelity: 'phases', cards: '*' });
    else if (msg.type === 'run') {
      const id = String(msg.case);
      try {
        const s = parseHostScenario(`case ${id}`, msg.scenario, cards);
        const r = runHostScenario(s, `case ${id}`, { cards, mutants: opts.mutants });
        write({ type: 'result', case: id, final: r.final, trace: r.trace });
      } catch (e) {
        if (e instanceof InputError) write({ type: 'unsupported', case: id, reason: e.message });
        else write({ type: 'error', case: id, message: (e as Error).message });
      }
    } else if (msg.type === 'bye') break;
  }
  // bye: exit now (spec/protocol.md "End"); leaving the loop does not let go of stdin, which kept the process up
  // until Arbiter killed it 2 s later
  process.stdin.destroy();
}
