/**
 * The push-messaging platform (spec 001 §7 /project/*): a project per mobile application, with an Android
 * (GCM/FCM) and an iOS (APNs) channel. AWS: Pinpoint / End User Messaging push (adapters/pinpoint.ts);
 * embedded: packages/local/src/simulators/push.ts. Both pass test/conformance/push.test.ts.
 *
 * The platform keeps the channel credentials; nothing of ours stores them (docs/decisions.md, Mobile
 * applications). Every method throws a PushError when the platform refuses or cannot be reached.
 */
export interface PushMessaging {
  /** Creates a project named `name` and answers its id (Pinpoint's ApplicationId). */
  createApp(name: string): Promise<{ projectId: string }>;
  /** Sets the Android channel; `apiKey` absent keeps the key the platform holds (only to switch it off). */
  updateGcmChannel(update: { projectId: string; enabled: boolean; apiKey?: string }): Promise<void>;
  /** Sets the iOS channel; certificate and private key travel together, or neither (to switch it off). */
  updateApnsChannel(update: {
    projectId: string;
    enabled: boolean;
    certificate?: string;
    privateKey?: string;
  }): Promise<void>;
  /** Deletes a project and its channels. A project that does not exist (any more) is not a failure. */
  deleteApp(projectId: string): Promise<void>;
}

/** Why a platform call failed: `not_found` for an unknown project, `refused` for anything else it said. */
export class PushError extends Error {
  constructor(
    readonly kind: "not_found" | "refused" | "unreachable",
    /** Names the call and the platform's error code only: never a credential or a request body. */
    detail: string,
  ) {
    super(detail);
    this.name = "PushError";
  }
}
