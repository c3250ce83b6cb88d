// A raw NIP-01 WebSocket client for the dev relay's tests: sends frames, awaits the answers.
import WebSocket from 'ws';

type Frame = unknown[];

export class RawRelayClient {
  private readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string): Promise<RawRelayClient> {
    const ws = new WebSocket(url);
    // Listening before 'open': a relay may speak first (a NIP-42 AUTH challenge) in the same tick.
    const client = new RawRelayClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves with (and consumes) the first received frame the predicate accepts. */
  async next(accept: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(accept);
      if (index >= 0) return this.frames.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching frame from the relay');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends a REQ and collects the stored events up to its EOSE. */
  async query(subscriptionId: string, ...filters: object[]): Promise<Array<{ id: string }>> {
    this.send(['REQ', subscriptionId, ...filters]);
    await this.next((f) => f[0] === 'EOSE' && f[1] === subscriptionId);
    const events = this.frames
      .filter((f) => f[0] === 'EVENT' && f[1] === subscriptionId)
      .map((f) => f[2] as { id: string });
    this.frames.splice(
      0,
      this.frames.length,
      ...this.frames.filter((f) => f[1] !== subscriptionId),
    );
    this.send(['CLOSE', subscriptionId]);
    return events;
  }

  /** Publishes an event and resolves with the relay's [accepted, reason]. */
  async publish(event: { id: string }): Promise<[boolean, string]> {
    this.send(['EVENT', event]);
    const ok = await this.next((f) => f[0] === 'OK' && f[1] === event.id);
    return [ok[2] as boolean, ok[3] as string];
  }

  close(): void {
    this.ws.close();
  }
}
