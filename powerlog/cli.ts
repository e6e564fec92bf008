/**
 * `arbiter check-log <file|dir>...`: the command's help text and its run from parsed options (the options are
 * parsed with the other commands' in cli/extra-commands.ts).
 *
 * Exit codes: 0 all logs parsed and no violation (or --allow-violations); 1 violations found; 2 bad input (a file that
 * is missing, empty, binary or not a Power.log, no input at all, or a usage error). Bad input wins over violations.
 */
import { appendFileSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { ALL_RULES, checkLogs, exitCodeFor, formatReport, reportToJson, type RuleId } from './check-log.js';
import { traceToJsonl, type TraceRecord } from '../engine/trace/format.js';

export const CHECK_LOG_HELP = `Usage: arbiter check-log [options] <file|dir>...

Check Hearthstone Power.log files, or HSReplay XML files (python-hsreplay, hsreplay.net; read as the Power.log
lines they were written from), against the rulebook's log-visible invariants:
  rule 3  a minion or hero goes to the graveyard only inside a DEATHS block (no death in the middle of a Phase)
  rule 7  within one DEATHS block, minions and heroes die in order of play (oldest first)
  rule 9  a game is won/lost/tied only when no block is open, or between an attack's preparation and combat

A directory means every file in it (README, LICENSE and *.md are skipped). Power.logs are streamed game by game;
a file that starts as XML is read as HSReplay, whole.

Options:
  --json               print the report as JSON
  --allow-violations   exit 0 even when violations are found (bad input still exits 2)
  --rules <list>       rules to check, comma-separated (default 3,7,9)
  --max-violations <n> violations listed per game (default 50; counts stay exact)
  --warnings           list every parser warning (default: first 3 per file)
  --no-table           omit the per-file table
  --trace-out <file>   also write the traces as arbiter-trace/1 JSON lines (one meta record starts each game)
  -h, --help           show this help

Exit codes: 0 ok, 1 violations found, 2 bad input (missing, empty, binary, not a Power.log, XML that is
not well-formed HSReplay) or usage error.`;

export interface CheckLogOptions {
  paths: string[];
  json?: boolean;
  allowViolations?: boolean;
  rules?: RuleId[];
  maxViolations?: number;
  warnings?: boolean;
  table?: boolean;
  traceOut?: string;
}

/** The rules of a `--rules` list ("3,7"), or an error message. */
export function parseRules(v: string): RuleId[] | string {
  // `--rules --json`: the option took the next option as its value
  if (v.startsWith('-')) return `needs a comma-separated list of rules (${ALL_RULES.join(', ')}), but the next word is the option "${v}"`;
  const rules = v.split(',').map((x) => x.trim().replace(/^rule/i, '')).filter(Boolean);
  const bad = rules.filter((r) => !(ALL_RULES as readonly string[]).includes(r));
  if (bad.length || !rules.length) return `unknown rule(s) ${bad.join(', ') || '(none)'}; known: ${ALL_RULES.join(', ')}`;
  return rules as RuleId[];
}

/**
 * The input the --trace-out file would overwrite or be read as: one of the logs given (the same file, by path or by
 * inode: a link), or a file inside a folder given (whose files are all read as logs). Null when it is none.
 */
function traceOutInput(file: string, inputs: readonly string[]): string | null {
  const target = resolve(file);
  const id = existsSync(target) ? statSync(target) : null;
  for (const input of inputs) {
    const at = resolve(input);
    let st: ReturnType<typeof statSync> | null = null;
    try { st = statSync(at); } catch { continue; /* a missing input is reported by the check itself */ }
    if (st.isDirectory()) {
      const rel = relative(at, target);
      if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return input;
    } else if (at === target || (id && id.ino === st.ino && id.dev === st.dev)) return input;
  }
  return null;
}

/** Why the --trace-out file cannot be written (after emptying it when it can), or null. */
function traceOutProblem(file: string, inputs: readonly string[]): string | null {
  const input = traceOutInput(file, inputs);
  if (input !== null) return `--trace-out would overwrite a log being checked (${input}): give a path outside the logs and folders checked`;
  try {
    if (existsSync(file) && statSync(file).isDirectory()) return '--trace-out is a folder: give the path of a file to write the traces to (JSON lines)';
    writeFileSync(file, '');
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'its folder does not exist' : code === 'EACCES' || code === 'EPERM' ? 'no permission to write it' : code ?? String(e);
    return `cannot write the --trace-out file (${why})`;
  }
}

/** Run `check-log` with parsed options (the CLI parses them: cli/extra-commands.ts); returns the exit code. */
export async function checkLogCommand(p: CheckLogOptions, io: { out?: (s: string) => void; err?: (s: string) => void } = {}): Promise<number> {
  const out = io.out ?? ((s: string) => process.stdout.write(s + '\n'));
  const err = io.err ?? ((s: string) => process.stderr.write(s + '\n'));
  if (!p.paths.length) {
    err('arbiter: check-log: no log file or directory given (run with --help for usage)');
    return 2;
  }
  const traceOut = p.traceOut;
  if (traceOut) {
    // The --trace-out file is made (emptied) before any log is read, so a path it cannot be is told at once.
    const problem = traceOutProblem(traceOut, p.paths);
    if (problem) {
      err(`arbiter: ${traceOut}: $: ${problem}`);
      return 2;
    }
  }
  try {
    // Written game by game so memory stays bounded.
    const report = await checkLogs(p.paths, {
      rules: p.rules ?? [...ALL_RULES],
      maxViolationsPerGame: p.maxViolations ?? 50,
      ...(traceOut ? { onTrace: (_f: string, _g: number, records: readonly TraceRecord[]) => appendFileSync(traceOut, traceToJsonl(records)) } : {}),
    });
    if (p.json) out(reportToJson(report));
    else out(formatReport(report, { warnings: p.warnings ?? false, table: p.table ?? true }));
    return exitCodeFor(report, p.allowViolations ?? false);
  } catch (e) {
    // checkLogs never throws for bad logs; this is an I/O failure (e.g. --trace-out not writable).
    err(`arbiter: check-log: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}
