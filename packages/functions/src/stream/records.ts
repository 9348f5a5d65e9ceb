import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { ChangeRecord } from "@reachcx/core/realtime/index";
import type { DynamoDBStreamEvent } from "aws-lambda";

/** A table-stream event as the ChangeRecords core works on (the embedded change feed makes the same). */
export function changeRecordsOf(event: DynamoDBStreamEvent): ChangeRecord[] {
  return event.Records.map((record) => ({
    eventName: record.eventName as ChangeRecord["eventName"],
    newImage: record.dynamodb?.NewImage ? unmarshall(record.dynamodb.NewImage as never) : undefined,
    oldImage: record.dynamodb?.OldImage ? unmarshall(record.dynamodb.OldImage as never) : undefined,
  }));
}
