import { randomUUID } from "node:crypto";
import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { VisibleError } from "../error/index.ts";
import type { CreateCampaignItem } from "../store/entities.ts";

/**
 * Which campaigns use a dialing profile, kept so a profile's delete can be refused atomically (spec 002
 * §8 'Cannot delete the profile. Campaigns are using it.'). A campaign is written together with a +1 on
 * its profile's `campaigns` count, conditional on the profile existing; the profile's delete is
 * conditional on the count being 0. DynamoDB runs each as one transaction, so of a campaign create and a
 * profile delete racing, exactly one wins: no campaign can point at a deleted profile.
 */

export const profileMissing = () =>
  new VisibleError("input", "campaign.unknown_profile", "This dialing profile does not exist", [
    { path: "campaignProfileId", message: "This dialing profile does not exist" },
  ]);

/** Creates a campaign that uses a profile (the campaign work of issue 13 calls this for its creates). */
export async function createCampaignUsingProfile(input: {
  name: string;
  campaignProfileId: string;
  id?: string;
  /** The rest of the campaign (core/campaign's create passes the whole dialog). */
  fields?: Omit<CreateCampaignItem, "tenant" | "id" | "name" | "campaignProfileId">;
}) {
  const tenant = useTenant();
  const id = input.id ?? randomUUID();
  const result = await useStore()
    .transaction.write(({ campaign, profile }) => [
      campaign
        .create({
          ...input.fields,
          tenant,
          id,
          name: input.name,
          campaignProfileId: input.campaignProfileId,
        })
        .commit(),
      profile.patch({ tenant, id: input.campaignProfileId }).add({ campaigns: 1 }).commit(),
    ])
    .go()
    .catch((err: unknown) => {
      // The client may throw the cancellation instead of answering it: the profile's condition failed
      // unless the campaign's did (an id taken), which the caller never does without an id of its own.
      if (/ConditionalCheckFailed|TransactionCanceled/.test(String(err))) throw profileMissing();
      throw err;
    });
  if (result.canceled) {
    // The first reason is the campaign's (an id taken), the second the profile's (gone).
    const [campaignWrite] = result.data;
    if (campaignWrite?.rejected)
      throw new VisibleError("conflict", "campaign.exists", "This campaign already exists");
    throw profileMissing();
  }
  return { id };
}

/** Deletes a campaign and releases its profile in one transaction. */
export async function deleteCampaignUsingProfile(id: string) {
  const tenant = useTenant();
  const { data } = await useStore().entities.campaign.get({ tenant, id }).go();
  if (!data) return;
  await useStore()
    .transaction.write(({ campaign, profile }) => [
      campaign
        .delete({ tenant, id })
        .where((attr, op) => op.eq(attr.campaignProfileId, data.campaignProfileId))
        .commit(),
      profile.patch({ tenant, id: data.campaignProfileId }).add({ campaigns: -1 }).commit(),
    ])
    .go();
}

/** The names of the tenant's campaigns that use a profile. */
export async function campaignsUsingProfile(profileId: string): Promise<string[]> {
  const tenant = useTenant();
  const { data } = await useStore()
    .entities.campaign.query.byProfile({ tenant, campaignProfileId: profileId })
    .go({ pages: "all" });
  return data.map((c) => c.name);
}
