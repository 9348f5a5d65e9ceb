/** Splits a Server-Sent Events text stream into messages: their `data:` payloads and `:` comments. */
export class SseReader {
  private buffer = "";

  push(chunk: string): { data: string[]; comments: string[] } {
    this.buffer += chunk;
    const data: string[] = [];
    const comments: string[] = [];
    let end = this.buffer.indexOf("\n\n");
    while (end >= 0) {
      for (const line of this.buffer.slice(0, end).split("\n")) {
        if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
        else if (line.startsWith(":")) comments.push(line.slice(1).trim());
      }
      this.buffer = this.buffer.slice(end + 2);
      end = this.buffer.indexOf("\n\n");
    }
    return { data, comments };
  }
}
