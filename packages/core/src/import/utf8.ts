/**
 * Checks that a stream of bytes is UTF-8 text, chunk by chunk in constant memory, and says where the
 * first byte that is not lies (byte offset and 1-based line), so an import of a Latin-1 or UTF-16 export
 * is refused with a place to look, before any row is written.
 */
export class Utf8Check {
  private need = 0;
  private lower = 0x80;
  private upper = 0xbf;
  private offset = 0;
  private line = 1;
  /** Where the character being read began: a bad continuation byte is reported at its lead byte. */
  private lead = 0;
  private leadLine = 1;
  invalid: { offset: number; line: number } | undefined;

  /** Feeds the next bytes; answers false (and sets `invalid`) at the first byte that breaks UTF-8. */
  push(bytes: Uint8Array): boolean {
    if (this.invalid) return false;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (this.need === 0) {
        if (b === 0x0a) this.line++;
        this.lead = this.offset + i;
        this.leadLine = this.line;
        if (b < 0x80) {
          // ASCII: the common case.
        } else if (b >= 0xc2 && b <= 0xdf) this.need = 1;
        else if (b >= 0xe0 && b <= 0xef) {
          this.need = 2;
          if (b === 0xe0) this.lower = 0xa0;
          if (b === 0xed) this.upper = 0x9f;
        } else if (b >= 0xf0 && b <= 0xf4) {
          this.need = 3;
          if (b === 0xf0) this.lower = 0x90;
          if (b === 0xf4) this.upper = 0x8f;
        } else return this.fail();
      } else {
        if (b < this.lower || b > this.upper) return this.fail();
        this.lower = 0x80;
        this.upper = 0xbf;
        this.need--;
      }
    }
    this.offset += bytes.length;
    return true;
  }

  /** Call at the end: a multi-byte character cut off by the end of the file is not UTF-8 either. */
  end(): boolean {
    if (this.invalid) return false;
    if (this.need > 0) return this.fail();
    return true;
  }

  private fail(): false {
    this.invalid = { offset: this.lead, line: this.leadLine };
    return false;
  }
}
