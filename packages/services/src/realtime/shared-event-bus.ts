import { randomUUID } from 'node:crypto';
import type { Channel } from '@fordran/store';
import { createEventBus, type EventBus, type RealtimeEvent } from './event-bus';

/** The PostgreSQL channel the instances on one database share their live events on. */
export const EVENTS_CHANNEL = 'fordran_events';

/** What goes over the channel: the event, and which instance published it. */
interface Envelope {
  origin: string;
  event: RealtimeEvent;
}

/**
 * The event bus of one instance among several on one PostgreSQL database (openAppContext): an
 * event reaches this instance's subscribers at once and is sent on `channel` to the others. Every
 * instance hears the channel, this one too: what it sent itself it has delivered already, so each
 * subscriber gets each event once. Events are sent in the order they were published.
 * @example const events = createSharedEventBus(await database.channel(EVENTS_CHANNEL));
 */
export function createSharedEventBus(channel: Channel, log: (line: string) => void = (line) => console.error(line)): EventBus {
  const local = createEventBus();
  const origin = randomUUID();
  channel.listen((message) => {
    const envelope = JSON.parse(message) as Envelope;
    if (envelope.origin !== origin) local.publish(envelope.event);
  });
  return {
    publish(event) {
      const envelope: Envelope = { origin, event };
      channel.send(JSON.stringify(envelope)).catch((error: unknown) => {
        // The data is committed; only other instances' live views miss this event.
        log(`[realtime] a live event could not be sent to the other instances: ${error instanceof Error ? error.message : String(error)}`);
      });
      local.publish(event);
    },
    subscribe: (orgId, listener) => local.subscribe(orgId, listener),
  };
}
