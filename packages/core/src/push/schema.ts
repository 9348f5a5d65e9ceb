import * as v from "valibot";
import { requiredText } from "../bounds.ts";
import { isMask } from "../secrets/index.ts";

/** Spec 001 §8 Mobile applications, verbatim: the console's toasts and the API's problem titles. */
export const PROJECT_CREATE_FAILED = "Project could not be created";
export const ANDROID_UPDATE_FAILED = "Android settings could not be updated";
export const IOS_UPDATE_FAILED = "iOS settings could not be updated";
export const PROJECT_SAVED = "Project saved successfully";
export const PROJECT_SAVE_FAILED = "Project could not be saved";
export const PROJECT_DELETED = "Project Deleted";
export const PROJECT_DELETE_FAILED = "Unable to delete Project";

/** Ours: spec 001 §5 says "name required, letters, digits and spaces" without the sentences. */
export const NAME_REQUIRED_MESSAGE = "A name is required";
export const NAME_PATTERN_MESSAGE = "Use letters, digits and spaces only";
export const NAME_FIXED_MESSAGE = "The name is fixed after creation";
/**
 * Ours: spec 001 §4 "channel credentials are required when a channel is newly enabled or when its settings
 * panel is opened".
 */
export const ANDROID_KEY_REQUIRED_MESSAGE = "An API key is required";
export const IOS_CREDENTIALS_REQUIRED_MESSAGE = "A certificate and a private key are required";
export const IOS_PAIR_MESSAGE = "Enter both the certificate and the private key";

/** A PEM certificate or key is a few KB; 16 KB leaves room for a chain. */
export const MAX_CREDENTIAL = 16 * 1024;
export const MAX_DESCRIPTION = 500;

const tooLong = (max: number) => `Must be ${max} characters or less`;

export const ProjectName = v.pipe(
  requiredText(NAME_REQUIRED_MESSAGE, 100),
  v.check((name) => name === "" || /^[A-Za-z0-9 ]+$/.test(name), NAME_PATTERN_MESSAGE),
);

/**
 * A write-only credential: "" or absent means none entered, and so does the MASK a client may send back
 * (the convention of every secret: sending it back keeps what the platform holds).
 */
const Credential = v.pipe(
  v.optional(v.string(), ""),
  v.maxLength(MAX_CREDENTIAL, tooLong(MAX_CREDENTIAL)),
  v.transform((value) => (isMask(value) ? "" : value.trim())),
);

const Description = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.maxLength(MAX_DESCRIPTION, tooLong(MAX_DESCRIPTION)),
);

const channelFields = {
  description: Description,
  androidEnabled: v.optional(v.boolean(), false),
  androidApiKey: Credential,
  iosEnabled: v.optional(v.boolean(), false),
  certificate: Credential,
  privateKey: Credential,
};

/**
 * A new mobile application (POST /api/mobile-configurations). A channel enabled on creation is newly
 * enabled, so it needs its credentials.
 */
export const MobileConfigurationInput = v.pipe(
  v.strictObject({ name: ProjectName, ...channelFields }),
  // The certificate and private key travel together.
  v.forward(
    v.check((input) => input.certificate === "" || input.privateKey !== "", IOS_PAIR_MESSAGE),
    ["privateKey"],
  ),
  v.forward(
    v.check((input) => input.privateKey === "" || input.certificate !== "", IOS_PAIR_MESSAGE),
    ["certificate"],
  ),
  v.forward(
    v.check((input) => !input.androidEnabled || input.androidApiKey !== "", ANDROID_KEY_REQUIRED_MESSAGE),
    ["androidApiKey"],
  ),
  v.forward(
    v.check(
      (input) => !input.iosEnabled || (input.certificate !== "" && input.privateKey !== ""),
      IOS_CREDENTIALS_REQUIRED_MESSAGE,
    ),
    ["certificate"],
  ),
);
export type MobileConfigurationInput = v.InferOutput<typeof MobileConfigurationInput>;

/**
 * An edit (PUT /api/mobile-configurations/{id}): the editor sends the whole form. The name may come back
 * as it is (core refuses a different one); whether a channel is newly enabled depends on the stored
 * application, so that rule is core's (push/index.ts).
 */
export const MobileConfigurationUpdate = v.pipe(
  v.strictObject({ name: v.optional(v.pipe(v.string(), v.maxLength(100, tooLong(100)))), ...channelFields }),
  // The certificate and private key travel together.
  v.forward(
    v.check((input) => input.certificate === "" || input.privateKey !== "", IOS_PAIR_MESSAGE),
    ["privateKey"],
  ),
  v.forward(
    v.check((input) => input.privateKey === "" || input.certificate !== "", IOS_PAIR_MESSAGE),
    ["certificate"],
  ),
);
export type MobileConfigurationUpdate = v.InferOutput<typeof MobileConfigurationUpdate>;

/** Which channel updates a save sends (spec 001 §4: only channels that changed or got credentials). */
export function channelChanges(
  stored: { androidEnabled: boolean; iosEnabled: boolean },
  input: Omit<MobileConfigurationUpdate, "name" | "description">,
) {
  return {
    android: input.androidEnabled !== stored.androidEnabled || input.androidApiKey !== "",
    ios: input.iosEnabled !== stored.iosEnabled || input.certificate !== "",
  };
}

/**
 * Spec 001 §4: a channel's credentials are required when it is newly enabled (enabled now, not in `stored`)
 * or when the editor's settings panel for it is open. The API checks the first (`open` all false), the
 * editor both; errors are on the inputs the API names.
 */
export function credentialErrors(
  stored: { androidEnabled: boolean; iosEnabled: boolean },
  input: { androidEnabled: boolean; androidApiKey: string; iosEnabled: boolean; certificate: string },
  open: { android: boolean; ios: boolean } = { android: false, ios: false },
): { path: string; message: string }[] {
  const needs = (enabled: boolean, was: boolean, panel: boolean) => (enabled && !was) || panel;
  return [
    ...(needs(input.androidEnabled, stored.androidEnabled, open.android) && input.androidApiKey === ""
      ? [{ path: "androidApiKey", message: ANDROID_KEY_REQUIRED_MESSAGE }]
      : []),
    ...(needs(input.iosEnabled, stored.iosEnabled, open.ios) && input.certificate === ""
      ? [{ path: "certificate", message: IOS_CREDENTIALS_REQUIRED_MESSAGE }]
      : []),
  ];
}
