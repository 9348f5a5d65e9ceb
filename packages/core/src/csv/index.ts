/**
 * The streaming CSV reader every import uses (do-not-call lists now, contact imports with issue 12):
 * RFC 4180 fields (quotes, doubled quotes, separators and line breaks inside quotes), CRLF or LF, a
 * leading byte-order mark. It reads chunk by chunk and yields row by row, so a file of any size is read in
 * constant memory; a row longer than `maxRowChars` is reported as that row's error and skipped, never
 * buffered whole.
 */

export interface CsvOptions {
  /** The longest row kept (characters, quotes included). */
  maxRowChars?: number;
  /** The most fields a row may have. */
  maxFields?: number;
  /**
   * Adds `end` (the byte offset just after the row's line break, counted from `resume.offset`) and `cr`
   * (that line break was a CR, so an LF right after it still belongs to it) to every row: where a reader
   * started again with `resume` goes on. Offsets are exact for UTF-8 input (imports check it first).
   */
  offsets?: boolean;
  /** Goes on from a row's `end`: the chunks start at that byte; rows are numbered from `row`. */
  resume?: { offset: number; row: number; cr: boolean };
}

export type CsvRow = { row: number; fields: string[] } | { row: number; error: string };
/** A row with where it ends in the input (CsvOptions.offsets). */
export type CsvRowAt = CsvRow & { end: number; cr: boolean };

/** The UTF-8 length of one UTF-16 code unit: a surrogate pair counts 4 on its first half. */
const utf8Length = (code: number) =>
  code < 0x80
    ? 1
    : code < 0x800
      ? 2
      : code >= 0xd800 && code <= 0xdbff
        ? 4
        : code >= 0xdc00 && code <= 0xdfff
          ? 0
          : 3;

export const DEFAULT_MAX_ROW_CHARS = 64 * 1024;
export const DEFAULT_MAX_FIELDS = 500;

/** Reads CSV text from chunks (strings, or bytes decoded as UTF-8). Row numbers start at 1. */
export async function* readCsv(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: CsvOptions = {},
): AsyncGenerator<CsvRow> {
  const maxRow = options.maxRowChars ?? DEFAULT_MAX_ROW_CHARS;
  const maxFields = options.maxFields ?? DEFAULT_MAX_FIELDS;
  // ignoreBOM keeps a leading BOM in the text, where it is stripped below and its 3 bytes counted.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  /** Just left a quoted section: a quote now is an escaped quote, anything else ends the quoting. */
  let afterQuote = false;
  let rowChars = 0;
  let row = options.resume?.row ?? 1;
  let skipping: string | null = null;
  // A byte-order mark is only ever at the start of the file.
  let first = !options.resume;
  /** A CR was last: an LF right after it belongs to the same line break. */
  let pendingCr = options.resume?.cr ?? false;
  const offsets = options.offsets === true;
  /** Bytes read so far, counted from the start of the file. */
  let consumed = options.resume?.offset ?? 0;
  let lastCr = false;
  const at = (done: CsvRow): CsvRow =>
    offsets ? ({ ...done, end: consumed, cr: lastCr } as CsvRowAt) : done;

  const endRow = (): CsvRow | null => {
    const done: CsvRow | null = skipping
      ? { row, error: skipping }
      : fields.length === 0 && field === "" && rowChars === 0
        ? null
        : { row, fields: [...fields, field] };
    fields = [];
    field = "";
    quoted = false;
    afterQuote = false;
    rowChars = 0;
    skipping = null;
    row++;
    return done;
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        consumed += 3;
      }
      first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (offsets) consumed += utf8Length(text.charCodeAt(i));
      if (pendingCr) {
        pendingCr = false;
        if (ch === "\n") continue;
      }
      if (skipping) {
        // A row too long is read to its end without keeping it (quotes still decide where it ends).
        if (ch === '"') quoted = !quoted;
        else if (!quoted && (ch === "\n" || ch === "\r")) {
          pendingCr = ch === "\r";
          lastCr = pendingCr;
          const done = endRow();
          if (done) yield at(done);
        }
        continue;
      }
      rowChars++;
      if (rowChars > maxRow) {
        skipping = `Row ${row} is longer than ${maxRow} characters.`;
        quoted = quoted && !afterQuote;
        continue;
      }
      if (quoted) {
        if (afterQuote) {
          afterQuote = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else if (ch === '"') {
          afterQuote = true;
          continue;
        } else {
          field += ch;
          continue;
        }
      }
      if (ch === '"' && field === "") {
        quoted = true;
      } else if (ch === ",") {
        fields.push(field);
        field = "";
        if (fields.length >= maxFields) skipping = `Row ${row} has more than ${maxFields} fields.`;
      } else if (ch === "\n" || ch === "\r") {
        pendingCr = ch === "\r";
        lastCr = pendingCr;
        rowChars--;
        const done = endRow();
        if (done) yield at(done);
      } else {
        field += ch;
      }
    }
  }
  const tail = decoder.decode();
  if (tail) field += tail;
  if (quoted && !afterQuote && !skipping) skipping = `Row ${row} has a quote that is never closed.`;
  lastCr = false;
  const done = endRow();
  if (done) yield at(done);
}

/** Splits a web ReadableStream (a request body) into chunks readCsv takes. */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
