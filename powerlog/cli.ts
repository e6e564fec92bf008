/**
 * CLI for `arbiter check-log <file|dir>...` (wired by the lead into cli/main.ts: `runCheckLog(argv)` returns the exit
 * code). Runs on its own too: `npx tsx powerlog/cli.ts <file|dir>...`.
 *
 * Exit codes: 0 all logs parsed and no violation (or --allow-violations); 1 violations found; 2 bad input (a file that
 * is missing, empty, binary or not a Power.log, no input at all, or a usage error). Bad input wins over violations.
 */
import { pathToFileURL } from 'node:url';
import { appendFileSync, writeFileSync } from 'node:fs';
import { ALL_RULES, checkLogs, exitCodeFor, formatReport, reportToJson, type RuleId } from './check-log.js';
import { traceToJsonl, type TraceRecord } from '../engine/trace/format.js';

export const CHECK_LOG_HELP = `Usage: arbiter check-log [options] <file|dir>...

Check Hearthstone Power.log files against the rulebook's log-visible invariants:
  rule 3  a minion or hero goes to the graveyard only inside a DEATHS block (no death in the middle of a Phase)
  rule 7  within one DEATHS block, minions and heroes die in order of play (oldest first)
  rule 9  a game is won/lost/tied only when no block is open, or between an attack's preparation and combat

A directory means every file in it (README, LICENSE and *.md are skipped). Files are streamed game by game.

Options:
  --json               print the report as JSON
  --allow-violations   exit 0 even when violations are found (bad input still exits 2)
  --rules <list>       rules to check, comma-separated (default 3,7,9)
  --max-violations <n> violations listed per game (default 50; counts stay exact)
  --warnings           list every parser warning (default: first 3 per file)
  --no-table           omit the per-file table
  --trace-out <file>   also write the traces as arbiter-trace/1 JSON lines (one meta record starts each game)
  -h, --help           show this help

Exit codes: 0 ok, 1 violations found, 2 bad input (missing, empty, binary, not a Power.log) or usage error.`;

interface Parsed {
  paths: string[];
  json: boolean;
  allowViolations: boolean;
  rules: RuleId[];
  maxViolations: number;
  warnings: boolean;
  table: boolean;
  traceOut?: string;
  help: boolean;
}

function parseArgs(argv: readonly string[]): Parsed | string {
  const p: Parsed = { paths: [], json: false, allowViolations: false, rules: [...ALL_RULES], maxViolations: 50, warnings: false, table: true, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => {
      const eq = a.indexOf('=');
      if (eq > 0) return a.slice(eq + 1);
      return argv[++i];
    };
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    switch (name) {
      case '-h': case '--help': p.help = true; break;
      case '--json': p.json = true; break;
      case '--allow-violations': p.allowViolations = true; break;
      case '--warnings': p.warnings = true; break;
      case '--no-table': p.table = false; break;
      case '--rules': {
        const v = value();
        if (!v) return '--rules needs a list, e.g. --rules 3,7';
        const rules = v.split(',').map((x) => x.trim().replace(/^rule/i, '')).filter(Boolean);
        const bad = rules.filter((r) => !(ALL_RULES as readonly string[]).includes(r));
        if (bad.length || !rules.length) return `unknown rule(s) ${bad.join(', ') || '(none)'}; known: ${ALL_RULES.join(', ')}`;
        p.rules = rules as RuleId[];
        break;
      }
      case '--max-violations': {
        const v = Number(value());
        if (!Number.isInteger(v) || v < 0) return '--max-violations needs a whole number';
        p.maxViolations = v;
        break;
      }
      case '--trace-out': {
        const v = value();
        if (!v) return '--trace-out needs a file name';
        p.traceOut = v;
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') return `unknown option ${a}`;
        p.paths.push(a);
    }
  }
  return p;
}

/** Run `check-log` with the arguments after the command name; returns the exit code. */
export async function runCheckLog(argv: readonly string[], io: { out?: (s: string) => void; err?: (s: string) => void } = {}): Promise<number> {
  const out = io.out ?? ((s: string) => process.stdout.write(s + '\n'));
  const err = io.err ?? ((s: string) => process.stderr.write(s + '\n'));
  const p = parseArgs(argv);
  if (typeof p === 'string') {
    err(`arbiter check-log: ${p}`);
    err('Try --help.');
    return 2;
  }
  if (p.help) {
    out(CHECK_LOG_HELP);
    return 0;
  }
  if (!p.paths.length) {
    err('arbiter check-log: no log file or directory given. Try --help.');
    return 2;
  }
  try {
    const traceOut = p.traceOut;
    // Written game by game so memory stays bounded.
    if (traceOut) writeFileSync(traceOut, '');
    const report = await checkLogs(p.paths, {
      rules: p.rules,
      maxViolationsPerGame: p.maxViolations,
      ...(traceOut ? { onTrace: (_f: string, _g: number, records: readonly TraceRecord[]) => appendFileSync(traceOut, traceToJsonl(records)) } : {}),
    });
    if (p.json) out(reportToJson(report));
    else out(formatReport(report, { warnings: p.warnings, table: p.table }));
    return exitCodeFor(report, p.allowViolations);
  } catch (e) {
    // checkLogs never throws for bad logs; this is an I/O failure (e.g. --trace-out not writable).
    err(`arbiter check-log: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCheckLog(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
