import { withActor } from "@reachcx/core/actor/index";
import { userContext } from "@reachcx/core/context/index";
import { actorFrom, type Claims, isChallenge } from "@reachcx/core/identity/index";
import { Me, SignedIn, SignInAnswer } from "@reachcx/core/user/api";
import { completeNewPassword, NewPassword, SignIn, SignUp, signIn, signUp } from "@reachcx/core/user/index";
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
      summary:
        "Sign in with email and password; answers a token and the user context, or NEW_PASSWORD_REQUIRED for a temporary password",
      responses: {
        200: jsonAnswer(
          "Signed in (the bearer token and the user context), or the new-password challenge",
          SignInAnswer,
        ),
        401: { description: "Incorrect email or password" },
        403: { description: "The user's tenant has been disabled" },
        429: { description: "Too many attempts for the account or from the address; see Retry-After" },
      },
    }),
    valid("json", SignIn),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const result = await signIn(email, password, { address: clientAddress(c) });
      if (isChallenge(result)) return c.json({ challenge: result.challenge, session: result.session }, 200);
      return c.json({ token: result.token, context: await contextOf(result.claims) }, 200);
    },
  )
  .post(
    "/new-password",
    describeRoute({
      tags: ["Auth"],
      summary:
        "Complete NEW_PASSWORD_REQUIRED: the email, the sign-in's session and the user's own password; answers as sign-in",
      responses: {
        200: jsonAnswer("Password set and signed in: the bearer token and the user context", SignedIn),
        400: { description: "The new password breaks a rule" },
        401: { description: "The session has expired or was used already" },
        403: { description: "The user's tenant has been disabled" },
      },
    }),
    valid("json", NewPassword),
    async (c) => {
      const { token, claims } = await completeNewPassword(c.req.valid("json"));
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
