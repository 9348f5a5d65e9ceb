import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { campaignListQuery } from "../features/campaigns/api.ts";
import { CAMPAIGN_PAGE_SIZE, campaignListSearch } from "../features/campaigns/listSearch.ts";
import { screenAt } from "./catalog.ts";
import { gate } from "./root.tsx";
import { whenOpen } from "./screen.ts";

const list = screenAt("/campaigns");

/** /campaigns: the tenant's campaigns, ten a page, the page walk in the URL (spec 002 Campaigns screen). */
export const campaignsRoute = createRoute({
  getParentRoute: () => gate,
  path: "/campaigns",
  staticData: { screen: list },
  validateSearch: campaignListSearch,
  loaderDeps: ({ search }) => ({ cursor: search.cursors?.at(-1) }),
  loader: ({ context, deps }) =>
    whenOpen(context, list, () =>
      context.queryClient.ensureQueryData(campaignListQuery(CAMPAIGN_PAGE_SIZE, deps.cursor)),
    ),
  component: lazyRouteComponent(() => import("../features/campaigns/CampaignList.tsx"), "CampaignList"),
});
