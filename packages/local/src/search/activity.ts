import { decodeOffsetCursor, encodeOffsetCursor } from "@reachcx/core/search/cursor";
import { normalize } from "@reachcx/core/search/evaluate";
import type { ActivityRequest, SearchDoc, SearchPage } from "@reachcx/core/search/port";
import type Database from "better-sqlite3";

/**
 * The activity-log index: one row per log with the columns its lists filter and sort on, newest first.
 * Indexes lead with the tenant, then the contact or the type, then the timestamp, so a contact's feed or a
 * type's window is an index range read backwards.
 */
export function activityIndex(db: Database.Database) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS activitylog (
      tenant TEXT NOT NULL,
      id TEXT NOT NULL,
      contact TEXT,
      type TEXT,
      timestamp TEXT NOT NULL,
      updatedAt REAL,
      doc TEXT NOT NULL,
      PRIMARY KEY (tenant, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS activity_contact ON activitylog (tenant, contact, timestamp, id);
    CREATE INDEX IF NOT EXISTS activity_type ON activitylog (tenant, type, timestamp, id);
    CREATE INDEX IF NOT EXISTS activity_time ON activitylog (tenant, timestamp, id);
  `);
  const put = db.prepare(`
    INSERT INTO activitylog (tenant, id, contact, type, timestamp, updatedAt, doc)
    VALUES (@tenant, @id, @contact, @type, @timestamp, @updatedAt, @doc)
    ON CONFLICT (tenant, id) DO UPDATE SET
      contact = excluded.contact, type = excluded.type, timestamp = excluded.timestamp,
      updatedAt = excluded.updatedAt, doc = excluded.doc
    WHERE excluded.updatedAt IS NULL OR activitylog.updatedAt IS NULL OR excluded.updatedAt >= activitylog.updatedAt
  `);
  const del = db.prepare("DELETE FROM activitylog WHERE tenant = ? AND id = ?");
  const upsert = db.transaction((docs: SearchDoc[]) => {
    for (const doc of docs)
      put.run({
        tenant: doc.tenant,
        id: doc.id,
        contact: typeof doc.activityLogContactId === "string" ? doc.activityLogContactId : null,
        type: typeof doc.type === "string" ? doc.type : null,
        timestamp: String(doc.timestamp ?? doc.createdAt ?? ""),
        updatedAt: normalize(doc.updatedAt, "date") as number | null,
        doc: JSON.stringify(doc),
      });
  });
  const remove = db.transaction((keys: { tenant: string; id: string }[]) => {
    for (const key of keys) del.run(key.tenant, key.id);
  });
  function query(tenant: string, request: ActivityRequest): SearchPage {
    const where = ["tenant = ?"];
    const params: unknown[] = [tenant];
    const add = (sql: string, value: string | undefined) => {
      if (value === undefined) return;
      where.push(sql);
      params.push(value);
    };
    add("contact = ?", request.contactId);
    add("type = ?", request.type);
    add("timestamp >= ?", request.from);
    add("timestamp < ?", request.to);
    const clause = where.join(" AND ");
    const offset = decodeOffsetCursor(request.cursor);
    const total = (
      db.prepare(`SELECT count(*) AS n FROM activitylog WHERE ${clause}`).get(...params) as { n: number }
    ).n;
    const rows = db
      .prepare(`SELECT id FROM activitylog WHERE ${clause} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, request.limit, offset) as { id: string }[];
    const next = offset + rows.length;
    return { ids: rows.map((r) => r.id), total, nextCursor: next < total ? encodeOffsetCursor(next) : null };
  }
  return { upsert, remove, query };
}
