/**
 * @module The media type of a skill file, from its extension (seed 004: `.md` is markdown, other text
 * is plain); enough to describe a binary file instead of dumping it.
 */
import { extname } from "node:path";

const TYPES: Record<string, string> = {
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".html": "text/html",
  ".xml": "application/xml",
  ".csv": "text/csv",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** `text/markdown` for `.md`, a known type by extension, else `text/plain` for text and `application/octet-stream` for binary. */
export function mediaType(path: string, binary: boolean): string {
  return TYPES[extname(path).toLowerCase()] ?? (binary ? "application/octet-stream" : "text/plain");
}
