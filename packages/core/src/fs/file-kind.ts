/**
 * @module What kind of file a path is, and the error every read throws for anything but a regular file
 * (SPEC §15: never block on a FIFO, a socket or a device).
 */

/** The kinds a path can be; only a `file` is ever read. */
export type FileKind = "file" | "directory" | "symlink" | "fifo" | "socket" | "device";

/** What `fs.Stats` tells about the kind (the subset used here). */
export interface KindTests {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** The kind of a `Stats`/`Dirent`. */
export function fileKind(stats: KindTests): FileKind {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  return "device";
}

/** How a kind reads in a message: "a folder", "a FIFO (named pipe)", … */
export function describeKind(kind: FileKind | undefined): string {
  switch (kind) {
    case "directory":
      return "a folder";
    case "fifo":
      return "a FIFO (named pipe)";
    case "socket":
      return "a socket";
    case "device":
      return "a device";
    case "symlink":
      return "a symbolic link";
    default:
      return "not a regular file";
  }
}

/** The `code` of the error a read throws for a path that is not a regular file (a folder keeps `EISDIR`). */
export const NOT_REGULAR_CODE = "ENOTREGULAR";

/** The error a read throws instead of opening anything but a regular file. */
export function notRegularFileError(path: string, kind: FileKind): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException & { fileKind?: FileKind } = new Error(
    `${path} is ${describeKind(kind)}, not a regular file; it is not read`,
  );
  error.code = kind === "directory" ? "EISDIR" : NOT_REGULAR_CODE;
  error.path = path;
  error.fileKind = kind;
  return error;
}

/** The kind recorded on an error from {@link notRegularFileError}, if any. */
export function errorFileKind(error: unknown): FileKind | undefined {
  return (error as { fileKind?: FileKind } | null)?.fileKind;
}
