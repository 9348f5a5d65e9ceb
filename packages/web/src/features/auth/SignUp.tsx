import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { fieldErrors } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import { AuthCard } from "./AuthCard.tsx";
import { signUp } from "./api.ts";

/** Sign-up asks for name, email and password (spec 003 §2.1) and opens a new organization. */
export function SignUp() {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: { name: "", email: "", password: "" },
    validate: {
      name: (v) => (v.trim() ? null : "Please enter your name."),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : "Please enter an email."),
      password: (v) =>
        !v
          ? "Please enter in a temporary password for the user."
          : v.length < 8
            ? "Password must be at least 8 characters long."
            : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(undefined);
    try {
      const result = await signUp(values);
      session.set(result);
      await navigate({ to: result.context.landing });
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError((err as Error).message);
    }
  });

  return (
    <AuthCard title="Sign up">
      <form onSubmit={submit}>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput label="Name" autoComplete="name" miw={0} {...form.getInputProps("name")} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            miw={0}
            {...form.getInputProps("email")}
          />
          <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps("password")} />
          <Button type="submit" loading={form.submitting}>
            Sign up
          </Button>
          <Text size="sm">
            Already have an account?{" "}
            <Anchor component={Link} to="/sign-in">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
