// The loop of a process's background worker (the outbox, the export jobs): it works now, again on
// every wake() (a wake during a round runs one more round), and every pollMs after a round ends;
// stop() waits for the round in progress. A failed round (the database briefly unreachable) is
// logged and the next poll tries again.

export class PollingLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `round` does the work there is; it should return once there is none or `active` turns false. */
  constructor(
    private readonly round: () => Promise<void>,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get active(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.rounds().finally(() => {
      this.running = null;
      if (!this.started) return;
      this.timer = setTimeout(() => this.wake(), this.pollMs);
      this.timer.unref();
    });
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private async rounds(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.round();
      } while (this.again && this.started);
    } catch (error) {
      this.onError(error);
    }
  }
}
