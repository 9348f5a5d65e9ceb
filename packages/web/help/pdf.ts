/**
 * A minimal PDF writer: one or more pages of Helvetica text lines. Enough for the generated help
 * documents; no dependency, and the output opens in every PDF viewer.
 */
export interface Line {
  text: string;
  size?: number;
  bold?: boolean;
  gap?: number;
}

const pdfString = (s: string) => s.replace(/[\\()]/g, "\\$&").replace(/[^\x20-\x7e]/g, "?");

export function textPdf(lines: Line[]): Uint8Array {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = 770;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? size * 1.5;
    if (y < 60) {
      pages.push(ops.join("\n"));
      ops = [];
      y = 770 - size * 1.5;
    }
    ops.push(
      `BT /${line.bold ? "F2" : "F1"} ${size} Tf 60 ${y.toFixed(1)} Td (${pdfString(line.text)}) Tj ET`,
    );
  }
  pages.push(ops.join("\n"));

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>");
  const kids: number[] = [];
  for (const content of pages) {
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${stream} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
