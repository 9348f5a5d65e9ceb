import { withActor } from "@reachcx/core/actor/index";
import { userContext } from "@reachcx/core/context/index";
import { useEnv } from "@reachcx/core/env";
import { actorFrom, type Claims } from "@reachcx/core/identity/index";
import { Me, SignedIn } from "@reachcx/core/user/api";
import { SignIn, SignUp, signUp } from "@reachcx/core/user/index";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AuthVars } from "../auth.ts";
import { clientAddress } from "../client.ts";
import { jsonAnswer } from "../describe.ts";
import { valid } from "../validate.ts";

const contextOf = (claims: Claims) => withActor(actorFrom(claims), userContext);

export const auth = new Hono<AuthVars>()
  .post(
    "/sign-in",
    describeRoute({
      tags: ["Auth"],
      summary: "Sign in with email and password; answers a token and the user context",
      responses: {
        200: jsonAnswer("Signed in: the bearer token and the user context", SignedIn),
        401: { description: "Incorrect email or password" },
        429: { description: "Too many attempts for the account or from the address; see Retry-After" },
      },
    }),
    valid("json", SignIn),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const { token, claims } = await useEnv().identity.signIn(email, password, {
        address: clientAddress(c),
      });
      return c.json({ token, context: await contextOf(claims) }, 200);
    },
  )
  .post(
    "/sign-up",
    describeRoute({
      tags: ["Auth"],
      summary: "Open a new organization with its first administrator",
      responses: {
        201: jsonAnswer("Signed up and signed in", SignedIn),
        409: { description: "Email already used" },
      },
    }),
    valid("json", SignUp),
    async (c) => {
      const { token, claims } = await signUp(c.req.valid("json"));
      return c.json({ token, context: await contextOf(claims) }, 201);
    },
  )
  .get(
    "/me",
    describeRoute({
      tags: ["Auth"],
      summary: "The signed-in user's context",
      responses: { 200: jsonAnswer("The user context", Me) },
    }),
    async (c) => c.json({ context: await userContext() }, 200),
  );
