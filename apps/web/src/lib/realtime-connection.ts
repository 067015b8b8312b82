import { CLOSE_ACCOUNT_INACTIVE, encodeRealtimeFrame, type RealtimeClientCommand, type RealtimeEvent } from '@portal/contract';

/** One part of the page that wants live events: the bell, a page's live updates. */
export type RealtimeListener = {
  onEvent: (event: RealtimeEvent) => void;
  /**
   * The connection opened, first or again: what the member loaded before may lack events sent
   * before the server knew this socket (a clerk's reply between the page's first lists and the
   * handshake, or during a drop).
   */
  onCatchUp: () => void;
  /** Conversations to follow besides the user's own. */
  conversationIds: ReadonlySet<number>;
};

/** A listener's hold on the connection. */
export type RealtimeMember = {
  /** Follows these conversations instead of the ones given before. */
  follow: (conversationIds: ReadonlySet<number>) => void;
  /** Stops listening; the last member to leave closes the socket. */
  leave: () => void;
};

type ConnectionOptions = {
  /** The address to open now, or after asking the API for a ticket. */
  address: () => string | Promise<string>;
  /** A frame from the server, or undefined when it is not a well-formed event. */
  parse: (data: unknown) => RealtimeEvent | undefined;
  reconnectDelay: (attempt: number) => number;
};

/**
 * The tab's single WebSocket to /api/ws, shared by everyone listening (issue 16: the header's bell
 * used to open a second socket beside the page's, doubling the server's connections). It opens with
 * the first member and closes with the last; meanwhile it follows the union of the members'
 * conversations, comes back with backoff after a drop, and on every open asks each member to catch up.
 */
export class RealtimeConnection {
  private readonly members = new Set<RealtimeListener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly subscribed = new Set<number>();
  private socket: WebSocket | null = null;
  private connected = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every start and stop, so a ticket that arrives after a stop opens nothing. */
  private generation = 0;

  constructor(private readonly options: ConnectionOptions) {}

  join(listener: RealtimeListener): RealtimeMember {
    // Each join is its own member, even for an equal listener object.
    const member: RealtimeListener = { ...listener };
    this.members.add(member);
    if (this.members.size === 1) this.start();
    else this.syncSubscriptions();
    return {
      follow: (conversationIds) => {
        member.conversationIds = conversationIds;
        this.syncSubscriptions();
      },
      leave: () => {
        if (!this.members.delete(member)) return;
        if (this.members.size === 0) this.stop();
        else this.syncSubscriptions();
      },
    };
  }

  /** For useSyncExternalStore: called whenever the connection opens or drops. */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.stateListeners.add(onChange);
    return () => this.stateListeners.delete(onChange);
  };

  readonly isConnected = (): boolean => this.connected;

  private setConnected(connected: boolean) {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const listener of this.stateListeners) listener();
  }

  private start() {
    this.generation += 1;
    this.attempt = 0;
    this.connect();
  }

  private stop() {
    this.generation += 1;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    this.subscribed.clear();
    socket?.close(1000, 'page left');
    this.setConnected(false);
  }

  private connect() {
    const generation = this.generation;
    const address = this.options.address();
    if (typeof address === 'string') {
      this.open(address);
      return;
    }
    address.then(
      (url) => {
        if (generation === this.generation) this.open(url);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        console.warn('[realtime] no ticket for the socket', error);
        this.scheduleReconnect();
      },
    );
  }

  private open(url: string) {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      console.error('[realtime] cannot open the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.subscribed.clear();
      this.syncSubscriptions();
      this.setConnected(true);
      for (const member of [...this.members]) member.onCatchUp();
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      if (this.socket !== socket) return;
      const event = this.options.parse(message.data);
      if (!event) {
        console.warn('[realtime] ignored a malformed frame');
        return;
      }
      for (const member of [...this.members]) member.onEvent(event);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      // A socket closed by stop() is no longer ours: nothing to report, nothing to reopen.
      if (this.socket !== socket) return;
      this.socket = null;
      this.setConnected(false);
      if (event.code === CLOSE_ACCOUNT_INACTIVE) return; // HTTP calls fail too; the page falls back to polling
      this.scheduleReconnect();
    });
    // An error is always followed by close, which reconnects.
    socket.addEventListener('error', () => console.warn('[realtime] socket error'));
  }

  private scheduleReconnect() {
    if (this.members.size === 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.options.reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  /** Subscribes to what some member wants and not yet followed; unsubscribes from what none wants. */
  private syncSubscriptions() {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const wanted = new Set<number>();
    for (const member of this.members) for (const id of member.conversationIds) wanted.add(id);
    for (const id of wanted) {
      if (this.subscribed.has(id)) continue;
      send(socket, { type: 'subscribe', conversationId: id });
      this.subscribed.add(id);
    }
    for (const id of [...this.subscribed]) {
      if (wanted.has(id)) continue;
      send(socket, { type: 'unsubscribe', conversationId: id });
      this.subscribed.delete(id);
    }
  }
}

/** Every frame the client sends is a command of the contract's protocol, encoded the way the server decodes it. */
function send(socket: WebSocket, command: RealtimeClientCommand) {
  socket.send(encodeRealtimeFrame(command));
}
