/**
 * @module Test fixture: an `InstallIo` that answers approval with a fixed value and records what it was
 * shown, like `--yes` (or its absence) off a terminal.
 */
import type { InstallIo } from "../operations/install-io.js";
import type { Candidate } from "../operations/stage-candidates.js";

export interface RecordingIo extends InstallIo {
  reviewed: Candidate[];
  questions: string[];
  /** The default answer offered with each question, in order. */
  defaults: boolean[];
}

export function testIo(options: { approve?: boolean; choose?: string[] } = {}): RecordingIo {
  const io: RecordingIo = {
    reviewed: [],
    questions: [],
    defaults: [],
    progress: () => {},
    choose: async () => options.choose,
    review: (candidate) => void io.reviewed.push(candidate),
    approve: async (question, asked) => {
      io.questions.push(question);
      io.defaults.push(asked?.defaultAnswer ?? true);
      return options.approve ?? true;
    },
  };
  return io;
}
