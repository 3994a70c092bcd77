// Work that must not run inside an order service command (it would nest one): queued while
// the service is busy and run in order once it is idle. A task may itself queue more; they
// run after it, in the same pass.
export class IdleTasks {
  private readonly tasks: (() => void)[] = [];
  private running = false;

  constructor(private readonly busy: () => boolean) {}

  /** Runs `task` now when the service is idle, else when it next becomes idle. */
  add(task: () => void): void {
    this.tasks.push(task);
    if (!this.busy()) this.run();
  }

  /** Runs the queued tasks (the service calls it as a command ends). */
  run(): void {
    if (this.running) return;
    this.running = true;
    try {
      for (let task = this.tasks.shift(); task !== undefined; task = this.tasks.shift()) task();
    } finally {
      this.running = false;
    }
  }
}
