/** Print generator coverage: `npx tsx properties/scripts/coverage.ts [runs] [seed]`. */
import { measureCoverage, coverageTable } from '../coverage.js';

const runs = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 1);
process.stdout.write(coverageTable(measureCoverage({ runs, seed })) + '\n');
