import { Worker } from 'node:worker_threads';

interface Task<Job, Result> {
  job: Job;
  urgent: boolean;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

/** What a worker posts back for a job: its result, or why it failed. */
export type WorkerReply<Result> = { result: Result } | { error: string };

/**
 * Runs CPU work in at most `size` worker threads started from `file` as work comes, one job at a
 * time each, so the main thread's event loop keeps answering requests meanwhile. A job asked for
 * again while it runs or waits (two first requests for the same track) is not done twice: both
 * get its one result. An idle worker does not keep the process alive. An urgent job (someone is
 * waiting to hear it: a preview) goes before every job that is not, in the order asked for.
 */
export class WorkerPool<Job, Result> {
  private readonly file: string;
  private readonly size: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task<Job, Result>>();
  private readonly queue: Task<Job, Result>[] = [];
  private readonly running = new Map<string, Promise<Result>>();
  private started = 0;

  constructor(file: string, size: number) {
    this.file = file;
    this.size = size;
  }

  /** Jobs started in a worker so far (a shared job counts once). */
  get jobsStarted(): number {
    return this.started;
  }

  /** The result of the job named `key`, done by a worker thread, or shared with the same job in progress. */
  run(key: string, job: Job, urgent = false): Promise<Result> {
    let promise = this.running.get(key);
    if (!promise) {
      promise = new Promise<Result>((resolve, reject) => {
        const task = { job, urgent, resolve, reject };
        const firstNotUrgent = urgent ? this.queue.findIndex((queued) => !queued.urgent) : -1;
        if (firstNotUrgent >= 0) this.queue.splice(firstNotUrgent, 0, task);
        else this.queue.push(task);
        this.next();
      }).finally(() => this.running.delete(key));
      this.running.set(key, promise);
    }
    return promise;
  }

  private next(): void {
    if (this.queue.length === 0) return;
    const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
    if (!worker) return;
    const task = this.queue.shift() as Task<Job, Result>;
    this.busy.set(worker, task);
    this.started++;
    // A worker at work keeps the process alive until it answers; an idle one does not.
    worker.ref();
    worker.postMessage(task.job);
  }

  private spawn(): Worker {
    const worker = new Worker(this.file);
    worker.on('message', (reply: WorkerReply<Result>) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if ('error' in reply) task?.reject(new Error(reply.error));
      else task?.resolve(reply.result);
      this.next();
    });
    // A worker that dies (out of memory, a bug) fails its job, and the next job gets a new worker.
    const lost = (error: Error) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      task?.reject(error);
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The worker thread stopped (exit code ${code})`)));
    return worker;
  }
}
