import { describe, expect, it } from "vitest";
import { dialDetails, metaOf, promptPayDetails, promptPayOutcome } from "./activity.ts";

describe("activity detail", () => {
  it("reads metaData stored as a map or as JSON text, and ignores anything else", () => {
    expect(metaOf({ metaData: { a: 1 } })).toEqual({ a: 1 });
    expect(metaOf({ metaData: '{"a":1}' })).toEqual({ a: 1 });
    expect(metaOf({ metaData: "not json" })).toEqual({});
    expect(metaOf({ metaData: 7 })).toEqual({});
  });

  it("shows a Dial's description, classification, campaign, segment and completed reason", () => {
    const details = dialDetails({
      type: "Dial",
      disposition: "NA",
      campaign: "camp-1",
      metaData: { dispositionDescription: "No Answer", classification: "Retry", completedReason: "Timeout" },
    });
    expect(details).toEqual([
      ["Disposition", "No Answer"],
      ["Classification", "Retry"],
      ["Campaign", "camp-1"],
      ["Segment", undefined],
      ["Completed Reason", "Timeout"],
    ]);
  });

  it("names the PromptPay outcome by event and transaction", () => {
    expect(promptPayOutcome({ type: "PromptPay", disposition: "Opened" })).toBe(
      "Payment link has been opened",
    );
    expect(
      promptPayOutcome({ type: "PromptPay", disposition: "Attempted", metaData: { transaction: { a: 1 } } }),
    ).toBe("Payment Successful");
    expect(
      promptPayOutcome({
        type: "PromptPay",
        title: "Attempted",
        metaData: { transactionMeta: { code: 51 } },
      }),
    ).toBe("Payment Declined");
    expect(promptPayOutcome({ type: "PromptPay", disposition: "Sent" })).toBeUndefined();
    expect(
      promptPayDetails({
        type: "PromptPay",
        metaData: { transaction: { transactionAmount: 12.5, cardNumber: "****1111" }, channel: "SMS" },
      }),
    ).toEqual([
      ["Amount", "12.50"],
      ["Card", "****1111"],
      ["Channel", "SMS"],
    ]);
  });
});
