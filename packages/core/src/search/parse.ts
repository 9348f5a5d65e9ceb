import { VisibleError } from "../error/index.ts";
import { group, type Node, words } from "./ast.ts";

/**
 * The contact search box syntax (spec 003 §2.2): `+` AND, `|` OR, `-` negates a token, quotes make a
 * phrase, a trailing `*` is a prefix, parentheses set precedence. Terms side by side are ANDed
 * (docs/decisions.md). Precedence: `|` binds loosest, then AND, then `-`.
 */
export function parseSearch(input: string): Node | null {
  const tokens = tokenize(input);
  if (tokens.length === 0) return null;
  let pos = 0;
  const peek = () => tokens[pos];

  function or(): Node {
    const parts = [and()];
    while (peek()?.kind === "or") {
      pos++;
      parts.push(and());
    }
    return parts.length === 1 ? (parts[0] as Node) : group("or", parts);
  }

  function and(): Node {
    const parts = [unary()];
    for (;;) {
      const next = peek();
      if (next?.kind === "and") {
        pos++;
        parts.push(unary());
      } else if (next && next.kind !== "or" && next.kind !== "close") parts.push(unary());
      else break;
    }
    return parts.length === 1 ? (parts[0] as Node) : group("and", parts);
  }

  function unary(): Node {
    const token = peek();
    if (token?.kind === "not") {
      pos++;
      return group("and", [unary()], true);
    }
    return primary();
  }

  function primary(): Node {
    const token = tokens[pos++];
    if (!token) throw syntax("The search ends with an operator; add a word after it.");
    if (token.kind === "open") {
      const inner = or();
      if (tokens[pos++]?.kind !== "close") throw syntax("Unbalanced parentheses: a ( has no closing ).");
      return inner;
    }
    if (token.kind === "term") return token.node;
    if (token.kind === "close") throw syntax("Unbalanced parentheses: a ) has no opening (.");
    throw syntax(`The search has ${token.kind === "or" ? "|" : "+"} where a word should be.`);
  }

  const node = or();
  if (pos < tokens.length) {
    const extra = tokens[pos];
    throw syntax(
      extra?.kind === "close"
        ? "Unbalanced parentheses: a ) has no opening (."
        : "The search could not be read.",
    );
  }
  return node;
}

type Token = { kind: "and" | "or" | "not" | "open" | "close" } | { kind: "term"; node: Node };

const syntax = (message: string) =>
  new VisibleError("input", "search.syntax", message, [{ path: "search", message }]);

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "+") {
      tokens.push({ kind: "and" });
      i++;
    } else if (ch === "|") {
      tokens.push({ kind: "or" });
      i++;
    } else if (ch === "(") {
      tokens.push({ kind: "open" });
      i++;
    } else if (ch === ")") {
      tokens.push({ kind: "close" });
      i++;
    } else if (ch === "-" && (i === 0 || /[\s(+|]/.test(input[i - 1] as string))) {
      tokens.push({ kind: "not" });
      i++;
    } else if (ch === '"') {
      const end = input.indexOf('"', i + 1);
      if (end < 0) throw syntax('Unbalanced quotes: a " has no closing ".');
      const prefix = input[end + 1] === "*";
      pushTerm(tokens, input.slice(i + 1, end), prefix);
      i = end + 1 + (prefix ? 1 : 0);
    } else {
      let end = i;
      while (end < input.length && !/[\s+|()"]/.test(input[end] as string)) end++;
      const raw = input.slice(i, end);
      const prefix = raw.endsWith("*");
      pushTerm(tokens, prefix ? raw.replace(/\*+$/, "") : raw, prefix);
      i = end;
    }
  }
  // A `-` or operator with nothing to act on is a mistake the user should hear about, not a silent drop.
  return tokens;
}

function pushTerm(tokens: Token[], text: string, prefix: boolean) {
  const list = words(text);
  if (list.length === 0) {
    // punctuation alone ("*", "--") carries nothing to match: leave it out, but keep a dangling NOT honest
    if (tokens.at(-1)?.kind === "not") tokens.pop();
    return;
  }
  tokens.push({ kind: "term", node: { type: "text", words: list, prefix } });
}
