/** A small typing of Amazon States Language (JSONPath), enough for the workflows this product runs. */
export type State =
  | {
      Type: "Pass";
      Comment?: string;
      InputPath?: string;
      Result?: unknown;
      ResultPath?: string;
      Next?: string;
      End?: true;
    }
  | {
      Type: "Task";
      Comment?: string;
      Resource: string;
      Parameters?: Record<string, unknown>;
      ResultSelector?: Record<string, unknown>;
      ResultPath?: string | null;
      TimeoutSeconds?: number;
      Retry?: {
        ErrorEquals: string[];
        IntervalSeconds?: number;
        MaxAttempts?: number;
        BackoffRate?: number;
      }[];
      Catch?: { ErrorEquals: string[]; Next: string; ResultPath?: string }[];
      Next?: string;
      End?: true;
    }
  | {
      Type: "Choice";
      Comment?: string;
      Choices: ({ Next: string } & Record<string, unknown>)[];
      Default?: string;
    }
  | { Type: "Wait"; Comment?: string; Seconds?: number; SecondsPath?: string; Next?: string; End?: true }
  | {
      Type: "Parallel";
      Comment?: string;
      Branches: StateMachine[];
      ResultPath?: string | null;
      Next?: string;
      End?: true;
    }
  | { Type: "Succeed"; Comment?: string }
  | { Type: "Fail"; Comment?: string; Error?: string; Cause?: string };

export interface StateMachine {
  Comment?: string;
  StartAt: string;
  States: Record<string, State>;
}
