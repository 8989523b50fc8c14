/**
 * @module Reads the heads of many files on a second thread while the main thread parses them (SPEC §15
 * unchanged: the thread reads with the main thread's own `readHeadWithStat`). A cold load spends ~40 % of
 * its time in the system calls of these reads; a thread that only reads overlaps them with the parse on a
 * machine with a spare core.
 *
 * Files go in runs. The thread claims each run before reading it; the main thread claims a run the thread
 * has not reached and reads it itself, so it never waits for the thread to start (~30 ms) nor for a thread
 * that a busy machine does not schedule: the results are the same either way. A run the thread claimed is
 * waited for; if the thread fails or stalls, the caller reads the run after all.
 */
import { pathToFileURL } from "node:url";
import type { MessagePort, Worker } from "node:worker_threads";
import { corePackagePath } from "./core-package-path.js";
import type { StatAndHead } from "./file-system.js";
import {
  BY_MAIN,
  FAILED,
  FIRST_RUN,
  type HeadBatch,
  type HeadThreadData,
  POSTED,
  RELEASED,
  RESUME_AHEAD,
  STOPPED,
  UNCLAIMED,
  unpackHead,
} from "./head-batch.js";
import { nodeBuiltin, nodeFs } from "./node-builtin.js";

const { existsSync } = nodeFs;

/** A run read by the thread: the head of each of its files (undefined: not read, the caller reads it). */
export interface ThreadRun {
  head(index: number): StatAndHead | undefined;
  /** The caller is done with the heads: their bytes go back to the thread, to be read into again. */
  release(): void;
}

/** How long the main thread waits for a run the thread claimed before reading it itself. */
const STALL_MS = 10_000;

/**
 * The thread's script: an entry of its own in the built package (`dist/fs/head-reader-worker.js`), used from
 * the sources (the tests) too when it is there; without a build no thread is started.
 */
function workerScript(): URL | undefined {
  const script = corePackagePath("dist/fs/head-reader-worker.js");
  return existsSync(script) ? pathToFileURL(script) : undefined;
}

/** The main thread's side of a head-reading thread. */
export class HeadReaderThread {
  /** Heads the thread has delivered so far. */
  delivered = 0;
  /** Settles when the thread has exited (it exits by itself once every run is read and handed over). */
  readonly exited: Promise<void>;
  private readonly shared: Int32Array;
  /** A batch received while waiting for an earlier run. */
  private early: HeadBatch | undefined;

  /**
   * Starts a thread reading the stat and first `length` bytes of each of `paths` (null: not read), in
   * runs of `runSize` files; undefined when no thread can start (the caller reads everything itself).
   * `mainReads: false` (for tests): the main thread claims no run, it waits for the thread's.
   */
  static start(
    paths: (string | null)[],
    length: number,
    runSize: number,
    options: { mainReads?: boolean } = {},
  ): HeadReaderThread | undefined {
    const script = workerScript();
    if (script === undefined) return undefined;
    const runs = Math.ceil(paths.length / runSize);
    const control = new SharedArrayBuffer((FIRST_RUN + runs) * Int32Array.BYTES_PER_ELEMENT);
    const { MessageChannel, Worker } = nodeBuiltin("node:worker_threads");
    const { port1, port2 } = new MessageChannel();
    const data: HeadThreadData = { paths, length, run: runSize, control, port: port2 };
    try {
      const worker = new Worker(script, { workerData: data, transferList: [port2] });
      return new HeadReaderThread(worker, port1, control, options.mainReads !== false);
    } catch {
      port1.close();
      return undefined;
    }
  }

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    control: SharedArrayBuffer,
    /** The main thread claims runs the thread has not reached (false: waits for the thread, for tests). */
    private readonly mainReads: boolean,
  ) {
    this.shared = new Int32Array(control);
    // The thread never keeps the process alive; one that fails to start says so here (the main thread
    // then reads every run itself).
    worker.unref();
    worker.on("error", () => Atomics.store(this.shared, FAILED, 1));
    this.exited = new Promise((resolve) => worker.once("exit", () => resolve()));
  }

  /**
   * The heads of run `run` read by the thread, waiting for them while the thread reads them; undefined
   * when the caller reads the run itself (the thread had not reached it, or failed or stalled).
   */
  takeRun(run: number): ThreadRun | undefined {
    if (
      this.mainReads &&
      Atomics.compareExchange(this.shared, FIRST_RUN + run, UNCLAIMED, BY_MAIN) === UNCLAIMED
    ) {
      return undefined;
    }
    const batch = this.batchOf(run);
    if (batch === undefined) return undefined;
    return {
      head: (index) => {
        const head = unpackHead(batch.meta, index, batch.bytes);
        if (head !== undefined) this.delivered++;
        return head;
      },
      release: () => this.handBack(batch),
    };
  }

  /** Stops the thread; runs not taken are dropped. */
  close(): void {
    Atomics.store(this.shared, STOPPED, 1);
    Atomics.notify(this.shared, RELEASED);
    this.port.close();
    void this.worker.terminate();
  }

  /** The batch of `run` (the thread's batches come in run order), waiting for it; undefined if it fails or stalls. */
  private batchOf(run: number): HeadBatch | undefined {
    let waited = 0;
    for (;;) {
      const early = this.early;
      if (early !== undefined && early.run >= run) {
        if (early.run > run) return undefined;
        this.early = undefined;
        return early;
      }
      const posted = Atomics.load(this.shared, POSTED);
      const message = nodeBuiltin("node:worker_threads").receiveMessageOnPort(this.port)?.message as
        | HeadBatch
        | undefined;
      if (message !== undefined) {
        // A run given up on earlier comes late: hand its buffer back unread.
        if (message.run < run) this.handBack(message);
        else this.early = message;
        continue;
      }
      if (Atomics.load(this.shared, FAILED) === 1 || waited >= STALL_MS) return undefined;
      const started = performance.now();
      Atomics.wait(this.shared, POSTED, posted, 100);
      waited += performance.now() - started;
    }
  }

  private handBack(batch: HeadBatch): void {
    this.port.postMessage(batch.bytes, [batch.bytes]);
    const released = Atomics.add(this.shared, RELEASED, 1) + 1;
    // The thread waits for this point (see RESUME_AHEAD): wake it only then.
    if (Atomics.load(this.shared, POSTED) - released === RESUME_AHEAD) Atomics.notify(this.shared, RELEASED);
  }
}
