import { describe, expect, it } from "vitest";
import { sftpSearch, tabOf } from "./search.ts";

describe("the SFTP screen's URL state", () => {
  it("opens SFTP Import unless the URL says tab=export, and keeps a consistent page walk", () => {
    expect(tabOf(sftpSearch({}))).toBe("import");
    expect(tabOf(sftpSearch({ tab: "export" }))).toBe("export");
    expect(tabOf(sftpSearch({ tab: "elsewhere" }))).toBe("import");
    expect(sftpSearch({ cursors: ["a", "b"], page: 1 })).toEqual({ cursors: ["a", "b"], page: 3 });
    expect(sftpSearch({ cursors: [""], page: 4 })).toEqual({});
  });
});
