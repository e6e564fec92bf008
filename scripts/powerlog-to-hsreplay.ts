/**
 * Convert a Power.log to HSReplay XML (powerlog/hsreplay/write.ts): `npx tsx scripts/powerlog-to-hsreplay.ts <Power.log> [out.xml]`
 * (stdout without out.xml). Tags or values the enum tables lack are listed on stderr and left out.
 * powerlog/fixtures/hsreplay/ was made with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { powerLogToHsReplay } from '../powerlog/hsreplay/write.js';

const [input, output] = process.argv.slice(2);
if (!input) {
  process.stderr.write('usage: npx tsx scripts/powerlog-to-hsreplay.ts <Power.log> [out.xml]\n');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(input, 'utf8');
} catch (e) {
  process.stderr.write(`${input}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
  process.exit(2);
}
const doc = powerLogToHsReplay(text);
for (const w of doc.warnings) process.stderr.write(`${input}: ${w}\n`);
if (output) writeFileSync(output, doc.xml);
else process.stdout.write(doc.xml);
process.stderr.write(`${input}: ${doc.games} game(s)\n`);
