/** `arbiter fuzz` before the CLI wires it: `npx tsx properties/scripts/fuzz.ts [--runs N] [--seed S] [--mutant m] ...`. */
import { runFuzzCli } from '../fuzz.js';

process.exitCode = await runFuzzCli(process.argv.slice(2));
