import { describe, expect, it } from "vitest";
import { call, expectProblem, newTenant } from "../support/api.ts";
import { pushPlatform } from "../support/push.ts";

/**
 * Tenant B must not reach tenant A's mobile applications by id, nor A's push projects through the
 * /api/project/* calls (the platform's project ids are global), and lists never mix.
 */
describe("tenant isolation: mobile applications and push projects", () => {
  it("another tenant's application and project answer 404 like missing ones, and change nothing", async () => {
    const a = await newTenant([]);
    const b = await newTenant([]);
    const { json: app } = await call("/api/mobile-configurations", {
      method: "POST",
      session: a,
      body: { name: "A App", androidEnabled: true, androidApiKey: "a-key" },
    });
    await call("/api/mobile-configurations", { method: "POST", session: b, body: { name: "B App" } });
    const { json: bare } = await call("/api/project/create", {
      method: "POST",
      session: a,
      body: { name: "A Bare" },
    });

    const path = `/api/mobile-configurations/${app.id}`;
    const missing = expectProblem(
      await call("/api/mobile-configurations/does-not-exist", { session: b }),
      404,
    );
    const foreign = expectProblem(await call(path, { session: b }), 404);
    expect(foreign.code).toBe(missing.code);
    expect(foreign.detail.replace(app.id, "X")).toBe(missing.detail.replace("does-not-exist", "X"));
    expectProblem(await call(path, { method: "PUT", session: b, body: { androidEnabled: false } }), 404);
    expectProblem(await call(path, { method: "DELETE", session: b }), 404);

    for (const projectId of [app.projectId, bare.projectId]) {
      const channel = { channel: "android", projectId, apiKey: "b-key", enabled: true };
      const refused = expectProblem(
        await call("/api/project/updateChannel", { method: "POST", session: b, body: channel }),
        404,
      );
      expect(refused.code).toBe("push_project.not_found");
      expectProblem(
        await call("/api/project/delete", {
          method: "DELETE",
          session: b,
          body: { ApplicationId: projectId },
        }),
        404,
      );
      expect(pushPlatform().projects[projectId]).toBeDefined();
    }
    expect(pushPlatform().projects[app.projectId]?.android.enabled).toBe(true);

    const names = async (session: typeof a) =>
      (await call("/api/mobile-configurations", { session })).json.items.map((m: { name: string }) => m.name);
    expect(await names(a)).toEqual(["A App"]);
    expect(await names(b)).toEqual(["B App"]);
    expect((await call(path, { session: a })).json.androidEnabled).toBe(true);
  });
});
