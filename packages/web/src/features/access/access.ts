import type { UserContext } from "@reachcx/core/context/index";
import { MODULE_LICENSE, type Module, type Right } from "@reachcx/core/rights/index";

/** What a screen asks of the signed-in user: the licence of its module and a rights position. */
export interface Requirement {
  module?: Module;
  right?: Right;
}

export type Access =
  | { ok: true }
  | { ok: false; reason: "unlicensed"; module: Module }
  | { ok: false; reason: "rights" };

/** Licences gate modules, rights positions gate sections (spec 003 §6); the licence is checked first. */
export function accessOf(
  context: Pick<UserContext, "licenses" | "rights"> | undefined,
  need: Requirement,
): Access {
  if (need.module && !context?.licenses.includes(MODULE_LICENSE[need.module]))
    return { ok: false, reason: "unlicensed", module: need.module };
  if (need.right && !context?.rights[need.right]) return { ok: false, reason: "rights" };
  return { ok: true };
}
