import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/*
 * Messages between the instances on one PostgreSQL database (live notifications reaching a browser
 * connected to another instance): NOTIFY on a named channel, and one dedicated connection per
 * instance that LISTENs on every channel opened, reconnecting after a failure (a server restart, a
 * failover, a killed backend). What is sent while an instance is disconnected does not reach it.
 *
 * A NOTIFY payload must be shorter than 8000 bytes. A longer message is cut into parts sent by one
 * statement (one transaction: all parts or none, in order, never interleaved with another
 * message's) and put together again by each listener. On the wire a payload is `=<message>`, or
 * `+<id>:<index>:<count>:<part>`.
 */

/** A channel of one database, shared by every instance on it. */
export interface Channel {
  /**
   * Sends `message` (any length, no NUL characters) to every listener of this channel on every
   * instance, this one included. One instance's messages arrive in the order they were sent.
   */
  send(message: string): Promise<void>;
  /** Calls `listener` with every message on this channel, from any instance; returns the function that stops it. */
  listen(listener: (message: string) => void): () => void;
}

export interface PgChannels {
  /** The channel `name` (lower-case letters, digits, `_`): resolves once this instance LISTENs on it. */
  open(name: string): Promise<Channel>;
  /** Waits for messages being sent, then ends the listening connection. */
  close(): Promise<void>;
}

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'fordran-listen';

/** Payload bytes PostgreSQL accepts (fewer than 8000), less room for a part's header. */
const WHOLE_BYTES = 7999;
const PART_BYTES = 7900;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const PART_HEADER = /^\+([0-9a-f-]+):(\d+):(\d+):/;

/** `text` cut into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + width > maxBytes) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += code > 0xffff ? 2 : 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/** The NOTIFY payloads that carry `message`. */
function frame(message: string): string[] {
  if (Buffer.byteLength(message) + 1 <= WHOLE_BYTES) return [`=${message}`];
  const id = randomUUID();
  const pieces = splitUtf8(message, PART_BYTES);
  return pieces.map((piece, index) => `+${id}:${index}:${pieces.length}:${piece}`);
}

interface Connection {
  client: pg.Client;
  listening: Set<string>;
}

/**
 * The channels of the database at `url`: sends go through `pool`, listening through one
 * connection of its own, opened with the first channel.
 */
export function createPgChannels(url: string, pool: pg.Pool, log: (line: string) => void = (line) => console.error(line)): PgChannels {
  const listeners = new Map<string, Set<(message: string) => void>>();
  /** Parts of long messages received so far, by channel and message id. */
  const partial = new Map<string, { parts: string[]; received: number }>();
  let connection: Connection | null = null;
  let connecting: Promise<void> | null = null;
  let sending: Promise<unknown> = Promise.resolve();
  let closed = false;

  function deliver(channel: string, message: string): void {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(message);
      } catch (error) {
        log(`PostgreSQL channel ${channel}: a listener failed: ${String(error)}`);
      }
    }
  }

  function receive(channel: string, payload: string): void {
    if (payload.startsWith('=')) return deliver(channel, payload.slice(1));
    const header = PART_HEADER.exec(payload);
    if (!header) return log(`PostgreSQL channel ${channel}: a message not sent by Fordran was ignored`);
    const [whole, id, index, count] = header;
    const key = `${channel}\n${id}`;
    const message = partial.get(key) ?? { parts: new Array<string>(Number(count)).fill(''), received: 0 };
    message.parts[Number(index)] = payload.slice(whole.length);
    message.received += 1;
    partial.set(key, message);
    if (message.received === message.parts.length) {
      partial.delete(key);
      deliver(channel, message.parts.join(''));
    }
  }

  /** LISTENs on every opened channel; returns (without awaiting again) once none is missing. */
  async function listenOnAll(current: Connection): Promise<void> {
    for (;;) {
      const missing = [...listeners.keys()].find((name) => !current.listening.has(name));
      if (missing === undefined) return;
      await current.client.query(`LISTEN ${missing}`);
      current.listening.add(missing);
    }
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    const next: Connection = { client, listening: new Set() };
    client.on('notification', (notification) => receive(notification.channel, notification.payload ?? ''));
    client.on('error', (error) => lost(next, error));
    client.on('end', () => lost(next, null));
    try {
      await client.connect();
      await listenOnAll(next);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) await client.end();
    else connection = next;
  }

  async function reconnect(): Promise<void> {
    for (let pauseMs = 100; !closed; pauseMs = Math.min(pauseMs * 2, 5000)) {
      await sleep(pauseMs);
      try {
        await connect();
        log('PostgreSQL: listening for other instances’ notifications again');
        return;
      } catch (error) {
        log(`PostgreSQL: reconnecting the notification listener failed (${error instanceof Error ? error.message : String(error)}); trying again`);
      }
    }
  }

  function lost(which: Connection, error: Error | null): void {
    if (which !== connection || closed) return;
    connection = null;
    // A long message cut off mid-way will not be completed.
    partial.clear();
    log(`PostgreSQL: the notification listener lost its connection${error ? ` (${error.message})` : ''}; reconnecting`);
    connecting ??= reconnect().finally(() => (connecting = null));
  }

  return {
    async open(name) {
      if (!CHANNEL_NAME.test(name)) throw new Error(`not a channel name: ${name}`);
      if (!listeners.has(name)) listeners.set(name, new Set());
      if (connection) await listenOnAll(connection);
      // The first channel connects (and fails loudly: the server is unreachable); a reconnect
      // under way listens on every channel opened meanwhile.
      else await (connecting ??= connect().finally(() => (connecting = null)));
      const channelListeners = listeners.get(name)!;
      return {
        send(message) {
          const sent = sending.then(() =>
            pool.query('SELECT pg_notify($1, part) FROM unnest($2::text[]) WITH ORDINALITY AS m(part, n) ORDER BY n', [name, frame(message)]),
          );
          sending = sent.catch(() => undefined);
          return sent.then(() => undefined);
        },
        listen(listener) {
          channelListeners.add(listener);
          return () => channelListeners.delete(listener);
        },
      };
    },
    async close() {
      closed = true;
      await sending;
      await connecting?.catch(() => undefined);
      const current = connection;
      connection = null;
      await current?.client.end();
    },
  };
}
