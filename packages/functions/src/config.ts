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
