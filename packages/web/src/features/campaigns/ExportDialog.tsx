import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { EXPORTING_MESSAGE, LINK_MAILED_MESSAGE, SFTP_SENT_MESSAGE } from "@reachcx/core/dialer/export-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { api, unwrap } from "../../lib/api.ts";
import { jobKeys } from "../jobs/api.ts";
import { sftpExportQuery } from "../sftp/api.ts";

/**
 * The Export dialog (spec 002): Export to SFTP (disabled unless the tenant's SFTP export is configured,
 * with the way to /config/sftp) and Download Via Secured Link (on by default); Export is disabled while
 * neither is chosen. The export runs as a job; the toasts say where the file goes (§8).
 */
export function ExportDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; name: string };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // Reading the target needs the configuration right: without it SFTP shows as not configured.
  const target = useQuery({ ...sftpExportQuery(), retry: false });
  const sftpReady = target.data?.configured === true;
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
        {!sftpReady && !target.isPending && (
          <Text size="sm" c="dimmed">
            SFTP export is not configured.{" "}
            <Anchor component={Link} to="/config/sftp" size="sm" underline="always">
              Set it up in SFTP Connections
            </Anchor>
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
