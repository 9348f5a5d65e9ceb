import { registerBulkEditJobs } from "../bulk-edit/index.ts";
import { registerCampaignBuildJob } from "../dialer/build.ts";
import { registerCampaignClearJob } from "../dialer/clear.ts";
import { registerCampaignExportJob } from "../dialer/export.ts";
import { registerImportJob } from "../import/job.ts";
import { registerRestPullJob } from "../rest-connection/pull.ts";
import { registerSftpPollJob } from "../sftp/poll.ts";

/**
 * Registers the code of every kind of job. Every process that runs jobs calls it once: the embedded
 * runtime (packages/local/src/runtime.ts) and the AWS job worker (packages/functions/src/jobs/worker.ts),
 * so a job started in one mode runs the same code in the other.
 */
export function registerJobKinds() {
  registerImportJob();
  registerBulkEditJobs();
  registerSftpPollJob();
  registerRestPullJob();
  registerCampaignBuildJob();
  registerCampaignClearJob();
  registerCampaignExportJob();
}
