// Domain events: what happened in a module, told to every subscriber after the transaction that did it
// has committed (never for a rolled-back write). Payloads are typed: a module declares its events by
// augmenting `DomainEvents` in its api.ts, e.g.
//   declare module '../../server/events/domainEvents.js' { interface DomainEvents { 'requisition.approved': { id: number } } }
// In process today; the bus is an interface so that it can fan out through Redis later.

/** Event name → payload. The platform's own events are here; modules add theirs by declaration merging. */
export interface DomainEvents {
  /** A declared status transition (do{Action}) committed. */
  'entity.transitioned': { entity: string; id: number; action: string; from: string; to: string; userId: number };
}

export type EventName = keyof DomainEvents;
export type Subscriber<E extends EventName> = (payload: DomainEvents[E]) => Promise<void> | void;

/** The events one unit of work raised; delivered by the bus once that work committed. */
export class PendingEvents {
  private readonly list: { name: EventName; payload: unknown }[] = [];

  add<E extends EventName>(name: E, payload: DomainEvents[E]): void {
    this.list.push({ name, payload });
  }

  take(): { name: EventName; payload: unknown }[] {
    return this.list.splice(0, this.list.length);
  }
}

export interface EventBus {
  subscribe<E extends EventName>(name: E, subscriber: Subscriber<E>, owner: string): void;
  /** Delivers now: call it after the commit. A failing subscriber is reported, never undoes the write. */
  deliver(events: PendingEvents): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly subscribers = new Map<EventName, { owner: string; run: Subscriber<EventName> }[]>();

  constructor(private readonly report: (err: unknown, event: string, owner: string) => void) {}

  subscribe<E extends EventName>(name: E, subscriber: Subscriber<E>, owner: string): void {
    const list = this.subscribers.get(name) ?? [];
    list.push({ owner, run: subscriber as Subscriber<EventName> });
    this.subscribers.set(name, list);
  }

  async deliver(events: PendingEvents): Promise<void> {
    for (const e of events.take()) {
      for (const s of this.subscribers.get(e.name) ?? []) {
        try {
          await s.run(e.payload as DomainEvents[EventName]);
        } catch (err) {
          this.report(err, e.name, s.owner);
        }
      }
    }
  }
}
