import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { EXPORTING_MESSAGE, LINK_MAILED_MESSAGE, SFTP_SENT_MESSAGE } from "@reachcx/core/dialer/export-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { api, unwrap } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { accessOf } from "../access/access.ts";
import { jobKeys } from "../jobs/api.ts";
import { exportTargetsQuery } from "./api.ts";

/**
 * The Export dialog (spec 002): Export to SFTP (disabled unless the tenant's SFTP export is configured,
 * with the way to /config/sftp for those who may configure it) and Download Via Secured Link (on by
 * default); Export is disabled while neither is chosen. What is open comes from GET
 * /api/export/campaign/targets, which the export right reads. The export runs as a job; the toasts say
 * where the file goes (§8).
 */
export function ExportDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; name: string };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const targets = useQuery(exportTargetsQuery());
  const sftpReady = targets.data?.SFTP === true;
  const session = useSession();
  const mayConfigure = session !== null && accessOf(session.context, "configuration").ok;
  const [sftp, setSftp] = useState(false);
  const [link, setLink] = useState(true);
  const run = useMutation({
    mutationFn: () =>
      unwrap(
        api.export.campaign.$post({ json: { campaignId: campaign.id, SFTP: sftp && sftpReady, S3: link } }),
      ),
    onMutate: () => notifications.show({ message: EXPORTING_MESSAGE }),
    onSuccess: () => {
      if (sftp && sftpReady) notifications.show({ message: SFTP_SENT_MESSAGE });
      if (link) notifications.show({ message: LINK_MAILED_MESSAGE });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      onClose();
    },
    onError: (err) => notifications.show({ color: "red", message: err.message, autoClose: 5000 }),
  });

  return (
    <Modal opened onClose={onClose} title={`Export Campaign: ${campaign.name}`}>
      <Stack>
        <Checkbox
          label="Export to SFTP"
          checked={sftp && sftpReady}
          disabled={!sftpReady}
          onChange={(e) => setSftp(e.currentTarget.checked)}
        />
        {!sftpReady && targets.isSuccess && (
          <Text size="sm" c="dimmed">
            SFTP export is not configured.{" "}
            {mayConfigure ? (
              <Anchor component={Link} to="/config/sftp" size="sm" underline="always">
                Set it up in SFTP Connections
              </Anchor>
            ) : (
              "An administrator can set it up in SFTP Connections."
            )}
          </Text>
        )}
        <Checkbox
          label="Download Via Secured Link"
          checked={link}
          onChange={(e) => setLink(e.currentTarget.checked)}
        />
        {run.isError && <Alert color="red">{run.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!(link || (sftp && sftpReady))}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
