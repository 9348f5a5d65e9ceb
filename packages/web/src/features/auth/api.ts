import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["me"]: the signed-in user's context, refetched when the tenant or the user changes. */
export const meKeys = { all: ["me"] as const };

export const meQuery = () =>
  queryOptions({ queryKey: meKeys.all, queryFn: () => unwrap(api.auth.me.$get()) });

export type SignInBody = Parameters<(typeof api.auth)["sign-in"]["$post"]>[0]["json"];
export type SignUpBody = Parameters<(typeof api.auth)["sign-up"]["$post"]>[0]["json"];

export const signIn = (json: SignInBody) => unwrap(api.auth["sign-in"].$post({ json }));
export const signUp = (json: SignUpBody) => unwrap(api.auth["sign-up"].$post({ json }));
