/**
 * The one reader of process.env for the Lambda functions: the variables the stacks pass to them.
 * Env builders call it once per cold start.
 */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the stacks pass it to the function (stacks/).`);
  return value;
}

export const awsRegion = () => process.env.AWS_REGION ?? "us-east-1";

export const logLevel = () => (process.env.LOG_LEVEL?.toUpperCase() as "INFO" | undefined) || "INFO";

/** The value CloudFront sends in x-origin-secret (stacks/Api.ts); unset outside AWS. */
export const originSecret = () => process.env.ORIGIN_SECRET || undefined;

/** The job queue (stacks/Jobs.ts) of the functions that start or run jobs; unset elsewhere. */
export const jobQueueUrl = () => process.env.JOB_QUEUE_URL || undefined;

/** Merchant onboarding's partner accounts (the OnboardingPartners secret, stacks/Secrets.ts); unset elsewhere. */
export function onboardingPartners():
  | {
      merchantServicesUrl: string;
      merchantServicesUsername: string;
      merchantServicesPassword: string;
      paymentGatewayUrl: string;
    }
  | undefined {
  const text = process.env.ONBOARDING_PARTNERS;
  if (!text) return undefined;
  return JSON.parse(text);
}

/** The onboarding state machine (stacks/Workflows.ts) of the functions that start or complete its steps. */
export const onboardingStateMachineArn = () => process.env.ONBOARDING_STATE_MACHINE_ARN || undefined;

/**
 * The Scheduler port's EventBridge parts (stacks/Scheduler.ts): the stage's schedule group, the target
 * function schedules invoke and the role they invoke it with. Unset in functions that manage no schedules.
 */
export function schedulerConfig(): { groupName: string; targetArn: string; roleArn: string } | undefined {
  const groupName = process.env.SCHEDULE_GROUP;
  const targetArn = process.env.SCHEDULE_TARGET_ARN;
  const roleArn = process.env.SCHEDULE_ROLE_ARN;
  return groupName && targetArn && roleArn ? { groupName, targetArn, roleArn } : undefined;
}

/** Contacts in the dialer the driver keeps per Active campaign (stacks/Dialer.ts); core's default when unset. */
export const dialerInFlight = (): number | undefined => Number(process.env.DIALER_IN_FLIGHT) || undefined;
