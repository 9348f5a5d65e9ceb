import { Duration } from "aws-cdk-lib";
import * as cognito from "aws-cdk-lib/aws-cognito";
import type { StackContext } from "sst/constructs";

/** Custom attributes become the id token's claims custom:tenant, custom:tenantRole, ... (core/identity). */
export const CUSTOM_ATTRIBUTES = ["tenant", "tenantRole", "securityRights", "company"] as const;

export function Auth({ stack }: StackContext) {
  const userPool = new cognito.UserPool(stack, "Users", {
    signInAliases: { email: true },
    signInCaseSensitive: false,
    selfSignUpEnabled: false,
    standardAttributes: {
      email: { required: true, mutable: true },
      fullname: { required: false, mutable: true },
    },
    customAttributes: Object.fromEntries(
      CUSTOM_ATTRIBUTES.map((name) => [
        name,
        new cognito.StringAttribute({ mutable: true, minLen: 1, maxLen: 256 }),
      ]),
    ),
    passwordPolicy: { minLength: 8, requireSymbols: false, requireUppercase: false, requireDigits: false },
    accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
  });
  const client = userPool.addClient("Console", {
    authFlows: { userPassword: true, userSrp: true },
    generateSecret: false,
    idTokenValidity: Duration.hours(12),
    preventUserExistenceErrors: true,
  });
  return { userPool, client };
}
