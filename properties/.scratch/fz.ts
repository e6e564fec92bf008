import { runFuzzCli } from '../fuzz.js';
process.exitCode = await runFuzzCli(process.argv.slice(2));
