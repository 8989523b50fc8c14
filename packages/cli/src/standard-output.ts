/**
 * @module Standard output for `bin.ts`. Node's stream for a pipe is non-blocking and queues what the
 * reader has not taken yet: `list --json` of 16,000 skills queued all 49 MB in memory before the first
 * byte left, and the garbage collector copied it around. Written straight to the descriptor instead, a
 * write waits for the reader as `cat` does, and the text is garbage as soon as it is written.
 */
import { fs } from "./node-fs.js";

/** How `bin.ts` writes to standard output and reaches its stream. */
export interface StandardOutput {
  write(text: string): void;
  /** Node's stream (made on first use); from then on every write goes through it, in order. */
  stream(): NodeJS.WriteStream;
}

/**
 * Whether a write failed because the reader went away: `EPIPE` for a pipe, `ECONNRESET` for a socket
 * (what a parent process made with Node's `spawn` reads from).
 */
export function isClosedPipe(code: string | undefined): boolean {
  return code === "EPIPE" || code === "ECONNRESET";
}

/**
 * Writes text to descriptor `fd` synchronously while it accepts it. A descriptor that would block (one
 * made non-blocking by whoever opened the pipe) or a caller that asked for the stream hands everything
 * from then on to the stream, which queues as Node always does. A reader that went away (`EPIPE`) calls
 * `closed`. `openStream` is Node's lazy `process.stdout`: reading it is what makes a pipe non-blocking.
 */
export function standardOutput(
  fd: number,
  openStream: () => NodeJS.WriteStream,
  closed: () => never,
): StandardOutput {
  let opened: NodeJS.WriteStream | undefined;
  const stream = () => {
    opened ??= openStream();
    return opened;
  };
  /** `bytes` from `offset` on, to the descriptor, or to the stream once the descriptor would block. */
  const writeBytes = (bytes: Buffer, offset: number) => {
    while (offset < bytes.length) {
      try {
        offset += fs.writeSync(fd, bytes, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (isClosedPipe(code)) closed();
        if (code !== "EAGAIN") throw error;
        stream().write(bytes.subarray(offset));
        return;
      }
    }
  };
  return {
    stream,
    write(text) {
      if (opened) {
        opened.write(text);
        return;
      }
      // Most writes go out whole, the text encoded by the write itself: no Buffer per piece (for 49 MB of
      // JSON that halved the CPU time of writing). The rest of a partial write goes out as bytes.
      let written = 0;
      try {
        written = fs.writeSync(fd, text);
      } catch {
        // Retried below as bytes, where each error (closed reader, would block) is handled.
      }
      // UTF-8 never takes fewer bytes than the text has code units, so this one check covers both.
      if (written < Buffer.byteLength(text, "utf8")) writeBytes(Buffer.from(text, "utf8"), written);
    },
  };
}
