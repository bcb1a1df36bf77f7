import { classifyMessage, PROTOCOL_VERSION, type InboundMessage, type OutboundMessage, type OutboundPayload } from './embed-messages.ts';
import { warnOnce } from './warn-once.ts';

// The app's end of the postMessage API (docs/embed.md). Until a handshake it sends nothing to anybody. The portal
// sends `citelens:hello`; the app accepts it only from its parent window and only from an allowed origin, locks onto
// that exact origin and replies `citelens:ready`. From then on it takes messages from that window and origin only,
// and posts to that origin only (never "*"). Everything else is dropped, with one console warning per kind.

export type ChannelState = { kind: 'waiting' } | { kind: 'connected'; origin: string };

/** The part of a window the channel needs (a fake one in unit tests). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface EmbedChannelOptions {
  /** The window whose `message` events are read (the app's own). */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The embedding window: `window.parent`. The only window messages are taken from and sent to. */
  parent: MessageTarget;
  /**
   * Origins a handshake may come from: the server's embedOrigins, or the signed link's one origin. null while they
   * are not known yet (the portal retries its hello until they are).
   */
  allowedOrigins(): readonly string[] | null;
  /** The `ready` reply's payload. */
  features(): { review: boolean; ask: boolean };
  /** The server requires a token and the frame has none yet: said in `ready`, so the portal knows to send one. */
  needsToken?(): boolean;
  /** Every message after the handshake, except hello. */
  onMessage(message: InboundMessage): void;
  /** After a handshake (also a repeated one), once `ready` has been sent. */
  onConnected?(origin: string): void;
}

export class EmbedChannel {
  #state: ChannelState = { kind: 'waiting' };
  readonly #o: EmbedChannelOptions;
  readonly #listener = (event: MessageEvent) => this.receive(event);

  constructor(options: EmbedChannelOptions) {
    this.#o = options;
  }

  get state(): ChannelState {
    return this.#state;
  }

  start(): () => void {
    this.#o.self.addEventListener('message', this.#listener);
    return () => this.#o.self.removeEventListener('message', this.#listener);
  }

  /** Posts to the locked origin. Before the handshake: nothing is sent, and false is returned. */
  send(payload: OutboundPayload): boolean {
    if (this.#state.kind !== 'connected') return false;
    const message = { ...payload, version: PROTOCOL_VERSION } as OutboundMessage;
    this.#o.parent.postMessage(message, this.#state.origin);
    return true;
  }

  /** Handles one `message` event (public for tests; start() wires it to the window). */
  receive(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>): void {
    const sorted = classifyMessage(event.data);
    if (sorted.kind === 'foreign') return;
    // A sibling frame, a popup or a nested frame can post to us too, even from an allowed origin: only the window
    // that embeds us speaks for the portal.
    if (event.source !== this.#o.parent) {
      warnOnce('source', 'ignored a citelens message that did not come from the embedding page');
      return;
    }
    // The allowed origins are not known yet (the config is still loading): the portal says hello again every 250 ms,
    // so this one is dropped without a word; warning here named the portal's own, allowed origin as not allowed.
    if (this.#state.kind !== 'connected' && this.#o.allowedOrigins() === null) return;
    if (!this.#originAccepted(event.origin)) {
      warnOnce(`origin ${event.origin.slice(0, 100)}`, `ignored citelens messages from ${event.origin.slice(0, 100)}, which is not an allowed origin`);
      return;
    }
    switch (sorted.kind) {
      case 'unknown':
        warnOnce(`unknown ${sorted.type}`, `ignored unknown message type "${sorted.type}"`);
        return;
      case 'malformed':
        warnOnce(`malformed ${sorted.type}`, `ignored a malformed ${sorted.type} message (${sorted.reason})`);
        return;
      case 'message':
        break;
      default: {
        const never: never = sorted;
        return never;
      }
    }
    const { message } = sorted;
    if (message.type === 'citelens:hello') {
      this.#state = { kind: 'connected', origin: event.origin };
      const needsToken = this.#o.needsToken?.();
      this.send({ type: 'citelens:ready', features: this.#o.features(), ...(needsToken !== undefined && { needsToken }) });
      this.#o.onConnected?.(event.origin);
      return;
    }
    if (this.#state.kind !== 'connected') {
      warnOnce(`early ${message.type}`, `ignored ${message.type} sent before the citelens:hello handshake`);
      return;
    }
    this.#o.onMessage(message);
  }

  #originAccepted(origin: string): boolean {
    if (this.#state.kind === 'connected') return origin === this.#state.origin;
    const allowed = this.#o.allowedOrigins();
    // "null" (a sandboxed or file: page) is never an origin we can address a reply to, nor one a portal can be.
    return allowed !== null && origin !== 'null' && allowed.includes(origin);
  }
}
