import { Match, Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../packages/core/src/web/headers.ts";
import { OnboardingWorkflow } from "../../packages/core/src/workflows/index.ts";
import { addStacks, STACKS } from "../../stacks/index.ts";

const templates: Record<string, Template> = {};

/** Synthesizes every stack offline, as `sst deploy` would, without an AWS account. */
beforeAll(async () => {
  await initProject({ stage: "test" });
  const app = new App({ mode: "deploy", stage: "test", name: "reachcx" });
  addStacks(app);
  await app.finish();
  for (const [name, fn] of Object.entries(STACKS)) templates[name] = Template.fromStack(getStack(fn));
}, 180_000);

const t = (name: string) => templates[name] as Template;

describe("Storage", () => {
  it("is one table with pk/sk, four generic GSIs and a stream of new and old images", () => {
    const tables = t("Storage").findResources("AWS::DynamoDB::Table");
    expect(Object.keys(tables)).toHaveLength(1);
    const props = Object.values(tables)[0]?.Properties;
    expect(props.KeySchema).toEqual([
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ]);
    expect(
      props.GlobalSecondaryIndexes.map((g: any) => [
        g.IndexName,
        g.KeySchema.map((k: any) => k.AttributeName),
      ]),
    ).toEqual([
      ["gsi1", ["gsi1pk", "gsi1sk"]],
      ["gsi2", ["gsi2pk", "gsi2sk"]],
      ["gsi3", ["gsi3pk", "gsi3sk"]],
      ["gsi4", ["gsi4pk", "gsi4sk"]],
    ]);
    expect(props.StreamSpecification).toEqual({ StreamViewType: "NEW_AND_OLD_IMAGES" });
    expect(props.BillingMode).toBe("PAY_PER_REQUEST");
  });

  it("has a private bucket", () => {
    t("Storage").hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });
});

describe("Auth", () => {
  it("has a user pool whose custom attributes become the token's claims", () => {
    const pool = Object.values(t("Auth").findResources("AWS::Cognito::UserPool"))[0]?.Properties;
    const custom = pool.Schema.filter((a: any) => !["email", "name"].includes(a.Name)).map(
      (a: any) => a.Name,
    );
    expect(custom.sort()).toEqual(["company", "securityRights", "tenant", "tenantRole"]);
    expect(pool.Policies.PasswordPolicy.MinimumLength).toBe(8);
    t("Auth").hasResourceProperties("AWS::Cognito::UserPoolClient", {
      ExplicitAuthFlows: Match.arrayWith(["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH"]),
      GenerateSecret: false,
    });
  });
});

/** The API's one function, as synthesized in the Api stack. */
const apiFunction = () => {
  const fns = t("Api").findResources("AWS::Lambda::Function", {
    Properties: { Handler: "packages/functions/src/api/lambda.handler" },
  });
  expect(Object.keys(fns)).toHaveLength(1);
  return Object.entries(fns)[0] as [string, any];
};

describe("Api", () => {
  it("runs the Hono app on nodejs22.x with its configuration in environment variables", () => {
    const [, fn] = apiFunction();
    expect(fn.Properties.Runtime).toBe("nodejs22.x");
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([
        "TABLE_NAME",
        "BUCKET_NAME",
        "OPENSEARCH_URL",
        "USER_POOL_ID",
        "USER_POOL_CLIENT_ID",
        "KMS_KEY_ID",
      ]),
    );
    t("Api").hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "ANY /api/{proxy+}" });
    t("Api").hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "ANY /api" });
  });

  it("may touch only its own table, bucket, search domain, key and user pool", () => {
    const [, fn] = apiFunction();
    const roleRef = fn.Properties.Role["Fn::GetAtt"][0];
    const statements = Object.values(t("Api").findResources("AWS::IAM::Policy"))
      .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
    // The export of the one resource each service may touch, e.g. "test-reachcx-Storage:ExportsOutputFnGetAttTable710B521BArn".
    const own = (stack: string, type: string) => {
      const ids = Object.keys(t(stack).findResources(type));
      expect(ids).toHaveLength(1);
      return `test-reachcx-${stack}:ExportsOutputFnGetAtt${ids[0]}Arn`;
    };
    const owners: Record<string, string> = {
      dynamodb: own("Storage", "AWS::DynamoDB::Table"),
      s3: own("Storage", "AWS::S3::Bucket"),
      es: own("Search", "AWS::OpenSearchService::Domain"),
      kms: own("Secrets", "AWS::KMS::Key"),
      "cognito-idp": own("Auth", "AWS::Cognito::UserPool"),
    };
    const seen = new Set<string>();
    for (const statement of statements) {
      const actions: string[] = [statement.Action].flat();
      expect(actions).not.toContain("*");
      for (const [service, exportPrefix] of Object.entries(owners)) {
        if (!actions.some((a) => a.startsWith(`${service}:`))) continue;
        seen.add(service);
        expect(actions).not.toContain(`${service}:*`);
        for (const resource of [statement.Resource].flat()) {
          // The imported ARN itself, or Join(["", [that ARN, "/*" | "/index/*"]]); a hand-built ARN with "*" fails.
          const join = resource?.["Fn::Join"]?.[1];
          const arn = resource?.["Fn::ImportValue"] ?? join?.[0]?.["Fn::ImportValue"];
          expect(String(arn), `${service} on ${JSON.stringify(resource)}`).toMatch(
            new RegExp(`^${exportPrefix}`),
          );
          if (join)
            expect(join.slice(1)).toSatisfy(
              (rest: unknown[]) => rest.length === 1 && ["/*", "/index/*"].includes(rest[0] as string),
            );
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(owners).sort());
  });
});

describe("Api: the push platform", () => {
  it("may make the four Pinpoint calls of the push port, in its own account and region only", () => {
    const [, fn] = apiFunction();
    const roleRef = fn.Properties.Role["Fn::GetAtt"][0];
    const statements = Object.values(t("Api").findResources("AWS::IAM::Policy"))
      .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith("mobiletargeting:")));
    const actions = statements.flatMap((s: any) => [s.Action].flat()).sort();
    expect(actions).toEqual([
      "mobiletargeting:CreateApp",
      "mobiletargeting:DeleteApp",
      "mobiletargeting:UpdateApnsChannel",
      "mobiletargeting:UpdateGcmChannel",
    ]);
    // Built from the stack's own partition, region and account (the synthesis's us-east-1 / my-account);
    // CreateApp on the apps collection, the rest on its projects, never a wildcard account or service.
    const arn = (suffix: string) => ({
      "Fn::Join": [
        "",
        ["arn:", { Ref: "AWS::Partition" }, `:mobiletargeting:us-east-1:my-account:apps${suffix}`],
      ],
    });
    const byAction = Object.fromEntries(
      statements.flatMap((s: any) => [s.Action].flat().map((a: string) => [a, s.Resource])),
    );
    expect(byAction["mobiletargeting:CreateApp"]).toEqual(arn(""));
    for (const action of ["DeleteApp", "UpdateGcmChannel", "UpdateApnsChannel"])
      expect(byAction[`mobiletargeting:${action}`], action).toEqual(arn("/*"));
  });
});

describe("Api: the blobs bucket (core/adapters/s3.ts)", () => {
  it("names the bucket to the function and lets it read, presign and write its objects only", () => {
    const [, fn] = apiFunction();
    const bucketExport = new RegExp(
      `^test-reachcx-Storage:ExportsOutputRef${Object.keys(t("Storage").findResources("AWS::S3::Bucket"))[0]}`,
    );
    expect(fn.Properties.Environment.Variables.BUCKET_NAME["Fn::ImportValue"]).toMatch(bucketExport);
    const roleRef = fn.Properties.Role["Fn::GetAtt"][0];
    const statements = Object.values(t("Api").findResources("AWS::IAM::Policy"))
      .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
    // A presigned GET works with the signer's rights: the download links need s3:GetObject on the objects.
    const objects = statements.filter((st: any) =>
      [st.Resource]
        .flat()
        .some((r: any) => r?.["Fn::Join"]?.[1]?.[1] === "/*" && JSON.stringify(r).includes("Bucket")),
    );
    const actions = objects.flatMap((st: any) => [st.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(["s3:GetObject*", "s3:PutObject", "s3:DeleteObject*"]));
    expect(actions).not.toContain("s3:*");
  });

  it("keeps the bucket private, encrypted and reachable over TLS only", () => {
    t("Storage").hasResourceProperties("AWS::S3::Bucket", {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
    });
    t("Storage").hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: "Deny",
            Action: "s3:*",
            Condition: { Bool: { "aws:SecureTransport": "false" } },
          }),
        ]),
      },
    });
  });
});

describe("Realtime, Search, Scheduler, Workflows, Web", () => {
  it("has a WebSocket API with connect and disconnect routes and a stream consumer", () => {
    t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Api", { ProtocolType: "WEBSOCKET" });
    t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "$connect" });
    t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "$disconnect" });
    t("Realtime").hasResourceProperties("AWS::Lambda::EventSourceMapping", { StartingPosition: "LATEST" });
    t("Storage").hasResourceProperties("AWS::DynamoDB::Table", {
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  it("feeds the search indexes from the table stream through one indexer", () => {
    t("Search").hasResourceProperties("AWS::Lambda::Function", {
      Handler: "packages/functions/src/stream/indexer.handler",
    });
    t("Search").hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      StartingPosition: "TRIM_HORIZON",
      BisectBatchOnFunctionError: true,
    });
  });

  it("sends what the indexer cannot read or index to a dead-letter queue instead of blocking the shard", () => {
    const queues = Object.keys(t("Search").findResources("AWS::SQS::Queue"));
    expect(queues).toHaveLength(1);
    const queueArn = { "Fn::GetAtt": [queues[0], "Arn"] };
    t("Search").hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      StartingPosition: "TRIM_HORIZON",
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: queueArn } },
    });
    // The indexer's role may send to that queue.
    const sends = Object.values(t("Search").findResources("AWS::IAM::Policy"))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().includes("sqs:SendMessage"));
    expect(sends.map((s: any) => s.Resource)).toEqual([queueArn]);
  });

  it("sends what the realtime fan-out cannot handle after its retries to a dead-letter queue", () => {
    const queues = Object.keys(t("Realtime").findResources("AWS::SQS::Queue"));
    expect(queues).toHaveLength(1);
    t("Realtime").hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queues[0], "Arn"] } } },
    });
  });

  it("has an encrypted OpenSearch domain", () => {
    t("Search").hasResourceProperties("AWS::OpenSearchService::Domain", {
      EncryptionAtRestOptions: { Enabled: true },
      NodeToNodeEncryptionOptions: { Enabled: true },
      DomainEndpointOptions: { EnforceHTTPS: true },
    });
  });

  it("has a schedule group and a role only the scheduler may assume, allowed to invoke only the target", () => {
    t("Scheduler").hasResourceProperties("AWS::Scheduler::ScheduleGroup", { Name: "reachcx-test" });
    t("Scheduler").hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: {
        Statement: [
          { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "scheduler.amazonaws.com" } },
        ],
      },
    });
    const invoke = Object.values(t("Scheduler").findResources("AWS::IAM::Policy"))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().includes("lambda:InvokeFunction"));
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0].Resource)).toContain("ScheduleTarget");
  });

  it("runs the onboarding state machine defined by the ASL object in core, Standard and logged", () => {
    const machines = Object.values(t("Workflows").findResources("AWS::StepFunctions::StateMachine")) as any[];
    expect(machines).toHaveLength(1);
    const machine = machines[0].Properties;
    expect(JSON.parse(machine.DefinitionString)).toEqual(OnboardingWorkflow);
    expect(machine.StateMachineType).toBe("STANDARD");
    expect(machine.LoggingConfiguration.Level).toBe("ALL");
    expect(machine.LoggingConfiguration.IncludeExecutionData).toBe(false);
    // The one substitution is the task function every Task state invokes.
    expect(Object.keys(machine.DefinitionSubstitutions)).toEqual(["OnboardingTaskFunction"]);
    expect(JSON.stringify(machine.DefinitionSubstitutions.OnboardingTaskFunction)).toContain(
      "OnboardingTask",
    );
  });

  it("gives the state machine's role only the task function it invokes (and its log delivery)", () => {
    const template = t("Workflows");
    const roles = template.findResources("AWS::IAM::Role", {
      Properties: {
        AssumeRolePolicyDocument: { Statement: [{ Principal: { Service: "states.amazonaws.com" } }] },
      },
    });
    expect(Object.keys(roles)).toHaveLength(1);
    const roleId = Object.keys(roles)[0] as string;
    const statements = Object.values(template.findResources("AWS::IAM::Policy"))
      .filter((p: any) => JSON.stringify(p.Properties.Roles).includes(roleId))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s: any) => [s.Action].flat());
    expect(actions).toContain("lambda:InvokeFunction");
    for (const action of actions) expect(action).toMatch(/^(lambda:InvokeFunction|logs:[A-Za-z]+)$/);
    for (const s of statements.filter((s: any) => [s.Action].flat().includes("lambda:InvokeFunction")))
      for (const r of [s.Resource].flat()) expect(JSON.stringify(r)).toContain("OnboardingTask");
    expect((roles[roleId] as any).Properties.ManagedPolicyArns).toBeUndefined();
  });

  it("lets the API start onboarding executions, complete their waits and read their history, and nothing more of Step Functions", () => {
    const [, fn] = apiFunction();
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(["ONBOARDING_STATE_MACHINE_ARN", "ONBOARDING_PARTNERS"]),
    );
    const states = Object.values(t("Api").findResources("AWS::IAM::Policy"))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith("states:")));
    expect(states.flatMap((s: any) => [s.Action].flat()).sort()).toEqual([
      "states:GetExecutionHistory",
      "states:SendTaskFailure",
      "states:SendTaskSuccess",
      "states:StartExecution",
      "states:StopExecution",
    ]);
    for (const s of states)
      expect(JSON.stringify(s.Resource)).toMatch(
        /stateMachine:test-reachcx-onboarding|execution:test-reachcx-onboarding:\*/,
      );
  });

  it("serves the console from CloudFront", () => {
    t("Web").resourceCountIs("AWS::CloudFront::Distribution", 1);
  });

  it("adds the console's security headers to the console's answers", () => {
    const policies = t("Web").findResources("AWS::CloudFront::ResponseHeadersPolicy");
    expect(Object.keys(policies)).toHaveLength(1);
    const [id, policy] = Object.entries(policies)[0] as [string, any];
    const security = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // One origin for the console, the API and the live feed: the core text as is, connect-src 'self'.
    expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toBe(contentSecurityPolicy());
    expect(contentSecurityPolicy()).toContain("connect-src 'self';");
    expect(security).toMatchObject({
      FrameOptions: { FrameOption: "DENY", Override: true },
      ReferrerPolicy: { ReferrerPolicy: "strict-origin-when-cross-origin", Override: true },
      ContentTypeOptions: { Override: true },
      StrictTransportSecurity: { IncludeSubdomains: true, Override: true },
    });
    t("Web").hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: { DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: id } } },
    });
  });

  describe("one origin: the API and the live feed behind the console's distribution", () => {
    const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
    const ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac";
    const config = () => {
      const distributions = Object.values(t("Web").findResources("AWS::CloudFront::Distribution"));
      expect(distributions).toHaveLength(1);
      return (distributions[0] as any).Properties.DistributionConfig;
    };
    const behavior = (pattern: string) => {
      const found = config().CacheBehaviors.find((b: any) => b.PathPattern === pattern);
      expect(found, `a behaviour for ${pattern}`).toBeDefined();
      return found;
    };
    const originOf = (b: any) => config().Origins.find((o: any) => o.Id === b.TargetOriginId);
    /** The export of the one API of this protocol in that stack, as Web imports it. */
    const apiIdExport = (stack: string, protocol: "HTTP" | "WEBSOCKET") => {
      const ids = Object.keys(
        t(stack).findResources("AWS::ApiGatewayV2::Api", { Properties: { ProtocolType: protocol } }),
      );
      expect(ids).toHaveLength(1);
      return `test-reachcx-${stack}:ExportsOutputRef${ids[0]}`;
    };
    // https-only to an API Gateway host in the stack's region, e.g. {"Fn::Join":["",[{"Fn::ImportValue":...},".execute-api.us-east-1.amazonaws.com"]]}.
    const expectApiGatewayOrigin = (origin: any, exportPrefix: string) => {
      const parts = origin.DomainName["Fn::Join"][1];
      expect(parts[0]["Fn::ImportValue"]).toMatch(new RegExp(`^${exportPrefix}`));
      expect(parts.slice(1).join("")).toBe(".execute-api.us-east-1.amazonaws.com");
      expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    };
    const expectUncachedPassThrough = (b: any) => {
      expect(b.CachePolicyId).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(b.ViewerProtocolPolicy).toBe("https-only");
      expect(b.ResponseHeadersPolicyId).toBeUndefined();
    };

    it("sends /api/* to the HTTP API unchanged: every method, nothing cached, all viewer headers but Host", () => {
      const api = behavior("/api/*");
      expectUncachedPassThrough(api);
      expect([...api.AllowedMethods].sort()).toEqual(
        ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"].sort(),
      );
      const origin = originOf(api);
      expectApiGatewayOrigin(origin, apiIdExport("Api", "HTTP"));
      // The HTTP API's $default stage has no path: /api/contacts is /api/contacts there.
      expect(origin.OriginPath ?? "").toBe("");
      t("Api").hasResourceProperties("AWS::ApiGatewayV2::Stage", { StageName: "$default" });
    });

    it("tells the API the viewer's address, with a secret only CloudFront and the API hold", () => {
      const api = behavior("/api/*");
      const [association] = api.FunctionAssociations;
      expect(association.EventType).toBe("viewer-request");
      const fn = Object.entries(t("Web").findResources("AWS::CloudFront::Function")).find(
        ([id]) => association.FunctionARN["Fn::GetAtt"][0] === id,
      )?.[1] as any;
      // The function overwrites whatever the client sent under that name.
      const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)();
      const request = handler({
        viewer: { ip: "198.51.100.7" },
        request: { headers: { "x-viewer-address": { value: "1.2.3.4" } } },
      });
      expect(request.headers["x-viewer-address"]).toEqual({ value: "198.51.100.7" });
      // The origin header and the function's variable are the same generated secret, never a literal.
      const [header] = originOf(api).OriginCustomHeaders;
      expect(header.HeaderName).toBe("x-origin-secret");
      expect(JSON.stringify(header.HeaderValue)).toMatch(/resolve:secretsmanager/);
      const [, fnApi] = apiFunction();
      expect(JSON.stringify(fnApi.Properties.Environment.Variables.ORIGIN_SECRET)).toMatch(
        /resolve:secretsmanager/,
      );
      t("Api").hasResourceProperties("AWS::SecretsManager::Secret", {
        GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
      });
    });

    it("sends /live to the WebSocket API, whose stage is named live, so the handshake reaches the stage itself", () => {
      const live = behavior("/live");
      expectUncachedPassThrough(live);
      expect([...live.AllowedMethods].sort()).toEqual(["GET", "HEAD"]);
      const origin = originOf(live);
      expectApiGatewayOrigin(origin, apiIdExport("Realtime", "WEBSOCKET"));
      expect(origin.OriginPath ?? "").toBe("");
      const [wsApi] = Object.keys(
        t("Realtime").findResources("AWS::ApiGatewayV2::Api", { Properties: { ProtocolType: "WEBSOCKET" } }),
      );
      t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Stage", {
        ApiId: { Ref: wsApi },
        StageName: "live",
      });
      // The /live behaviour precedes /api/* and the default: CloudFront takes the first pattern that matches.
      expect(config().CacheBehaviors.map((b: any) => b.PathPattern)).toEqual(["/live", "/api/*"]);
    });

    it("answers the console's keep-alive with a mock route, no function", () => {
      t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: "ping" });
      t("Realtime").hasResourceProperties("AWS::ApiGatewayV2::Integration", {
        IntegrationType: "MOCK",
        RequestTemplates: { $default: '{"statusCode": 200}' },
      });
    });

    it("routes console paths to index.html with a viewer function, not with error responses that would rewrite the API's 403/404", () => {
      expect(config().CustomErrorResponses ?? []).toEqual([]);
      const associations = config().DefaultCacheBehavior.FunctionAssociations;
      expect(associations).toHaveLength(1);
      const fn = Object.entries(t("Web").findResources("AWS::CloudFront::Function")).find(
        ([id]) => associations[0].FunctionARN["Fn::GetAtt"][0] === id,
      )?.[1] as any;
      expect(fn.Properties.FunctionCode).toContain('request.uri = "/index.html"');
      // The rule itself: extensionless paths are console routes, files are files.
      const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)();
      const uri = (path: string) => handler({ request: { uri: path } }).uri;
      expect(uri("/")).toBe("/index.html");
      expect(uri("/contacts/c-1")).toBe("/index.html");
      expect(uri("/assets/index-abc.js")).toBe("/assets/index-abc.js");
    });
  });
});

/** The IAM statements of the role a function runs as, in its own stack. */
const statementsOf = (stack: string, fn: any) => {
  const roleRef = fn.Properties.Role["Fn::GetAtt"][0];
  return Object.values(t(stack).findResources("AWS::IAM::Policy"))
    .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
    .flatMap((p: any) => p.Properties.PolicyDocument.Statement);
};

describe("Mail (core/adapters/ses.ts)", () => {
  it("has one SES sender identity, named to the API as MAIL_FROM", () => {
    t("Mail").resourceCountIs("AWS::SES::EmailIdentity", 1);
    const [, identity] = Object.entries(t("Mail").findResources("AWS::SES::EmailIdentity"))[0] as [
      string,
      any,
    ];
    const [, fn] = apiFunction();
    expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe(identity.Properties.EmailIdentity);
  });

  it("lets the API send mail from that identity only", () => {
    const [, fn] = apiFunction();
    const sending = statementsOf("Api", fn).filter((s: any) =>
      [s.Action].flat().some((a: string) => a.startsWith("ses:")),
    );
    expect(sending).toHaveLength(1);
    const actions: string[] = [sending[0].Action].flat();
    expect(actions).toContain("ses:SendEmail");
    for (const action of actions) expect(["ses:SendEmail", "ses:SendRawEmail"]).toContain(action);
    expect(JSON.stringify(sending[0].Resource)).toContain(":identity/");
    expect(JSON.stringify(sending[0].Resource)).not.toMatch(/identity\/\*"/);
  });
});

describe("Api: the user pool", () => {
  it("may create users and set a sign-up owner's password in its own pool, and nothing else of Cognito", () => {
    const [, fn] = apiFunction();
    const roleRef = fn.Properties.Role["Fn::GetAtt"][0];
    const statements = Object.values(t("Api").findResources("AWS::IAM::Policy"))
      .filter((p: any) => p.Properties.Roles.some((r: any) => r.Ref === roleRef))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith("cognito-idp:")));
    // Create User's AdminCreateUser (with TemporaryPassword) and sign-up's AdminSetUserPassword; no
    // AdminGetUser, AdminDeleteUser, ListUsers or wildcard.
    expect(statements.flatMap((s: any) => [s.Action].flat()).sort()).toEqual([
      "cognito-idp:AdminCreateUser",
      "cognito-idp:AdminSetUserPassword",
    ]);
    const pool = Object.keys(t("Auth").findResources("AWS::Cognito::UserPool"))[0];
    for (const s of statements)
      expect(String(s.Resource?.["Fn::ImportValue"])).toMatch(
        new RegExp(`^test-reachcx-Auth:ExportsOutputFnGetAtt${pool}Arn`),
      );
  });
});

describe("Jobs (core/job, functions/src/jobs/worker.ts)", () => {
  const worker = () => {
    const fns = t("Jobs").findResources("AWS::Lambda::Function", {
      Properties: { Handler: "packages/functions/src/jobs/worker.handler" },
    });
    expect(Object.keys(fns)).toHaveLength(1);
    return Object.entries(fns)[0] as [string, any];
  };

  it("feeds one job a message to a worker of 15 minutes with reserved concurrency, and a dead-letter queue", () => {
    const [id, fn] = worker();
    expect(fn.Properties.Timeout).toBe(900);
    expect(fn.Properties.ReservedConcurrentExecutions).toBeGreaterThan(0);
    expect(fn.Properties.Environment.Variables).toHaveProperty("JOB_QUEUE_URL");
    expect(fn.Properties.Environment.Variables).toHaveProperty("MAIL_FROM");
    t("Jobs").resourceCountIs("AWS::SQS::Queue", 2);
    const queues = Object.entries(t("Jobs").findResources("AWS::SQS::Queue")) as [string, any][];
    const main = queues.find(([, q]) => q.Properties.RedrivePolicy);
    expect(main?.[1].Properties.RedrivePolicy.maxReceiveCount).toBe(3);
    // A message stays invisible longer than one run of the worker.
    expect(main?.[1].Properties.VisibilityTimeout).toBeGreaterThan(900);
    t("Jobs").hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: id },
      BatchSize: 1,
    });
  });

  it("lets the API only send to the job queue, and the worker send mail", () => {
    const [, api] = apiFunction();
    expect(api.Properties.Environment.Variables).toHaveProperty("JOB_QUEUE_URL");
    const sqsActions = statementsOf("Api", api)
      .flatMap((s: any) => [s.Action].flat())
      .filter((a: string) => a.startsWith("sqs:"));
    expect(sqsActions.length).toBeGreaterThan(0);
    for (const action of sqsActions)
      expect(["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"]).toContain(action);
    const [, fn] = worker();
    const actions = statementsOf("Jobs", fn).flatMap((s: any) => [s.Action].flat());
    expect(actions).toContain("ses:SendEmail");
    expect(actions).toContain("sqs:ReceiveMessage");
    // Searches of the contact index (a REST pull's match by phone, a bulk edit's snapshot) are POSTs.
    expect(actions).toContain("es:ESHttpPost");
    expect(actions).not.toContain("*");
  });

  it("lets the worker read the upsert index with PartiQL SELECT only (an import's lookup by externalId)", () => {
    const [, fn] = worker();
    const partiql = statementsOf("Jobs", fn).filter((s: any) =>
      [s.Action].flat().some((a: string) => a.startsWith("dynamodb:PartiQL")),
    );
    expect(partiql.flatMap((s: any) => [s.Action].flat())).toEqual(["dynamodb:PartiQLSelect"]);
    expect(JSON.stringify(partiql[0].Resource)).toContain("/index/gsi1");
  });
});

describe("Scheduler (core/scheduler, functions/src/schedule/target.ts)", () => {
  const target = () => {
    const fns = t("Scheduler").findResources("AWS::Lambda::Function", {
      Properties: { Handler: "packages/functions/src/schedule/target.handler" },
    });
    expect(Object.keys(fns)).toHaveLength(1);
    return Object.entries(fns)[0] as [string, any];
  };

  it("gives the target the table, the job queue (send only) and the credentials key: it starts jobs, the worker runs them; a campaign operation starts or stops the tenant's skill", () => {
    const [, fn] = target();
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(
      expect.arrayContaining(["JOB_QUEUE_URL", "KMS_KEY_ID", "TABLE_NAME"]),
    );
    const actions = statementsOf("Scheduler", fn).flatMap((s: any) => [s.Action].flat());
    expect(actions).toContain("dynamodb:PutItem");
    expect(actions).toContain("sqs:SendMessage");
    expect(actions).not.toContain("sqs:ReceiveMessage");
    expect(actions).toContain("kms:Decrypt");
    expect(actions.filter((a: string) => /^(ses|s3|scheduler|iam|cognito-idp):/.test(a))).toEqual([]);
    expect(actions).not.toContain("*");
  });

  it("lets the API manage only this stage's schedules, and pass the invoke role only to the scheduler", () => {
    const [, api] = apiFunction();
    const vars = api.Properties.Environment.Variables;
    expect(vars.SCHEDULE_GROUP).toBe("reachcx-test");
    expect(vars).toHaveProperty("SCHEDULE_TARGET_ARN");
    expect(vars).toHaveProperty("SCHEDULE_ROLE_ARN");
    const statements = statementsOf("Api", api);
    const manage = statements.filter((s: any) =>
      [s.Action].flat().some((a: string) => a.startsWith("scheduler:")),
    );
    expect(manage).toHaveLength(1);
    expect([manage[0].Action].flat().sort()).toEqual([
      "scheduler:CreateSchedule",
      "scheduler:DeleteSchedule",
      "scheduler:UpdateSchedule",
    ]);
    expect(JSON.stringify(manage[0].Resource)).toContain(":schedule/reachcx-test/*");
    const pass = statements.filter((s: any) => [s.Action].flat().includes("iam:PassRole"));
    expect(pass).toHaveLength(1);
    expect(pass[0].Condition).toEqual({ StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } });
    expect(JSON.stringify(pass[0].Resource)).toContain("SchedulerInvoke");
    expect(JSON.stringify(pass[0].Resource)).not.toContain("*");
  });

  it("restricts the invoke role to schedules of this account", () => {
    t("Scheduler").hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: "scheduler.amazonaws.com" },
            Condition: { StringEquals: { "aws:SourceAccount": Match.anyValue() } },
          }),
        ],
      },
    });
  });
});

describe("Dialer (core/dialer/driver.ts, functions/src/dialer/driver.ts)", () => {
  const driver = () => {
    const fns = t("Dialer").findResources("AWS::Lambda::Function", {
      Properties: { Handler: "packages/functions/src/dialer/driver.handler" },
    });
    expect(Object.keys(fns)).toHaveLength(1);
    return Object.entries(fns)[0] as [string, any];
  };

  it("invokes the driver every minute from an EventBridge Scheduler schedule whose role may invoke only it", () => {
    const [id, fn] = driver();
    expect(fn.Properties.Timeout).toBe(60);
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(
      expect.arrayContaining(["DIALER_IN_FLIGHT", "KMS_KEY_ID", "TABLE_NAME"]),
    );
    t("Dialer").hasResourceProperties("AWS::Scheduler::Schedule", {
      ScheduleExpression: "rate(1 minute)",
      FlexibleTimeWindow: { Mode: "OFF" },
      Target: { Arn: { "Fn::GetAtt": [id, "Arn"] } },
    });
    t("Dialer").hasResourceProperties("AWS::IAM::Role", {
      AssumeRolePolicyDocument: {
        Statement: [
          { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "scheduler.amazonaws.com" } },
        ],
      },
    });
    const invoke = Object.values(t("Dialer").findResources("AWS::IAM::Policy"))
      .flatMap((p: any) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => [s.Action].flat().includes("lambda:InvokeFunction"));
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0].Resource)).toContain("DialerDriver");
  });

  it("lets the driver use the table and decrypt the credentials key, and nothing else", () => {
    const [, fn] = driver();
    const actions = statementsOf("Dialer", fn).flatMap((s: any) => [s.Action].flat());
    expect(actions).toContain("dynamodb:Query");
    expect(actions).toContain("kms:Decrypt");
    expect(actions).not.toContain("kms:Encrypt");
    expect(actions).not.toContain("*");
    for (const action of actions) expect(action, action).toMatch(/^(dynamodb|kms|xray|logs):/);
  });
});
