import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useEnv, useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import { DEFAULT_LIMIT, type Page, type PageQuery, storePage } from "../paging.ts";
import type { MobileConfigurationItem } from "../store/entities.ts";
import type { MobileConfiguration, ProjectChannelBody } from "./api.ts";
import {
  ANDROID_UPDATE_FAILED,
  channelChanges,
  credentialErrors,
  IOS_PAIR_MESSAGE,
  IOS_UPDATE_FAILED,
  type MobileConfigurationInput,
  type MobileConfigurationUpdate,
  NAME_FIXED_MESSAGE,
  PROJECT_CREATE_FAILED,
  PROJECT_DELETE_FAILED,
  PROJECT_SAVE_FAILED,
} from "./schema.ts";
import { createWithCompensation, failureName, type PushLog, type Step } from "./steps.ts";

export * from "./port.ts";
export * from "./schema.ts";
export type { PushLog } from "./steps.ts";

const notFound = (id: string) =>
  new VisibleError("not_found", "mobile_configuration.not_found", `Mobile application ${id} does not exist.`);
const projectNotFound = (projectId: string) =>
  new VisibleError("not_found", "push_project.not_found", `Project ${projectId} does not exist.`);

/**
 * A platform failure answers the spec's sentence. 400, as the CXone client's refusals do: the request was
 * well formed, but the platform (reached with what the caller entered) would not take it.
 */
const platformFailed = (code: string, message: string) => new VisibleError("input", code, message);

const push = () => useEnv().push;

export function answer(item: MobileConfigurationItem): MobileConfiguration {
  return {
    tenant: item.tenant,
    id: item.id,
    name: item.name,
    description: item.description,
    projectId: item.projectId,
    androidEnabled: item.androidEnabled,
    iosEnabled: item.iosEnabled,
    androidApiKeySet: item.androidApiKeySet,
    iosCredentialsSet: item.iosCredentialsSet,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

async function getItem(id: string): Promise<MobileConfigurationItem> {
  const tenant = useTenant();
  const { data } = await useStore().entities.mobileConfiguration.get({ tenant, id }).go();
  if (!data) throw notFound(id);
  return data;
}

export async function listMobileConfigurations(page: PageQuery): Promise<Page<MobileConfiguration>> {
  const tenant = useTenant();
  const { data, cursor } = await storePage(`mobile-configurations:${tenant}`, page.cursor, (cursor) =>
    useStore()
      .entities.mobileConfiguration.query.byCreated({ tenant })
      .go({ order: "desc", cursor, limit: page.limit ?? DEFAULT_LIMIT }),
  );
  return { items: data.map(answer), nextCursor: cursor ?? null };
}

export async function getMobileConfiguration(id: string): Promise<MobileConfiguration> {
  return answer(await getItem(id));
}

/** The platform project, claimed for the tenant; undone (project deleted) if the claim cannot be written. */
async function createClaimedProject(name: string, log: PushLog): Promise<string> {
  const tenant = useTenant();
  const { projectId } = await push().createApp(name);
  try {
    await useStore().entities.pushProject.create({ tenant, projectId, name }).go();
  } catch (err) {
    await push()
      .deleteApp(projectId)
      .catch((undo: unknown) => log("push.undo_failed", { projectId, error: failureName(undo) }));
    throw err;
  }
  return projectId;
}

async function releaseProject(projectId: string) {
  await push().deleteApp(projectId);
  await useStore().entities.pushProject.delete({ tenant: useTenant(), projectId }).go();
}

const androidStep = (input: { androidEnabled: boolean; androidApiKey: string }): Step => ({
  failure: () => platformFailed("push.android_failed", ANDROID_UPDATE_FAILED),
  run: (projectId) =>
    push().updateGcmChannel({
      projectId,
      enabled: input.androidEnabled,
      ...(input.androidApiKey ? { apiKey: input.androidApiKey } : {}),
    }),
});

const iosStep = (input: { iosEnabled: boolean; certificate: string; privateKey: string }): Step => ({
  failure: () => platformFailed("push.ios_failed", IOS_UPDATE_FAILED),
  run: (projectId) =>
    push().updateApnsChannel({
      projectId,
      enabled: input.iosEnabled,
      ...(input.certificate ? { certificate: input.certificate, privateKey: input.privateKey } : {}),
    }),
});

/**
 * Spec 001 §4: create the platform project, update the channels that are enabled or got credentials,
 * then save the application. Any failure undoes what was done (the project is deleted with its claim), so
 * a retry starts clean; the caller gets the spec's sentence for the step that failed.
 */
export async function createMobileConfiguration(
  input: MobileConfigurationInput,
  log: PushLog,
): Promise<MobileConfiguration> {
  const tenant = useTenant();
  const changes = channelChanges({ androidEnabled: false, iosEnabled: false }, input);
  const item = await createWithCompensation({
    create: {
      failure: () => platformFailed("push.create_failed", PROJECT_CREATE_FAILED),
      run: () => createClaimedProject(input.name, log),
    },
    steps: [...(changes.android ? [androidStep(input)] : []), ...(changes.ios ? [iosStep(input)] : [])],
    save: {
      failure: () => platformFailed("push.save_failed", PROJECT_SAVE_FAILED),
      run: async (projectId) => {
        const { data } = await useStore()
          .entities.mobileConfiguration.create({
            tenant,
            id: randomUUID(),
            name: input.name,
            description: input.description,
            projectId,
            androidEnabled: input.androidEnabled,
            iosEnabled: input.iosEnabled,
            androidApiKeySet: input.androidApiKey !== "",
            iosCredentialsSet: input.certificate !== "",
          })
          .go();
        return data;
      },
    },
    undo: releaseProject,
    log,
  });
  return answer(item);
}

/**
 * An edit: the name stays; channels that changed or got credentials are updated on the platform, then the
 * application is saved. A channel newly enabled needs its credentials (spec 001 §4). When the second
 * channel fails after the first succeeded, the first one's new state is still recorded, so the stored
 * application never disagrees with the platform; the answer is the failed channel's sentence.
 */
export async function updateMobileConfiguration(
  id: string,
  input: MobileConfigurationUpdate,
  log: PushLog,
): Promise<MobileConfiguration> {
  const tenant = useTenant();
  const stored = await getItem(id);
  if (input.name !== undefined && input.name.trim() !== stored.name)
    throw new VisibleError("input", "mobile_configuration.name_fixed", NAME_FIXED_MESSAGE, [
      { path: "name", message: NAME_FIXED_MESSAGE },
    ]);
  const errors = credentialErrors(stored, input);
  if (errors.length > 0)
    throw new VisibleError("input", "request.invalid", errors[0]?.message ?? "Invalid input", errors);

  const changes = channelChanges(stored, input);
  const done: Partial<MobileConfigurationItem> = {};
  let failed: VisibleError | undefined;
  if (changes.android) {
    try {
      await androidStep(input).run(stored.projectId);
      done.androidEnabled = input.androidEnabled;
      if (input.androidApiKey) done.androidApiKeySet = true;
    } catch (err) {
      log("push.android_failed", { projectId: stored.projectId, error: failureName(err) });
      failed = platformFailed("push.android_failed", ANDROID_UPDATE_FAILED);
    }
  }
  if (!failed && changes.ios) {
    try {
      await iosStep(input).run(stored.projectId);
      done.iosEnabled = input.iosEnabled;
      if (input.certificate) done.iosCredentialsSet = true;
    } catch (err) {
      log("push.ios_failed", { projectId: stored.projectId, error: failureName(err) });
      failed = platformFailed("push.ios_failed", IOS_UPDATE_FAILED);
    }
  }
  // After a failed channel, only what the platform now has is recorded; the description waits for a save
  // that succeeds as a whole.
  const set: Partial<MobileConfigurationItem> = failed ? done : { ...done, description: input.description };
  let saved = stored;
  if (Object.keys(set).length > 0) {
    try {
      const { data } = await useStore()
        .entities.mobileConfiguration.patch({ tenant, id })
        .set(set)
        .go({ response: "all_new" });
      saved = data;
    } catch (err) {
      log("push.save_failed", { id, error: failureName(err) });
      throw failed ?? platformFailed("push.save_failed", PROJECT_SAVE_FAILED);
    }
  }
  if (failed) throw failed;
  return answer(saved);
}

/** Deletes the platform project, then the application ('Project Deleted' / 'Unable to delete Project'). */
export async function deleteMobileConfiguration(id: string, log: PushLog) {
  const tenant = useTenant();
  const stored = await getItem(id);
  try {
    await releaseProject(stored.projectId);
    await useStore().entities.mobileConfiguration.delete({ tenant, id }).go();
  } catch (err) {
    log("push.delete_failed", { projectId: stored.projectId, error: failureName(err) });
    throw platformFailed("push.delete_failed", PROJECT_DELETE_FAILED);
  }
}

/** POST /api/project/create: a project claimed for the tenant, no application yet. */
export async function createProject(name: string, log: PushLog): Promise<{ projectId: string }> {
  try {
    return { projectId: await createClaimedProject(name, log) };
  } catch (err) {
    log("push.create_failed", { error: failureName(err) });
    throw platformFailed("push.create_failed", PROJECT_CREATE_FAILED);
  }
}

async function ownProject(projectId: string) {
  const { data } = await useStore().entities.pushProject.get({ tenant: useTenant(), projectId }).go();
  if (!data) throw projectNotFound(projectId);
}

/** POST /api/project/updateChannel: only a project the tenant holds. */
export async function updateProjectChannel(body: ProjectChannelBody, log: PushLog) {
  await ownProject(body.projectId);
  if (body.channel === "ios" && !body.certificate !== !body.privateKey)
    throw new VisibleError("input", "request.invalid", IOS_PAIR_MESSAGE, [
      { path: body.certificate ? "privateKey" : "certificate", message: IOS_PAIR_MESSAGE },
    ]);
  const step =
    body.channel === "android"
      ? androidStep({ androidEnabled: body.enabled, androidApiKey: body.apiKey ?? "" })
      : iosStep({
          iosEnabled: body.enabled,
          certificate: body.certificate ?? "",
          privateKey: body.privateKey ?? "",
        });
  try {
    await step.run(body.projectId);
  } catch (err) {
    log(`push.${body.channel}_failed`, { projectId: body.projectId, error: failureName(err) });
    throw step.failure();
  }
  return { projectId: body.projectId, channel: body.channel, enabled: body.enabled };
}

/** DELETE /api/project/delete: only a project the tenant holds; its claim goes with it. */
export async function deleteProject(projectId: string, log: PushLog) {
  await ownProject(projectId);
  try {
    await releaseProject(projectId);
  } catch (err) {
    log("push.delete_failed", { projectId, error: failureName(err) });
    throw platformFailed("push.delete_failed", PROJECT_DELETE_FAILED);
  }
}
