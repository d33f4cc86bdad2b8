import { EventEmitter } from 'node:events';

/**
 * Organisation-scoped realtime events (notifications, job progress) for SSE subscribers.
 * In-process fan-out is enough for one SQLite server; on PostgreSQL, where several instances may
 * share the database, ./shared-event-bus.ts carries them to the others (LISTEN/NOTIFY) behind
 * the same interface.
 */
export interface RealtimeEvent {
  type: 'notification' | 'job' | 'case';
  org_id: string;
  /** Only this user receives it; absent means everyone in the organisation. */
  user_id?: string | null;
  data: unknown;
}

export interface EventBus {
  publish(event: RealtimeEvent): void;
  subscribe(orgId: string, listener: (event: RealtimeEvent) => void): () => void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(event.org_id, event);
    },
    subscribe(orgId, listener) {
      emitter.on(orgId, listener);
      return () => emitter.off(orgId, listener);
    },
  };
}
