import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { NewPassword } from "@reachcx/core/user/schema";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { session } from "../../lib/session.ts";
import { rule } from "../../lib/validate.ts";
import { AuthCard } from "./AuthCard.tsx";
import { newPassword, pendingChallenge } from "./api.ts";
import { afterSignIn } from "./SignIn.tsx";

/**
 * The first sign-in of a user created with a temporary password (Create User): they choose their own
 * password, which completes the NEW_PASSWORD_REQUIRED challenge and signs them in.
 */
export function ChangePassword() {
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false }) as { redirect?: string };
  const [challenge] = useState(pendingChallenge.get);
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: { newPassword: "", confirm: "" },
    validate: {
      newPassword: rule(NewPassword.entries.newPassword),
      confirm: (v, values) => (v === values.newPassword ? null : "The passwords do not match."),
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!challenge) return;
    setError(undefined);
    try {
      const result = await newPassword({ ...challenge, newPassword: values.newPassword });
      pendingChallenge.set(null);
      session.set(result);
      await navigate({ href: afterSignIn(redirect, result.context.landing) });
    } catch (err) {
      setError((err as Error).message);
    }
  });

  if (!challenge)
    return (
      <AuthCard title="Set a new password">
        <Text>Sign in with your temporary password first; you will then choose your own here.</Text>
        <Anchor component={Link} to="/sign-in">
          Sign in
        </Anchor>
      </AuthCard>
    );

  return (
    <AuthCard title="Set a new password">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            {challenge.email} signed in with a temporary password. Choose your own password to continue.
          </Text>
          {error && (
            <Alert color="red">
              {error}{" "}
              {/expired/i.test(error) && (
                <Anchor component={Link} to="/sign-in">
                  Sign in again
                </Anchor>
              )}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters."
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps("confirm")}
          />
          <Button type="submit" loading={form.submitting}>
            Set password and sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
