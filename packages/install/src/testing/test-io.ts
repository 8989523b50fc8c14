/**
 * @module Test fixture: an `InstallIo` that answers approval with a fixed value and records what it was
 * shown, like `--yes` (or its absence) off a terminal.
 */
import type { InstallIo } from "../operations/install-io.js";
import type { Candidate } from "../operations/stage-candidates.js";

export interface RecordingIo extends InstallIo {
  reviewed: Candidate[];
  questions: string[];
}

export function testIo(options: { approve?: boolean; choose?: string[] } = {}): RecordingIo {
  const io: RecordingIo = {
    reviewed: [],
    questions: [],
    progress: () => {},
    choose: async () => options.choose,
    review: (candidate) => void io.reviewed.push(candidate),
    approve: async (question) => {
      io.questions.push(question);
      return options.approve ?? true;
    },
  };
  return io;
}
