import type { Node } from "./ast.ts";

/** Writes a search-box AST back as search-box text (used by tests and to show a parsed query). */
export function formatSearch(node: Node): string {
  switch (node.type) {
    case "text": {
      const body = node.words.length > 1 ? `"${node.words.join(" ")}"` : (node.words[0] as string);
      return node.prefix ? `${body}*` : body;
    }
    case "group": {
      const inner = node.rules
        .map((r) => wrap(r, node.combinator))
        .join(node.combinator === "and" ? " + " : " | ");
      return node.not
        ? `-${node.rules.length === 1 && node.rules[0]?.type === "text" ? inner : `(${inner})`}`
        : inner;
    }
    case "rule":
      throw new Error("Field rules have no search-box syntax.");
  }
}

function wrap(node: Node, parent: "and" | "or"): string {
  const text = formatSearch(node);
  return node.type === "group" && !node.not && node.combinator !== parent ? `(${text})` : text;
}
