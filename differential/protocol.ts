/** The adapter protocol's messages (spec/protocol.md), checked with spec/schema/adapter-response.schema.json. */
import { InputError, validate } from '../engine/validation.js';
import type { TraceRecord } from '../engine/trace/format.js';
import type { AdapterResponse, ComparableState, ResultMessage } from './protocol-format.js';

export const PROTOCOL = 'arbiter-adapter/1';

export type { ComparablePlayer, ComparableState, Hello } from './protocol-format.js';

/**
 * A message from an adapter, as the differential runner reads it once it fits the protocol: a result's `final` is a
 * Hearthstone game's comparable state (a Host game's final state is read by differential/host-runner.ts).
 */
export type Response = Exclude<AdapterResponse, ResultMessage> | (Omit<ResultMessage, 'final' | 'trace'> & { final: ComparableState; trace?: TraceRecord[] });

/** Parse one line from an adapter; returns the message or a description of what is wrong with it. */
export function parseResponse(line: string): { ok: true; msg: Response } | { ok: false; why: string } {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return { ok: false, why: `not JSON: ${JSON.stringify(line.slice(0, 120))}` };
  }
  try {
    validate('message', data, 'adapter-response.schema.json');
  } catch (e) {
    if (e instanceof InputError) {
      const t = data && typeof data === 'object' && 'type' in data ? String((data as { type: unknown }).type) : '?';
      return { ok: false, why: `message of type "${t}" does not fit the protocol (spec/protocol.md): ${e.message.slice('message: '.length)}` };
    }
    throw e;
  }
  return { ok: true, msg: data as Response };
}

/** A request of the runner (spec/protocol.md): hello, run or bye. */
export interface Request { type?: string; case?: string; scenario?: unknown }

/** A request line read, or why it is none (an adapter answers that with an `error` and goes on). */
export function readRequest(line: string): Request | string {
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return 'request is not JSON';
  }
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) return 'request is not a JSON object (spec/protocol.md: {"type": "hello" | "run" | "bye", ...})';
  return msg as Request;
}
