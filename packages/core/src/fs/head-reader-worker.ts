/**
 * @module The head-reading thread (see `head-reader-thread.ts`): reads the stat and head of each file with
 * {@link readHeadWithStat}, the same read the main thread makes, a run at a time, and posts each run's
 * batch to the main thread. Runs the main thread claimed first are skipped. It loads nothing but `node:fs`
 * and these few modules, so it starts in a few tens of milliseconds. A thread's script: it reads only when
 * started as one (`new Worker`); imported anywhere else it does nothing.
 */
import { isMainThread, receiveMessageOnPort, workerData } from "node:worker_threads";
import {
  BY_THREAD,
  FAILED,
  FIELDS,
  FIRST_RUN,
  type HeadBatch,
  type HeadThreadData,
  MAX_AHEAD,
  NOT_READ,
  POSTED,
  packHead,
  RELEASED,
  RESUME_AHEAD,
  STOPPED,
  UNCLAIMED,
} from "./head-batch.js";
import { readHeadWithStat } from "./read-head-with-stat.js";

/** Size of a new batch buffer; a run of typical skill files fits, a bigger one grows it. */
const BATCH_BYTES = 1024 * 1024;

if (!isMainThread) readAll(workerData as HeadThreadData);

/** Reads every run the main thread has not claimed, staying a few batches ahead of it. */
function readAll({ paths, length, run: runSize, control, port }: HeadThreadData): void {
  const shared = new Int32Array(control);
  /** Buffers the main thread handed back: reused, since fresh memory costs a page fault per 4 KiB. */
  const spare: ArrayBuffer[] = [];

  const takeBuffer = (): ArrayBuffer => {
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
      spare.push(message.message as ArrayBuffer);
    }
    return spare.pop() ?? new ArrayBuffer(BATCH_BYTES);
  };

  /** Reads the files of run `run` into one batch. */
  const readRun = (run: number): HeadBatch => {
    const start = run * runSize;
    const end = Math.min(start + runSize, paths.length);
    const meta = new Float64Array((end - start) * FIELDS);
    let bytes = new Uint8Array(takeBuffer());
    let used = 0;
    const bufferFor = (room: number): Uint8Array => {
      if (used + room > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, used + room));
        grown.set(bytes.subarray(0, used));
        bytes = grown;
      }
      return bytes.subarray(used, used + room);
    };
    for (let index = start; index < end; index++) {
      const path = paths[index];
      meta[(index - start) * FIELDS] = NOT_READ;
      if (path === null || path === undefined) continue;
      try {
        const head = readHeadWithStat(path, length, bufferFor);
        packHead(meta, index - start, head, used);
        used += head.bytes.length;
      } catch {
        // Left NOT_READ: the main thread's reader reads the file itself and reports why it cannot.
      }
    }
    return { run, meta, bytes: bytes.buffer as ArrayBuffer };
  };

  try {
    const runs = Math.ceil(paths.length / runSize);
    for (let run = 0; run < runs && Atomics.load(shared, STOPPED) === 0; run++) {
      // At most MAX_AHEAD batches ahead of the main thread; once there, wait until it is back to RESUME_AHEAD.
      if (Atomics.load(shared, POSTED) - Atomics.load(shared, RELEASED) >= MAX_AHEAD) {
        while (Atomics.load(shared, STOPPED) === 0) {
          const released = Atomics.load(shared, RELEASED);
          if (Atomics.load(shared, POSTED) - released <= RESUME_AHEAD) break;
          Atomics.wait(shared, RELEASED, released, 50);
        }
      }
      if (Atomics.load(shared, STOPPED) !== 0) break;
      if (Atomics.compareExchange(shared, FIRST_RUN + run, UNCLAIMED, BY_THREAD) !== UNCLAIMED) continue;
      const batch = readRun(run);
      port.postMessage(batch, [batch.bytes, batch.meta.buffer as ArrayBuffer]);
      Atomics.add(shared, POSTED, 1);
      Atomics.notify(shared, POSTED);
    }
  } catch {
    Atomics.store(shared, FAILED, 1);
    Atomics.notify(shared, POSTED);
  }
}
