/**
 * The state a walk of a trace rebuilds (walk.ts), record by record: the open blocks (a stack, with paths for
 * messages), the queues, and each entity's zone, controller, order of play, last known Health and destroy mark. Only
 * trace records are read, so any producer's trace can be walked.
 *
 * Health is known only from the records that state it (damage, heal, stats). An enchantment attached or removed
 * (enchant / unenchant) may change Health without saying so, so the Health of its target becomes unknown again;
 * a minion that changes zone or is summoned starts unknown. Checks that need Health skip entities whose Health is
 * unknown, so a silent change can hide a violation but never invent one.
 */
import type { EntityRecord, OpenRecord, QueueRecord, TraceRecord } from '../../engine/trace/format.js';

export interface Block {
  id: number;
  block: OpenRecord['block'];
  kind: string;
  subject?: number;
  target?: number;
  outermost?: boolean;
  queue?: number;
  entry?: number;
  /** Index of the open record in the trace. */
  at: number;
  /** Enclosing block id (0 = top level). */
  parent: number;
  /** The record itself (producers may add fields). */
  rec: OpenRecord;
}

export interface EntityState {
  id: number;
  card: string;
  name: string;
  type: string;
  label?: string;
  controller: number;
  zone: string;
  order?: number;
  /** Last Health the trace stated; undefined = unknown. */
  health?: number;
  /** Last maximum Health a stats record stated; undefined = unknown (an enchantment or a zone change since). */
  maxHealth?: number;
  destroyMarked: boolean;
  /** Enchantments: the entity they are attached to, when an `enchant` record said so. */
  attachedTo?: number;
  /** No record has moved or changed it since its entity record. */
  fresh: boolean;
}

export const IN_PLAY = new Set(['play', 'secret']);

export class TraceState {
  readonly stack: Block[] = [];
  readonly blocks = new Map<number, Block>();
  readonly entities = new Map<number, EntityState>();
  readonly queues = new Map<number, QueueRecord & { at: number; parentBlock: number }>();
  /** Current hero of each player (hero_replaced moves it). */
  readonly heroes: [number | undefined, number | undefined] = [undefined, undefined];
  profile?: string;
  /** Index of the trace's `loop_guard` event (the producer gave up), or the trace's length when it has none: set by the walk. */
  loopGuard = 0;

  top(): Block | undefined {
    return this.stack[this.stack.length - 1];
  }

  path(extra?: Block): string {
    const list = extra ? [...this.stack, extra] : this.stack;
    return list.map(blockName).join(' > ');
  }

  /** The nearest open block of a kind of block (phase, step, trigger, sequence). */
  nearest(block: Block['block']): Block | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.block === block) return this.stack[i];
    return undefined;
  }

  /** The outermost open block of either kind of block. */
  outermost(a: Block['block'], b: Block['block']): Block | undefined {
    for (const x of this.stack) if (x.block === a || x.block === b) return x;
    return undefined;
  }

  inPhase(): boolean {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.block === 'phase') return true;
    return false;
  }

  name(id: number | undefined | null): string {
    if (id === undefined || id === null) return 'nothing';
    const e = this.entities.get(id);
    if (!e) return `unknown entity #${id}`;
    return `${e.type} #${id} ${e.name}${e.label ? ` (${e.label})` : ''}`;
  }

  inPlay(id: number): boolean {
    const e = this.entities.get(id);
    return !!e && IN_PLAY.has(e.zone);
  }

  isHero(id: number): boolean {
    return this.entities.get(id)?.type === 'hero';
  }

  isWeapon(id: number): boolean {
    return this.entities.get(id)?.type === 'weapon';
  }

  isCharacter(id: number): boolean {
    const t = this.entities.get(id)?.type;
    return t === 'minion' || t === 'hero';
  }

  /** Mortally wounded (known Health <= 0) or marked for destruction (Rule 5 / 5b). */
  mortallyWounded(id: number): boolean {
    const e = this.entities.get(id);
    if (!e || !this.isCharacter(id)) return false;
    return e.destroyMarked || (e.health !== undefined && e.health <= 0);
  }

  /** Apply one record's effect on the state. */
  apply(r: TraceRecord, at: number): void {
    switch (r.t) {
      case 'meta':
        this.profile = r.profile;
        return;
      case 'entity':
        this.addEntity(r);
        return;
      case 'open': {
        const b: Block = {
          id: r.id, block: r.block, kind: r.kind, subject: r.subject, target: r.target, outermost: r.outermost,
          queue: r.queue, entry: r.entry, at, parent: this.top()?.id ?? 0, rec: r,
        };
        this.stack.push(b);
        this.blocks.set(b.id, b);
        return;
      }
      case 'close': {
        // Close inner blocks a producer left open, then this one.
        for (let i = this.stack.length - 1; i >= 0; i--) {
          if (this.stack[i]!.id === r.id) { this.stack.length = i; break; }
        }
        return;
      }
      case 'queue':
        // The record's fields named one by one (a spread per Queue costs more than the rest of taking it in).
        this.queues.set(r.id, { t: r.t, id: r.id, block: r.block, events: r.events, entries: r.entries, rule: r.rule, at, parentBlock: this.stack.length ? this.stack[this.stack.length - 1]!.id : 0 });
        return;
      case 'event':
        this.applyEvent(r);
        return;
    }
  }

  private addEntity(r: EntityRecord): void {
    // every field from the start, so all entity states share one shape (the checks reading them stay monomorphic)
    const e: EntityState = {
      id: r.id, card: r.card, name: r.name, type: r.type, label: r.label ? r.label : undefined, controller: r.controller, zone: r.zone,
      order: r.order, health: undefined, maxHealth: undefined, destroyMarked: false, attachedTo: undefined, fresh: true,
    };
    this.entities.set(r.id, e);
    if (r.type === 'hero' && r.zone === 'play' && this.heroes[r.controller as 0 | 1] === undefined) this.heroes[r.controller as 0 | 1] = r.id;
  }

  private ent(id: number | null | undefined): EntityState | undefined {
    return id === null || id === undefined ? undefined : this.entities.get(id);
  }

  /** Leaving play: attached enchantments (known ones) go with it; Health and marks start over. */
  private moveZone(e: EntityState, to: string): void {
    const left = IN_PLAY.has(e.zone) && !IN_PLAY.has(to);
    e.zone = to;
    e.fresh = false;
    e.health = undefined;
    e.maxHealth = undefined;
    e.destroyMarked = false;
    if (left) this.dropEnchantmentsOf(e.id);
  }

  /** A card moved outside play (drawn, shuffled, burnt, countered, an enchantment removed): its zone only. */
  private place(id: number | null | undefined, zone: string): void {
    const e = this.ent(id);
    if (e) { e.zone = zone; e.fresh = false; }
  }

  private dropEnchantmentsOf(id: number): void {
    for (const x of this.entities.values()) if (x.attachedTo === id && IN_PLAY.has(x.zone)) { x.zone = 'graveyard'; x.fresh = false; }
  }

  private applyEvent(r: Extract<TraceRecord, { t: 'event' }>): void {
    switch (r.e) {
      case 'zone': {
        const e = this.ent(r.entity);
        if (!e) return;
        if (r.from === 'setup') { e.fresh = false; if (r.order !== undefined) e.order = r.order; return; }
        this.moveZone(e, r.to);
        if (r.order !== undefined) e.order = r.order;
        return;
      }
      case 'summon': {
        const e = this.ent(r.entity);
        if (!e) return;
        this.moveZone(e, 'play');
        e.order = r.order;
        e.controller = r.controller;
        return;
      }
      case 'death': {
        const e = this.ent(r.entity);
        if (e) this.moveZone(e, 'graveyard');
        return;
      }
      case 'damage':
      case 'heal': {
        const e = this.ent(r.target);
        if (e) { e.health = r.health; e.fresh = false; }
        return;
      }
      case 'stats': {
        const e = this.ent(r.entity);
        if (!e) return;
        e.health = r.health;
        e.maxHealth = r.maxHealth;
        e.fresh = false;
        if (r.why.startsWith('transform')) {
          // "transform:<card id>": the entity is now that card (its triggers and class come from it)
          this.dropEnchantmentsOf(e.id);
          const id = r.why.slice('transform:'.length);
          if (r.why.startsWith('transform:') && id) e.card = id;
        }
        return;
      }
      case 'enchant': {
        const en = this.ent(r.enchantment);
        if (en) { en.attachedTo = r.target; en.fresh = false; if (r.order !== undefined) en.order = r.order; }
        const t = this.ent(r.target);
        if (t) { t.health = undefined; t.maxHealth = undefined; }
        return;
      }
      case 'unenchant': {
        this.place(r.enchantment, 'graveyard');
        const t = this.ent(r.target);
        if (t) { t.health = undefined; t.maxHealth = undefined; }
        return;
      }
      case 'destroy_mark': {
        const e = this.ent(r.target);
        if (e) e.destroyMarked = true;
        return;
      }
      case 'control': {
        const e = this.ent(r.entity);
        if (!e) return;
        e.controller = r.to;
        for (const x of this.entities.values()) if (x.attachedTo === e.id) x.controller = r.to;
        return;
      }
      case 'draw':
      case 'add_to_hand':
        this.place(r.entity, 'hand');
        return;
      case 'shuffle':
        this.place(r.entity, 'deck');
        return;
      case 'burn':
        this.place(r.entity, 'graveyard');
        return;
      case 'counter':
        this.place(r.spell, 'graveyard');
        return;
      case 'hero_replaced': {
        const old = this.ent(r.old);
        if (old) this.moveZone(old, 'removed');
        this.heroes[r.player as 0 | 1] = r.hero;
        return;
      }
      default:
        return;
    }
  }
}

export function blockName(b: Pick<Block, 'block' | 'kind' | 'id'>): string {
  return `${b.block.toUpperCase()} ${b.kind}#${b.id}`;
}
