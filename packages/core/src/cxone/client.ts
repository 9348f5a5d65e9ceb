import type * as v from "valibot";
import { requestJson } from "./http.ts";
import { type CxoneSession, type Logger, parsed, type Result } from "./login.ts";
import {
  BusinessUnitAnswer,
  type PlatformPointOfContact,
  type PlatformScript,
  type PlatformSkill,
  type PlatformTimeZone,
  PointsOfContactAnswer,
  ProductUsage,
  ProductUsageAnswer,
  ScriptSearchAnswer,
  ScriptStartAnswer,
  ScriptsAnswer,
  SkillsAnswer,
} from "./schema.ts";
import { type SkillAction, skillResultMessage } from "./skill-result.ts";

/** Spec 000 §9: the platform API version, and the older one the scripts list is read with. */
export const API_VERSION = "v26.0";
export const SCRIPTS_API_VERSION = "v17.0";
/** Spec 000 §9, Media types: 3 is SMS (points of contact), 4 is what skills and scripts are filtered to. */
export const MEDIA_SMS = 3;
export const MEDIA_SKILLS = 4;
export const PERSONAL_CONNECTION = "Personal Connection";

/** Every skill the client returns is tagged with where it came from (spec 000 §3). */
export type Skill = PlatformSkill & { source: "NiC" };

export interface SkillResult {
  /** The platform's HTTP status, null when it could not be reached. */
  status: number | null;
  ok: boolean;
  /** Spec 002 §8's message for that status. */
  message: string;
}

/** The parameters string of a script start: phone-or-cell|value|contactId, optionally |skillId (spec 000 §7). */
export function scriptParameters(
  contact: { id: string; phone?: string | null; cell?: string | null },
  value: string,
  skillId?: number,
): string {
  const parts = [contact.phone || contact.cell || "", value, contact.id];
  if (skillId !== undefined) parts.push(String(skillId));
  return parts.join("|");
}

/** Scripts of media type 4, one per name (spec 000 §7, GET scripts). */
export function outboundScripts(scripts: PlatformScript[]): PlatformScript[] {
  const seen = new Set<string>();
  return scripts.filter((s) => {
    if (s.mediaTypeId !== MEDIA_SKILLS || seen.has(s.scriptName)) return false;
    seen.add(s.scriptName);
    return true;
  });
}

/**
 * The platform calls of spec 000 §7 with a logged-in session. None throws: each answers a Result, its
 * failure already logged, and the caller applies the spec's fallback (an empty list, null) with `orElse`.
 */
export function cxoneClient(session: CxoneSession, log?: Logger) {
  const url = (path: string, version = API_VERSION) => `${session.baseUri}services/${version}/${path}`;
  const headers = { authorization: `Bearer ${session.token}` };

  async function get<S extends v.GenericSchema>(path: string, schema: S, version?: string) {
    return logged(
      path,
      parsed(await requestJson({ method: "GET", url: url(path, version), headers }), schema),
    );
  }
  async function post<S extends v.GenericSchema>(path: string, body: unknown, schema: S) {
    const answer = await requestJson({
      method: "POST",
      url: url(path),
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return logged(path, parsed(answer, schema));
  }
  function logged<T>(path: string, result: Result<T>): Result<T> {
    // The path names the call, never the token; the query is left out as it may carry a script name.
    if (!result.ok) log?.("cxone call failed", { call: path.split("?")[0], error: result.error });
    return result;
  }
  const tagged = (r: Result<v.InferOutput<typeof SkillsAnswer>>): Result<Skill[]> =>
    r.ok ? { ok: true, value: r.value.skills.map((s) => ({ ...s, source: "NiC" as const })) } : r;

  async function skillAction(action: SkillAction, skillId: number, skillName: string) {
    const answer = await requestJson({
      method: "POST",
      url: url(`skills/${encodeURIComponent(skillId)}/${action}`),
      headers,
    });
    const status = answer.ok ? answer.status : null;
    if (!answer.ok) log?.("cxone call failed", { call: `skills/${action}`, error: answer.error });
    return { status, ok: status === 202, message: skillResultMessage(action, skillName, status) };
  }

  return {
    /** Outbound Personal Connection skills of media type 4 (the campaign editor's skill list). */
    personalConnectionSkills: async () =>
      tagged(
        await get(
          `skills?${new URLSearchParams({
            mediaTypeId: String(MEDIA_SKILLS),
            isActive: "true",
            outboundStrategy: PERSONAL_CONNECTION,
            fields: "skillId,skillName,scriptName",
          })}`,
          SkillsAnswer,
        ),
      ),
    /** Active skills with their running and outbound flags, optionally of one media type. */
    activeSkills: async (mediaTypeId?: number) => {
      const query = new URLSearchParams({
        isActive: "true",
        fields: "skillId,skillName,isRunning,isOutbound",
      });
      if (mediaTypeId !== undefined) query.set("mediaTypeId", String(mediaTypeId));
      return tagged(await get(`skills?${query}`, SkillsAnswer));
    },
    /** Every skill with its script. */
    allSkills: async () => tagged(await get("skills?fields=skillId,skillName,scriptName", SkillsAnswer)),
    /** The master id of the script of that name, null when there is none (spec 000 §8). */
    scriptId: async (scriptName: string): Promise<Result<number | null>> => {
      const r = await get(`scripts/search?${new URLSearchParams({ scriptName })}`, ScriptSearchAnswer);
      return r.ok ? { ok: true, value: r.value.scriptSearchDetails[0]?.masterID ?? null } : r;
    },
    /** Starts a script for one contact; the platform's contact id. */
    startScript: async (
      scriptId: number,
      input: { skillId: number; parameters: string },
    ): Promise<Result<number>> => {
      const r = await post(`scripts/${encodeURIComponent(scriptId)}/start`, input, ScriptStartAnswer);
      return r.ok ? { ok: true, value: r.value.contactId } : r;
    },
    /** Active scripts of media type 4, unique by name (read with API v17.0). */
    scripts: async (): Promise<Result<PlatformScript[]>> => {
      const r = await get("scripts?isActive=true", ScriptsAnswer, SCRIPTS_API_VERSION);
      return r.ok ? { ok: true, value: outboundScripts(r.value.resultSet.scripts) } : r;
    },
    startSkill: (skillId: number, skillName: string): Promise<SkillResult> =>
      skillAction("start", skillId, skillName),
    stopSkill: (skillId: number, skillName: string): Promise<SkillResult> =>
      skillAction("stop", skillId, skillName),
    pointsOfContact: async (): Promise<Result<PlatformPointOfContact[]>> => {
      const r = await get("points-of-contact", PointsOfContactAnswer);
      return r.ok ? { ok: true, value: r.value.pointsOfContact } : r;
    },
    /** The SMS points of contact the number mapping offers (spec 000 §7: mediaTypeId 3 only). */
    smsPointsOfContact: async (): Promise<Result<PlatformPointOfContact[]>> => {
      const r = await get("points-of-contact", PointsOfContactAnswer);
      return r.ok
        ? { ok: true, value: r.value.pointsOfContact.filter((p) => p.mediaTypeId === MEDIA_SMS) }
        : r;
    },
    /** The time zones of the (first, non-trusted) business unit. */
    timeZones: async (): Promise<Result<PlatformTimeZone[]>> => {
      const r = await get(
        "business-unit?includeTrustedBusinessUnits=false&fields=businessUnitId,timeZones",
        BusinessUnitAnswer,
      );
      return r.ok ? { ok: true, value: r.value.businessUnits[0]?.timeZones ?? [] } : r;
    },
    /** Reports licence usage to the platform's billing. */
    reportProductUsage: async (usage: ProductUsage): Promise<Result<true>> => {
      const r = await post("partners/billing/product-usage", usage, ProductUsageAnswer);
      return r.ok ? { ok: true, value: true } : r;
    },
    productUsage: async (productId: number, startDate: string, endDate: string) => {
      const r = await get(
        `partners/billing/product-usage/${encodeURIComponent(productId)}?${new URLSearchParams({ startDate, endDate })}`,
        ProductUsageAnswer,
      );
      return r.ok ? { ok: true as const, value: r.value.usage } : r;
    },
  };
}

export type CxoneClient = ReturnType<typeof cxoneClient>;

/** The spec's fallback for a failed read (spec 000 §8): an empty list, or null for a script lookup. */
export const orElse = <T, F>(result: Result<T>, fallback: F): T | F => (result.ok ? result.value : fallback);

export { ProductUsage };
