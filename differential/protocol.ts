/** The adapter protocol's messages (spec/protocol.md), checked with spec/schema/adapter-response.schema.json. */
import { InputError, validate } from '../engine/validation.js';
import type { Fidelity, TraceRecord } from '../engine/trace/format.js';
import type { Forced } from '../engine/random.js';

export const PROTOCOL = 'arbiter-adapter/1';

export interface ComparablePlayer {
  hero: { health: number; armor?: number };
  board: { card: string; attack: number; health: number; label?: string }[];
  hand: string[];
  deckSize?: number;
  secrets?: string[];
  weapon?: string | null;
}

export interface ComparableState {
  result: 'ongoing' | 'draw' | 'A_wins' | 'B_wins';
  players: [ComparablePlayer, ComparablePlayer];
}

export interface Hello {
  type: 'hello';
  protocol: string;
  name: string;
  version: string;
  profile: string;
  fidelity: Fidelity;
  cards: '*' | string[];
  /** What the simulator can do, for generated cases (all true when absent). */
  capabilities?: { heroPower?: boolean; weapons?: boolean; secrets?: boolean; orderedDeck?: boolean };
}

export type Response =
  | Hello
  | { type: 'result'; case: string; final: ComparableState; trace?: TraceRecord[]; random?: Forced[] }
  | { type: 'unsupported'; case: string; reason: string }
  | { type: 'error'; case?: string; message: string };

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
