/**
 * @module A skill name with its matched characters bold, cut to a width (the name is made inert first).
 */
import { inertForTerminal } from "@skillset/core/model";
import { Text } from "ink";
import { fitWidth } from "../terminal/text-width.js";

export function HighlightedLabel(props: { label: string; positions: readonly number[]; width: number }) {
  const label = fitWidth(inertForTerminal(props.label), props.width);
  if (label !== props.label) return <Text>{label}</Text>;
  const marked = new Set(props.positions);
  const parts: { text: string; bold: boolean }[] = [];
  for (let index = 0; index < label.length; index++) {
    const bold = marked.has(index);
    const last = parts[parts.length - 1];
    if (last && last.bold === bold) last.text += label[index];
    else parts.push({ text: label[index] ?? "", bold });
  }
  return (
    <Text>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
        <Text key={index} bold={part.bold} underline={part.bold}>
          {part.text}
        </Text>
      ))}
    </Text>
  );
}
