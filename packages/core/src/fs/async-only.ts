/**
 * @module A view of a file system without its synchronous reads, for a caller that chose asynchronous
 * reads (`createRegistry({ synchronousReads: false })`): code given this view cannot take the sync path.
 */
import type { FileSystem } from "./file-system.js";

/** `fs`'s asynchronous methods only, bound to `fs`. */
export function asyncOnly(fs: FileSystem): FileSystem {
  return {
    readFile: (path) => fs.readFile(path),
    readText: (path) => fs.readText(path),
    readHead: (path, length) => fs.readHead(path, length),
    stat: (path) => fs.stat(path),
    lstat: (path) => fs.lstat(path),
    readdir: (path) => fs.readdir(path),
    realpath: (path) => fs.realpath(path),
    exists: (path) => fs.exists(path),
    writeFile: (path, data) => fs.writeFile(path, data),
    mkdir: (path) => fs.mkdir(path),
    rename: (from, to) => fs.rename(from, to),
    rm: (path) => fs.rm(path),
  };
}
