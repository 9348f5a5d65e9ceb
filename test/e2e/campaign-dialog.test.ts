import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  ALL_RATIOS_ZERO_MESSAGE,
  LOCKED_CHANGE_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
  SEGMENTS_REQUIRED_MESSAGE,
  SELECT_SEGMENT_TOOLTIP,
  SKILL_REQUIRED_MESSAGE,
} from "../../packages/core/src/campaign/schema.ts";
import { SIMULATED_UNITS } from "../../packages/local/src/simulators/cxone-data.ts";
import { call, newTenant, signIn } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { signedInPage, useBrowser } from "../support/browser.ts";

const browser = useBrowser();

const ACME = SIMULATED_UNITS[0] as (typeof SIMULATED_UNITS)[0];
const query = (state: string) => ({
  type: "group",
  combinator: "and",
  not: false,
  rules: [{ type: "rule", field: "state", operator: "eq", value: state }],
});

async function choose(page: Page, combobox: string, option: string) {
  await page
    .getByRole("dialog")
    .getByRole("combobox", { name: new RegExp(`^${combobox}`) })
    .click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("campaign dialog", () => {
  it("creates a campaign with two weighted segments, edits it and clones it; a running one keeps its skill and segments", async () => {
    const tenant = await newTenant(["ListManager"]);
    const session = await signIn(tenant.email, tenant.password);
    const connected = await call("/api/tenant-settings", {
      method: "PATCH",
      session,
      body: {
        icProduct: "CXOne",
        icBU: String(ACME.businessUnitId),
        icAccessKey: ACME.accessKey,
        icAppSecret: ACME.appSecret,
      },
    });
    expect(connected.status).toBe(200);
    await call("/api/profiles", { method: "POST", body: { name: "Collections" }, session });
    for (const [name, state] of [
      ["Texas", "TX"],
      ["Ohio", "OH"],
    ] as const)
      await call("/api/segments", { method: "POST", body: { name, query: query(state) }, session });

    const page = await signedInPage(browser, tenant.email, tenant.password);
    await page.goto(`${inject("baseUrl")}/campaigns`);
    await page.getByRole("heading", { name: "Campaigns" }).waitFor();

    // Create: the dialog's mode is in the URL.
    await page.getByRole("button", { name: "+ Campaign" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Campaign" });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get("dialog")).toBe("create");
    // The expiry defaults to a month ahead (its button names the date shown).
    const inAMonth = new Date();
    inAMonth.setMonth(inAMonth.getMonth() + 1);
    const ymd = `${inAMonth.getFullYear()}-${String(inAMonth.getMonth() + 1).padStart(2, "0")}-${String(inAMonth.getDate()).padStart(2, "0")}`;
    await dialog.getByRole("button", { name: new RegExp(`^Expiration Date: ${ymd}`) }).waitFor();
    // Save of the empty form: spec 002 §5's sentences.
    await dialog.getByRole("button", { name: "Save" }).click();
    for (const message of [
      NAME_REQUIRED_MESSAGE,
      SKILL_REQUIRED_MESSAGE,
      PROFILE_REQUIRED_MESSAGE,
      SEGMENTS_REQUIRED_MESSAGE,
    ])
      await dialog.getByText(message, { exact: true }).waitFor();
    // Add is disabled until a segment is chosen, and says why.
    expect(
      await dialog.getByRole("button", { name: `Add Segment: ${SELECT_SEGMENT_TOOLTIP}` }).isDisabled(),
    ).toBe(true);

    await dialog.getByRole("textbox", { name: "Name" }).fill("Fall Drive");
    await choose(page, "Skill", "NiC-Acme Outbound Collections");
    // Only outbound Personal Connection skills are offered.
    await dialog.getByRole("combobox", { name: /^Skill/ }).click();
    expect(await page.getByRole("option", { name: "NiC-Acme Inbound Support" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await choose(page, "Profile", "Collections");
    for (const name of ["Texas", "Ohio"]) {
      await choose(page, "Segment", name);
      await dialog.getByRole("button", { name: "Add Segment" }).click();
      await dialog.getByTestId(`selected-${name}`).waitFor();
    }
    // Every ratio 0: refused.
    await dialog.getByLabel("Ratio of Texas").fill("0");
    await dialog.getByLabel("Ratio of Ohio").fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText(ALL_RATIOS_ZERO_MESSAGE).waitFor();
    // Weighted 3:1, the shares shown; Ohio moved first.
    await dialog.getByLabel("Ratio of Texas").fill("3");
    await dialog.getByLabel("Ratio of Ohio").fill("1");
    await dialog.getByTestId("selected-Texas").getByText("75%").waitFor();
    await dialog.getByTestId("selected-Ohio").getByText("25%").waitFor();
    const firstRow = () =>
      dialog.getByTestId("selected-segments").locator("tbody tr").first().getAttribute("data-testid");
    await dialog.getByRole("button", { name: "Move Ohio up" }).click();
    expect(await firstRow()).toBe("selected-Ohio");
    // Dragging Texas onto Ohio's row puts it first; the arrow moves Ohio back up.
    await dialog.getByTestId("selected-Texas").dragTo(dialog.getByTestId("selected-Ohio"));
    expect(await firstRow()).toBe("selected-Texas");
    await dialog.getByRole("button", { name: "Move Ohio up" }).click();
    expect(await firstRow()).toBe("selected-Ohio");
    await expectAccessible(page, { name: "campaign dialog" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Campaign Created").waitFor();
    await dialog.waitFor({ state: "detached" });
    const table = page.getByTestId("campaigns-table");
    await table.getByText("Fall Drive").waitFor();
    await table.getByText("NiC-Acme Outbound Collections").waitFor();

    const list = async () =>
      (await call("/api/campaigns", { session })).json.items as {
        id: string;
        name: string;
        skillId: number;
        status: string;
        segments: { segmentName: string; segmentRatio: number }[];
      }[];
    const [created] = await list();
    expect(created).toMatchObject({
      name: "Fall Drive",
      skillId: ACME.skills[0]?.skillId,
      segments: [
        { segmentName: "Ohio", segmentRatio: 1 },
        { segmentName: "Texas", segmentRatio: 3 },
      ],
    });

    // Edit.
    await page.getByRole("button", { name: "Edit Fall Drive" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Campaign" });
    await edit.waitFor();
    expect(new URL(page.url()).searchParams.get("id")).toBe(created?.id);
    const name = edit.getByRole("textbox", { name: "Name" });
    expect(await name.inputValue()).toBe("Fall Drive");
    await name.fill("Fall Drive Two");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Campaign Updated").waitFor();
    await table.getByText("Fall Drive Two").waitFor();

    // Clone: a new Pending campaign named '{name} - Clone' with the same segments.
    await page.getByRole("button", { name: "Clone Fall Drive Two" }).click();
    const clone = page.getByRole("dialog", { name: "Clone Campaign" });
    await clone.waitFor();
    expect(await clone.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Fall Drive Two - Clone");
    await clone.getByRole("button", { name: "Save" }).click();
    await page.getByText("Campaign Created").first().waitFor();
    await table.getByText("Fall Drive Two - Clone").waitFor();
    const all = await list();
    expect(all.map((c) => c.name).sort()).toEqual(["Fall Drive Two", "Fall Drive Two - Clone"]);
    expect(all.find((c) => c.name.endsWith("Clone"))).toMatchObject({
      status: "Pending",
      segments: [{ segmentName: "Ohio" }, { segmentName: "Texas" }],
    });

    // Started, its skill and segments are locked, with the reason; its name can still change.
    const started = await call("/api/cache/create", {
      method: "POST",
      session,
      body: { campaignId: created?.id, dataSource: "beast" },
    });
    expect(started.status, started.text).toBe(200);
    await page.goto(`${inject("baseUrl")}/campaigns?dialog=edit&id=${created?.id}`);
    const running = page.getByRole("dialog", { name: "Edit Campaign" });
    await running.getByText(LOCKED_CHANGE_MESSAGE).waitFor();
    expect(await running.getByRole("combobox", { name: /^Skill/ }).isDisabled()).toBe(true);
    expect(await running.getByRole("button", { name: "Remove Texas" }).isDisabled()).toBe(true);
    expect(await running.getByRole("button", { name: "Clear All" }).isDisabled()).toBe(true);
    await expectAccessible(page, { name: "locked campaign dialog" });
    await running.getByRole("button", { name: "Cancel" }).click();
    await running.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("dialog")).toBeNull();
  });
});
