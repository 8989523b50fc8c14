/** A working repository plus its bare twin (what sources point at). */
export interface GitFixture {
  work: string;
  bare: string;
  url: string;
  /** Writes files (a `null` value deletes; `{ symlink }` makes a link), commits, pushes; returns the commit. */
  commit(
    files: Record<
      string,
      | string
      | null
      | {
          symlink: string;
        }
    >,
    message?: string,
  ): Promise<string>;
  git(...args: string[]): string;
}
/** Creates an empty repository at `<dir>/work` with a bare twin at `<dir>/<name>.git`. */
export declare function makeGitRepo(dir: string, name?: string): Promise<GitFixture>;
//# sourceMappingURL=make-git-repo.d.ts.map
