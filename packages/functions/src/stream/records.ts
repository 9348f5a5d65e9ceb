import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import type { DynamoDBStreamEvent } from "aws-lambda";

type Image = Record<string, unknown>;

/**
 * What a table-stream record carries, in a Lambda event and in a DynamoDB Streams GetRecords answer alike
 * (the embedded change feed reads the latter).
 */
export interface StreamRecord {
  eventName?: string;
  dynamodb?: { Keys?: Image; NewImage?: Image; OldImage?: Image; SequenceNumber?: string };
}

/**
 * One stream record as the ChangeRecord core works on. Throws when an image cannot be read; the caller
 * sets that record aside (the embedded feed's dead letters, Lambda's on-failure destination).
 */
export function changeRecordOf(record: StreamRecord): ChangeRecord {
  const data = record.dynamodb;
  return {
    eventName: record.eventName as ChangeRecord["eventName"],
    newImage: data?.NewImage ? imageOf(data.NewImage) : undefined,
    oldImage: data?.OldImage ? imageOf(data.OldImage) : undefined,
  };
}

/** A table-stream event as ChangeRecords (the realtime fan-out, which has no records to set aside). */
export function changeRecordsOf(event: DynamoDBStreamEvent): ChangeRecord[] {
  return event.Records.map(changeRecordOf);
}

/**
 * Every number becomes a JS number. Items are written from JSON, so each number was a double to begin
 * with; unmarshall's default would make a large integer a BigInt (which no JSON index can take) and throw
 * on a large non-integer such as 1.5e100.
 */
const imageOf = (image: Image): Image => unmarshall(typed(image) as never, { wrapNumbers: Number });

/** Where a record sits and what it is about, without its images (they may hold sealed credentials). */
export function describeRecord(record: StreamRecord) {
  let keys: Image | undefined;
  try {
    keys = record.dynamodb?.Keys ? unmarshall(record.dynamodb.Keys as never) : undefined;
  } catch {
    keys = undefined;
  }
  return { sequenceNumber: record.dynamodb?.SequenceNumber, eventName: record.eventName, keys };
}

/**
 * DynamoDB Local's stream writes an empty map as `{}`, with no type, at any depth (in maps and lists);
 * no other attribute value is ever empty, so `{}` is given back its type and an empty map stays an empty
 * map. AWS never sends an untyped value: there this changes nothing.
 */
export function typed(image: Image): Image {
  const out: Image = {};
  for (const [key, value] of Object.entries(image)) out[key] = typedValue(value);
  return out;
}

function typedValue(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  if (Object.keys(value).length === 0) return { M: {} };
  const { M, L } = value as { M?: unknown; L?: unknown };
  if (M && typeof M === "object" && !Array.isArray(M)) return { M: typed(M as Image) };
  if (Array.isArray(L)) return { L: L.map(typedValue) };
  return value;
}
