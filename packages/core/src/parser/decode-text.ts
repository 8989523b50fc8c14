/**
 * @module Bytes → text for SKILL.md and `agents/openai.yaml`: strict UTF-8, BOM stripped, binary refused.
 */
import { isUtf8 } from "node:buffer";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { crOnlyToLf } from "./old-mac-line-breaks.js";

/** The decoded text, or the one error that explains why the bytes are not a text file. */
export type DecodeResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/** Options for {@link decodeSkillBytes}. */
export interface DecodeOptions {
  /**
   * The bytes are the start of a longer file (a head read): a multi-byte character cut at the end is
   * dropped instead of being reported as invalid. Default false.
   */
  partial?: boolean;
}

// One fatal decoder reused for whole files (not stream mode, so it keeps no state between calls).
const wholeDecoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes bytes as UTF-8 and strips a UTF-8 byte-order mark. Returns an error diagnostic instead of text
 * when the bytes are UTF-16 (`encoding-invalid`), contain NUL bytes (`file-binary`: no text file does), or
 * are not valid UTF-8 (`encoding-invalid`, with the line and column of the first bad byte). Never throws.
 */
export function decodeSkillBytes(bytes: Uint8Array, path: string, options: DecodeOptions = {}): DecodeResult {
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return fail(
      diagnostic(
        "error",
        "encoding-invalid",
        `${path} is encoded as UTF-16; save it as UTF-8 (without a byte-order mark) so it can be read.`,
        path,
        { line: 1, column: 1 },
      ),
    );
  }
  const nul = indexOfNul(bytes);
  if (nul !== -1) {
    const { line, column } = positionOf(bytes, nul);
    return fail(
      diagnostic(
        "error",
        "file-binary",
        `${path} contains a NUL byte at line ${line}, so it is a binary file, not Markdown; replace it with a UTF-8 text SKILL.md.`,
        path,
        { line, column },
      ),
    );
  }
  try {
    // TextDecoder strips a leading UTF-8 BOM by default (ignoreBOM: false).
    const text = options.partial
      ? new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true })
      : wholeDecoder.decode(bytes);
    return { ok: true, text: crOnlyToLf(text) };
  } catch {
    const bad = findInvalidUtf8(bytes);
    const { line, column } = positionOf(bytes, bad);
    return fail(
      diagnostic(
        "error",
        "encoding-invalid",
        `${path} is not valid UTF-8 (first bad byte at line ${line}, column ${column}); re-save the file as UTF-8.`,
        path,
        { line, column },
      ),
    );
  }
}

/**
 * True when {@link decodeSkillBytes} would decode all of `bytes` (not UTF-16, no NUL, valid UTF-8), found
 * without building a string.
 */
export function isDecodable(bytes: Uint8Array): boolean {
  return isDecodableBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** {@link isDecodable} for a Buffer (no view to make). */
export function isDecodableBuffer(bytes: Buffer): boolean {
  const utf16 =
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  return !utf16 && bytes.indexOf(0) === -1 && isUtf8(bytes);
}

/**
 * The text of bytes that {@link isDecodable} accepted (or a prefix of them ending at a line break), a UTF-8
 * byte-order mark stripped: what {@link decodeSkillBytes} returns for them, without checking them again.
 */
export function decodeCheckedUtf8(bytes: Uint8Array): string {
  return wholeDecoder.decode(bytes);
}

/** Index of the first NUL byte, or -1; through a Buffer view, whose native search is several times faster. */
function indexOfNul(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0);
}

function fail(result: Diagnostic): DecodeResult {
  return { ok: false, diagnostic: result };
}

/**
 * Byte offset of the first invalid UTF-8 sequence (overlong forms, surrogates and code points above
 * U+10FFFF count as invalid, as in `TextDecoder`); `bytes.length` when a sequence is cut at the end.
 * Only called on the error path.
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
      cp = b & 0x07;
    } else {
      return i;
    }
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if ((next & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** 1-based line and column (in bytes after the last line break) of a byte offset. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
