import { useEnv } from "../env.ts";
import { type FieldError, VisibleError } from "../error/index.ts";
import { isMask, MASK } from "../secrets/index.ts";

/** Not in the spec: a MASK sent for a secret nothing stored holds (a new connection, or one never set). */
export const NO_SAVED_SECRET_MESSAGE = "There is no saved secret to keep; enter it";

/**
 * A form's secret fields resolved against what is stored: "" is none, MASK is the stored value, new
 * text is taken as given. `keep` turns a stored (sealed) value into the wanted one (kept sealed for a
 * save, decrypted for a check); `fresh` does the same for new text (sealed for a save, as is for a check).
 */
export async function resolveSecrets<K extends string>(
  sent: Record<K, string>,
  stored: Partial<Record<K, string | undefined>> | undefined,
  keep: (sealed: string) => Promise<string>,
  fresh: (plain: string) => Promise<string>,
): Promise<Record<K, string>> {
  const out = {} as Record<K, string>;
  const errors: FieldError[] = [];
  for (const field of Object.keys(sent) as K[]) {
    const value = sent[field];
    if (value === "") out[field] = "";
    else if (!isMask(value)) out[field] = await fresh(value);
    else {
      const kept = stored?.[field];
      if (kept) out[field] = await keep(kept);
      else errors.push({ path: field, message: NO_SAVED_SECRET_MESSAGE });
    }
  }
  if (errors.length > 0)
    throw new VisibleError("input", "sftp.no_saved_secret", NO_SAVED_SECRET_MESSAGE, errors);
  return out;
}

export const seal = (plain: string) => useEnv().secrets.encrypt(plain);
export const unseal = (sealed: string) => useEnv().secrets.decrypt(sealed);
export const asIs = async (value: string) => value;

/** A stored secret as answered: MASK when set, "" when not. */
export const maskOf = (stored: string | undefined): typeof MASK | "" => (stored ? MASK : "");
