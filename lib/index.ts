/**
 * Arbiter as a library: load cards, load and run a scenario on the reference engine, judge it, check any producer's
 * trace against the invariants, run a differential session against a simulator's adapter, and check real game logs
 * (Power.log or HSReplay XML) against the log-visible rules.
 *
 *   import { loadCardPool, loadScenario, runScenario, judgeScenario, traceJudge, checkTrace } from 'cardgame-arbiter';
 */
export { loadCardPool, readCardPool, MapCardPool } from '../engine/cards/pool.js';
export type { CardDef } from '../engine/cards/format.js';
export { loadScenario, parseScenario } from '../engine/scenario/load.js';
export type { Scenario, Expect } from '../engine/scenario/format.js';
export { runScenario, type RunResult } from '../engine/scenario/run.js';
export { judgeScenario, type Judgement } from '../engine/scenario/judge.js';
export type { TraceRecord, Fidelity } from '../engine/trace/format.js';
export type { Violation } from '../engine/trace/violation.js';
export { checkTrace, traceJudge, INVARIANTS } from '../properties/invariants/index.js';
export { runDifferential, readResults, type CaseResult, type Case, type RunOptions } from '../differential/runner.js';
export { goldenCases } from '../differential/cases.js';
export { generatedCases } from '../differential/generated.js';
export { judgeTrace } from '../differential/judge.js';
export { writeReports } from '../reports/write.js';
export { InputError } from '../engine/validation.js';
export { checkLogs, formatReport as formatLogReport, exitCodeFor as logExitCode, type Report as LogCheckReport } from '../powerlog/check-log.js';
export { parsePowerLogText } from '../powerlog/parser.js';
export { parseHsReplayText } from '../powerlog/hsreplay/read.js';
export { powerLogToHsReplay } from '../powerlog/hsreplay/write.js';
