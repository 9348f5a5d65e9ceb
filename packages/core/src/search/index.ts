export * from "./ast.ts";
export * from "./evaluate.ts";
export * from "./format.ts";
export * from "./parse.ts";
