/**
 * The generated import file's columns, shared by the import benches (bench/import.ts in-process,
 * bench/list-during-import.ts through a running instance): the field mapping each creates and the header.
 */
export const IMPORT_MAPPING = [
  { fromField: "ID", toField: "externalId" },
  { fromField: "FirstName", toField: "firstName" },
  { fromField: "LastName", toField: "lastName" },
  { fromField: "Phone", toField: "phone" },
  { fromField: "City", toField: "city" },
  { fromField: "State", toField: "state" },
];

export const IMPORT_HEADER = IMPORT_MAPPING.map((m) => m.fromField).join(",");
