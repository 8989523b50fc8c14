/** One archive entry. `size` overrides the declared size (the data written is `content` alone). */
export interface ArchiveEntry {
  path: string;
  type?: "file" | "dir" | "symlink" | "hardlink" | "fifo" | "char-device";
  content?: string | Buffer;
  linkTarget?: string;
  size?: number;
  mode?: number;
}
/** A `.tar.gz` of `entries`. */
export declare function makeTarGz(entries: readonly ArchiveEntry[]): Buffer;
/** A `.zip` of `entries` (stored, not deflated); `size` overrides the declared uncompressed size. */
export declare function makeZip(entries: readonly ArchiveEntry[]): Buffer;
/** A valid SKILL.md for `name`. */
export declare function skillText(name: string, extra?: string): string;
//# sourceMappingURL=make-archive.d.ts.map
