import { CREDENTIALS_MESSAGE, FtpCheckInput, hasCredentials } from "@reachcx/core/sftp/schema";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import * as v from "valibot";
import { messagesByPath } from "../../lib/validate.ts";
import { type FtpCheckBody, ftpCheck } from "./api.ts";
import { testedToast, toast } from "./toast.ts";

/**
 * Test Connection for an SFTP form (spec 001 §4, §5): Save is enabled only after a successful test, and
 * any edit resets it (the form calls `reset` from its onValuesChange). The form's values are checked with
 * core's check schema first; without a user name, host and a password or key the spec's sentence is shown.
 */
export function useConnectionTest(setErrors: (errors: Record<string, string>) => void) {
  const [tested, setTested] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: ftpCheck,
    onSuccess: (answer) => {
      testedToast(answer.success);
      setTested(answer.success);
      setReason(answer.reason);
    },
    onError: () => {
      testedToast(false);
      setTested(false);
    },
  });
  const run = (body: FtpCheckBody) => {
    if (!body.username?.trim() || !body.host?.trim() || !hasCredentials(body)) {
      toast("red", CREDENTIALS_MESSAGE);
      setErrors({ password: CREDENTIALS_MESSAGE });
      return;
    }
    const errors = messagesByPath(v.safeParse(FtpCheckInput, body).issues);
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      return;
    }
    check.mutate(body);
  };
  // Unconditional: a form may hold on to the first render's reset.
  const reset = () => {
    setTested(false);
    setReason(null);
  };
  return { tested, reason, testing: check.isPending, run, reset };
}
