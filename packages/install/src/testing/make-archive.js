/**
 * @module Test fixtures: tar and zip archives written byte by byte, so that tests can build exactly the
 * hostile entries real tools refuse to create (`../`, absolute paths, links out, FIFOs, devices, a 1 GB
 * declared size with no data behind it, 100,000 entries).
 */
import { crc32, gzipSync } from "node:zlib";

const TAR_TYPES = {
  file: "0",
  hardlink: "1",
  symlink: "2",
  "char-device": "3",
  dir: "5",
  fifo: "6",
};
function octal(value, width) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}
/** A ustar header (512 bytes). Sizes too big for 11 octal digits use the base-256 form, as GNU tar does. */
function tarHeader(entry, size) {
  const header = Buffer.alloc(512);
  header.write(entry.path.slice(0, 100), 0, "utf8");
  header.write(octal(entry.mode ?? (entry.type === "dir" ? 0o755 : 0o644), 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  if (size < 0o77777777777) header.write(octal(size, 12), 124);
  else {
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128 + 0);
  }
  header.write(octal(0, 12), 136);
  header.write("        ", 148);
  header.write(TAR_TYPES[entry.type ?? "file"], 156);
  if (entry.linkTarget) header.write(entry.linkTarget.slice(0, 100), 157);
  header.write("ustar\u000000", 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return header;
}
/** A `.tar.gz` of `entries`. */
export function makeTarGz(entries) {
  const blocks = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? "");
    const declared = entry.size ?? (entry.type === undefined || entry.type === "file" ? content.length : 0);
    blocks.push(tarHeader(entry, declared));
    if (content.length > 0) {
      blocks.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
/** A `.zip` of `entries` (stored, not deflated); `size` overrides the declared uncompressed size. */
export function makeZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(
      entry.type === "dir" && !entry.path.endsWith("/") ? `${entry.path}/` : entry.path,
    );
    const content = Buffer.from(entry.type === "symlink" ? (entry.linkTarget ?? "") : (entry.content ?? ""));
    const typeBits = {
      file: 0o100000,
      dir: 0o040000,
      symlink: 0o120000,
      hardlink: 0o100000,
      fifo: 0o010000,
      "char-device": 0o020000,
    }[entry.type ?? "file"];
    const mode = typeBits | (entry.mode ?? 0o644);
    const crc = crc32(content);
    const declared = entry.size ?? content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, content);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(Math.min(declared, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
/** A valid SKILL.md for `name`. */
export function skillText(name, extra = "") {
  return `---\nname: ${name}\ndescription: "Helps with ${name}. Use when the user asks about ${name}."\n${extra}---\n\n# ${name}\n\nSteps.\n`;
}
//# sourceMappingURL=make-archive.js.map
