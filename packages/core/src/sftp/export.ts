import { useTenant } from "../actor/index.ts";
import { useStore } from "../env.ts";
import { isMask } from "../secrets/index.ts";
import type { FtpExportItem } from "../store/entities.ts";
import type { SftpExport } from "./api.ts";
import { DEFAULT_PORT, type SftpExportInput } from "./schema.ts";
import { asIs, maskOf, resolveSecrets, seal } from "./secrets.ts";

/** The tenant's one SFTP export target (spec 001 §2.3 "SFTP Export tab: one export form"). */

function maskedExport(item: FtpExportItem | null): SftpExport {
  if (!item)
    return {
      configured: false,
      ftpExportURL: "",
      ftpExportUserName: "",
      ftpExportPassword: "",
      ftpImportKey: "",
      ftpExportPort: DEFAULT_PORT,
      lastCheck: null,
      updatedAt: null,
    };
  return {
    configured: true,
    ftpExportURL: item.ftpExportURL,
    ftpExportUserName: item.ftpExportUserName,
    ftpExportPassword: maskOf(item.ftpExportPassword),
    ftpImportKey: maskOf(item.ftpImportKey),
    ftpExportPort: item.ftpExportPort,
    lastCheck: item.lastCheck ?? null,
    updatedAt: item.updatedAt,
  };
}

/** The stored export target, secrets sealed: for the check, which decrypts what a MASK keeps. */
export async function getExportItem(): Promise<FtpExportItem | null> {
  const tenant = useTenant();
  return (await useStore().entities.ftpExport.get({ tenant }).go()).data;
}

export async function getSftpExport(): Promise<SftpExport> {
  return maskedExport(await getExportItem());
}

/**
 * Saves the whole form: a MASK keeps the stored secret, "" removes it. The item is written whole (put),
 * so a secret removed is gone. The last check stays only while the login it proved is unchanged.
 */
export async function saveSftpExport(input: SftpExportInput): Promise<SftpExport> {
  const tenant = useTenant();
  const stored = await getExportItem();
  const secrets = await resolveSecrets<"ftpExportPassword" | "ftpImportKey">(
    { ftpExportPassword: input.ftpExportPassword, ftpImportKey: input.ftpImportKey },
    stored ?? undefined,
    asIs,
    seal,
  );
  const sameLogin =
    stored !== null &&
    stored.ftpExportURL === input.ftpExportURL &&
    stored.ftpExportUserName === input.ftpExportUserName &&
    stored.ftpExportPort === input.ftpExportPort &&
    [input.ftpExportPassword, input.ftpImportKey].every((value) => value === "" || isMask(value));
  const { data } = await useStore()
    .entities.ftpExport.put({
      tenant,
      ftpExportURL: input.ftpExportURL,
      ftpExportUserName: input.ftpExportUserName,
      ftpExportPort: input.ftpExportPort,
      ...(secrets.ftpExportPassword ? { ftpExportPassword: secrets.ftpExportPassword } : {}),
      ...(secrets.ftpImportKey ? { ftpImportKey: secrets.ftpImportKey } : {}),
      ...(sameLogin && stored.lastCheck ? { lastCheck: stored.lastCheck } : {}),
    })
    .go();
  return maskedExport(data);
}

/** Records a successful check of the saved export target. */
export async function markExportChecked(at: string) {
  const tenant = useTenant();
  if (!(await getExportItem())) return;
  // patch refuses an item deleted meanwhile (a tenant removed): nothing left to record then.
  await useStore()
    .entities.ftpExport.patch({ tenant })
    .set({ lastCheck: at })
    .go()
    .catch((err: unknown) => {
      if (!(err instanceof Error && /conditional/i.test(`${err.message} ${String(err.cause)}`))) throw err;
    });
}
