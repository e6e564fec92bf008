/**
 * Build spec/schema/*.json from the TypeScript types of the contract (`npm run schemas`): the types, with their JSDoc
 * (`@minimum`, `@pattern`, `@description`, ...), are the one source; the schemas are generated from them and
 * committed. `spec/schema.test.ts` regenerates every schema in memory and fails when a committed one is stale.
 *
 * ts-json-schema-generator turns each root type into a draft-07 schema; `schema-post.ts` then says in JSON Schema
 * what the generator cannot: a union keyed on one property becomes an if/then dispatch (the loaders' error messages
 * name the branch that was meant), integers are integers, and the keys come out in one fixed order.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator, createProgram, DEFAULT_CONFIG, type Config } from 'ts-json-schema-generator';
import { branchSources, postProcess, serialize, type SchemaEntry } from './schema-post.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every generated schema: its file in spec/schema, the source file and root type, and the title it carries. */
export const SCHEMAS: SchemaEntry[] = [
  {
    file: 'adapter-request.schema.json',
    source: 'differential/protocol-format.ts',
    type: 'AdapterRequest',
    title: 'Arbiter adapter protocol: a message Arbiter sends (arbiter-adapter/1)',
    open: true,
  },
  {
    file: 'adapter-response.schema.json',
    source: 'differential/protocol-format.ts',
    type: 'AdapterResponse',
    title: 'Arbiter adapter protocol: a message an adapter sends (arbiter-adapter/1)',
    open: true,
  },
  {
    file: 'scenario.schema.json',
    source: 'engine/scenario/format.ts',
    type: 'Scenario',
    title: 'Arbiter scenario (arbiter-scenario/1)',
    id: 'https://arbiter.dev/schema/scenario.schema.json',
  },
  { file: 'trace.schema.json', source: 'engine/trace/format.ts', type: 'Trace', title: 'Arbiter trace (arbiter-trace/1)', open: true },
  // no $id: jsonschema then names the root schema itself in an error at the root, with its description
  { file: 'card.schema.json', source: 'engine/cards/format.ts', type: 'CardDef', title: 'Arbiter card (arbiter-card/1)', requiredFirst: true },
  { file: 'host-card.schema.json', source: 'engine/host/format.ts', type: 'HostCard', title: 'Host WCG card (engine/host/format.ts HostCard)' },
  { file: 'host-scenario.schema.json', source: 'engine/host/format.ts', type: 'HostScenario', title: "Host WCG scenario (engine/host/format.ts HostScenario): a game set up mid-turn, each player's decisions in the order the game asks for them, and the expected outcome" },
];

const BASE: Config = {
  ...DEFAULT_CONFIG,
  tsconfig: join(ROOT, 'tsconfig.json'),
  skipTypeCheck: true,
  additionalProperties: false,
  topRef: false,
  expose: 'export',
  jsDoc: 'basic',
  sortProps: false,
  encodeRefs: false,
  extraTags: ['fractional', 'additionalProperties', 'keyDescription', 'dispatch', 'dispatchNames', 'keyEnumLast', 'branchDescription', 'branchesFrom', 'definitionName', 'dispatchSteps', 'dispatchEnd', 'describesBranch', 'asEnum'],
};

/** The schemas (file name and text), built from one TypeScript program over every source file. */
export function generateSchemas(entries: SchemaEntry[] = SCHEMAS): { file: string; text: string }[] {
  const sources = [...new Set(entries.map((e) => join(ROOT, e.source)))];
  const path = sources.length === 1 ? sources[0]! : `{${sources.join(',')}}`;
  const program = createProgram({ ...DEFAULT_CONFIG, ...BASE, path });
  return entries.map((e) => {
    const generator = createGenerator({ ...BASE, path: join(ROOT, e.source), type: e.type, tsProgram: program, additionalProperties: !!e.open });
    const raw = generator.createSchema(e.type) as Record<string, unknown>;
    const members: Record<string, Record<string, unknown>> = {};
    for (const t of branchSources(raw)) Object.assign(members, (generator.createSchema(t) as { definitions?: Record<string, Record<string, unknown>> }).definitions);
    return { file: e.file, text: serialize(postProcess(raw, e, members)) };
  });
}

function main(): void {
  for (const { file, text } of generateSchemas()) {
    const out = join(ROOT, 'spec', 'schema', file);
    writeFileSync(out, text);
    console.log(`wrote ${relative(ROOT, out)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
