/**
 * @module The terminal's size, kept current on resize (the UI redraws for the new width).
 */
import { useStdout } from "ink";
import { useEffect, useState } from "react";

export interface TerminalSize {
  columns: number;
  rows: number;
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = () => ({ columns: Math.max(1, stdout.columns || 80), rows: Math.max(1, stdout.rows || 24) });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const update = () => setSize(read());
    stdout.on("resize", update);
    return () => {
      stdout.off("resize", update);
    };
  });
  return size;
}
