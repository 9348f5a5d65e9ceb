import { Loader, Modal, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { displayLocale } from "../../lib/format.ts";
import { sftpFilesQuery } from "./api.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(displayLocale(), { dateStyle: "medium", timeStyle: "short" });

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The newest files an SFTP import took from its server (issue 12): each became an import job, or why not. */
export function FilesDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const files = useQuery(sftpFilesQuery(id));
  return (
    <Modal opened onClose={onClose} title={`Files taken by ${name}`} size="lg">
      {files.isPending && <Loader size="sm" aria-label="Loading" />}
      {files.isError && <Text c="red">The files could not be loaded.</Text>}
      {files.data && files.data.items.length === 0 && (
        <Text c="dimmed">
          No files yet: new CSV files in the folder are taken at the next poll (every 15 minutes).
        </Text>
      )}
      {files.data && files.data.items.length > 0 && (
        <Table data-testid="sftp-files-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Modified</Table.Th>
              <Table.Th>Taken</Table.Th>
              <Table.Th>Import</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.data.items.map((file) => (
              <Table.Tr key={`${file.name}-${file.modifiedAt}-${file.size}`}>
                <Table.Td>{file.name}</Table.Td>
                <Table.Td>{size(file.size)}</Table.Td>
                <Table.Td>{when(file.modifiedAt)}</Table.Td>
                <Table.Td>{when(file.processedAt)}</Table.Td>
                <Table.Td>{file.jobId ? "Import job started (see Jobs)" : (file.note ?? "—")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
