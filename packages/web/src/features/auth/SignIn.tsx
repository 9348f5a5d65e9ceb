import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { session } from "../../lib/session.ts";
import { AuthCard } from "./AuthCard.tsx";
import { pendingChallenge, signIn } from "./api.ts";

/** Where to go after signing in: the page that asked for it, else the user's landing page. */
export const afterSignIn = (redirect: string | undefined, landing: string) =>
  redirect?.startsWith("/") && !redirect.startsWith("//") && !redirect.startsWith("/sign-")
    ? redirect
    : landing;

export function SignIn() {
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false }) as { redirect?: string };
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (v) => (v.trim() ? null : "Please enter an email."),
      password: (v) => (v ? null : "Please enter a password."),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(undefined);
    try {
      const result = await signIn(values);
      if ("challenge" in result) {
        // A temporary password (Create User): the user chooses their own before getting a token.
        pendingChallenge.set({ email: values.email.trim(), session: result.session });
        await navigate({ to: "/change-password", search: redirect ? { redirect } : {} });
        return;
      }
      session.set(result);
      await navigate({ href: afterSignIn(redirect, result.context.landing) });
    } catch (err) {
      setError((err as Error).message);
    }
  });

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit}>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            miw={0}
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps("password")}
          />
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <Text size="sm">
            New here?{" "}
            <Anchor component={Link} to="/sign-up">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
