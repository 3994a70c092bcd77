// Reference-counted subscriptions (one registry per socket, as in dydx v4-web's
// indexerWebsocket): many components may want the same channel, but the exchange
// must see exactly one subscribe and, when the last one leaves, one unsubscribe.
// Pure bookkeeping; the connection manager decides what to send.

/** A subscription argument as the exchange takes it, e.g. {instType, topic, symbol}. */
export type SubscriptionArg = Readonly<Record<string, string>>;

/**
 * Takes a channel's push straight from the frame's text (the object at text[start]):
 * returns the index just past it, or -1 to leave it to JSON.parse and the listener.
 */
export type TextReader = (text: string, start: number) => number;

/**
 * Canonical identity of a channel: keys sorted, values lower-cased, because the
 * exchange may echo `instType` in another case than the one we sent (`usdt-futures`
 * vs `USDT-FUTURES`) and pushes must still reach their listeners.
 */
export function subscriptionKey(arg: Readonly<Record<string, unknown>>): string {
  return Object.keys(arg)
    .filter((k) => arg[k] !== undefined && arg[k] !== null)
    .sort()
    .map((k) => `${k}=${String(arg[k]).toLowerCase()}`)
    .join('&');
}

interface Entry<L> {
  arg: SubscriptionArg;
  listeners: Set<{ listener: L; readText: TextReader | undefined }>;
  /** The text reader of the only listener, if it has one (textReaderOf): kept, as it is asked per push. */
  soleReader: TextReader | undefined;
}

export interface Registration {
  /** True when this is the channel's first listener: the caller must subscribe. */
  first: boolean;
  /** Removes this listener; `last` is true when the channel has no listener left. Idempotent. */
  release(): { last: boolean };
}

export class SubscriptionRegistry<L> {
  private readonly entries = new Map<string, Entry<L>>();
  /** Channels whose only listener reads text (soleReader set): see readsText. */
  private readerChannels = 0;

  /** `readText`, when given, may take the channel's pushes as text instead (see textReaderOf). */
  add(arg: SubscriptionArg, listener: L, readText?: TextReader): Registration {
    const key = subscriptionKey(arg);
    let entry = this.entries.get(key);
    const first = entry === undefined;
    if (!entry) {
      entry = { arg: { ...arg }, listeners: new Set(), soleReader: undefined };
      this.entries.set(key, entry);
    }
    // Wrap so the same listener function may be registered twice and released independently.
    const token = { listener, readText };
    entry.listeners.add(token);
    this.setSoleReader(entry, entry.listeners.size === 1 ? readText : undefined);
    let released = false;
    return {
      first,
      release: () => {
        if (released) return { last: false };
        released = true;
        const current = this.entries.get(key);
        if (!current || !current.listeners.delete(token)) return { last: false };
        if (current.listeners.size > 0) {
          const [sole] = current.listeners;
          this.setSoleReader(current, current.listeners.size === 1 ? sole!.readText : undefined);
          return { last: false };
        }
        this.setSoleReader(current, undefined);
        this.entries.delete(key);
        return { last: true };
      },
    };
  }

  /** Listeners of the channel a message names by its `arg`, if any. */
  listenersOf(arg: Readonly<Record<string, unknown>>): L[] {
    const entry = this.entries.get(subscriptionKey(arg));
    return entry ? [...entry.listeners].map((t) => t.listener) : [];
  }

  /**
   * The text reader of the channel with this subscriptionKey, when its only listener has
   * one: a second listener expects the parsed message, so then every push is parsed.
   */
  textReaderOf(key: string): TextReader | undefined {
    return this.entries.get(key)?.soleReader;
  }

  /** Whether any channel's pushes may be read from text: when none may, a frame is simply parsed. */
  get readsText(): boolean {
    return this.readerChannels > 0;
  }

  private setSoleReader(entry: Entry<L>, reader: TextReader | undefined): void {
    this.readerChannels += (reader ? 1 : 0) - (entry.soleReader ? 1 : 0);
    entry.soleReader = reader;
  }

  has(arg: Readonly<Record<string, unknown>>): boolean {
    return this.entries.has(subscriptionKey(arg));
  }

  /** Every channel with at least one listener: what to resubscribe after a reconnect. */
  args(): SubscriptionArg[] {
    return [...this.entries.values()].map((e) => e.arg);
  }

  get size(): number {
    return this.entries.size;
  }
}
