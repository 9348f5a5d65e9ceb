import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Service } from "electrodb";
import { ActivityLogEntity } from "./entities/activity-log.ts";
import { CampaignEntity, CampaignLockEntity } from "./entities/campaign.ts";
import { ConnectionEntity } from "./entities/connection.ts";
import { ContactEntity } from "./entities/contact.ts";
import {
  ActiveCampaignEntity,
  CampaignContactEntity,
  CampaignCounterEntity,
  CampaignDayEntity,
  CampaignHourEntity,
  CampaignPhoneEntity,
  ContactPaceEntity,
  DialerLeaseEntity,
  DispenseBatchEntity,
  QueueCursorEntity,
} from "./entities/dialer.ts";
import { DoNotCallEntity } from "./entities/do-not-call.ts";
import { FeesEntity } from "./entities/fees.ts";
import { FieldMappingEntity } from "./entities/field-mapping.ts";
import { FtpExportEntity } from "./entities/ftp-export.ts";
import { FtpImportEntity } from "./entities/ftp-import.ts";
import { InventorySourceEntity } from "./entities/inventory-source.ts";
import { JobEntity } from "./entities/job.ts";
import { JobSlotEntity } from "./entities/job-slot.ts";
import { LoginEntity } from "./entities/login.ts";
import { MailEntity } from "./entities/mail.ts";
import { MobileConfigurationEntity } from "./entities/mobile-configuration.ts";
import { PaymentProfileEntity } from "./entities/payment-profile.ts";
import { ProfileEntity } from "./entities/profile.ts";
import { PushProjectEntity } from "./entities/push-project.ts";
import { RestConnectionEntity } from "./entities/rest-connection.ts";
import { ScheduleEntity } from "./entities/schedule.ts";
import { SegmentEntity } from "./entities/segment.ts";
import { SftpFileEntity } from "./entities/sftp-file.ts";
import { TenantEntity } from "./entities/tenant.ts";
import { TenantSettingsEntity } from "./entities/tenant-settings.ts";
import { UserEntity } from "./entities/user.ts";
import { VendorEntity } from "./entities/vendor.ts";
import { WorkflowExecutionEntity, WorkflowWaitEntity } from "./entities/workflow.ts";

export * from "./entities/activity-log.ts";
export * from "./entities/campaign.ts";
export * from "./entities/connection.ts";
export * from "./entities/contact.ts";
export * from "./entities/dialer.ts";
export * from "./entities/do-not-call.ts";
export * from "./entities/fees.ts";
export * from "./entities/field-mapping.ts";
export * from "./entities/ftp-export.ts";
export * from "./entities/ftp-import.ts";
export * from "./entities/inventory-source.ts";
export * from "./entities/job.ts";
export * from "./entities/job-slot.ts";
export * from "./entities/login.ts";
export * from "./entities/mail.ts";
export * from "./entities/mobile-configuration.ts";
export * from "./entities/payment-profile.ts";
export * from "./entities/profile.ts";
export * from "./entities/push-project.ts";
export * from "./entities/rest-connection.ts";
export * from "./entities/schedule.ts";
export * from "./entities/segment.ts";
export * from "./entities/sftp-file.ts";
export * from "./entities/tenant.ts";
export * from "./entities/tenant-settings.ts";
export * from "./entities/user.ts";
export * from "./entities/vendor.ts";
export * from "./entities/workflow.ts";

/** Every entity of the single table, by its model's entity name (entityOf relies on the two agreeing). */
export const entities = {
  tenant: TenantEntity,
  tenantSettings: TenantSettingsEntity,
  user: UserEntity,
  login: LoginEntity,
  connection: ConnectionEntity,
  contact: ContactEntity,
  activityLog: ActivityLogEntity,
  fieldMapping: FieldMappingEntity,
  restConnection: RestConnectionEntity,
  mobileConfiguration: MobileConfigurationEntity,
  pushProject: PushProjectEntity,
  ftpImport: FtpImportEntity,
  ftpExport: FtpExportEntity,
  inventorySource: InventorySourceEntity,
  segment: SegmentEntity,
  profile: ProfileEntity,
  campaign: CampaignEntity,
  campaignLock: CampaignLockEntity,
  paymentProfile: PaymentProfileEntity,
  doNotCall: DoNotCallEntity,
  mail: MailEntity,
  job: JobEntity,
  jobSlot: JobSlotEntity,
  vendor: VendorEntity,
  fees: FeesEntity,
  workflowWait: WorkflowWaitEntity,
  workflowExecution: WorkflowExecutionEntity,
  schedule: ScheduleEntity,
  sftpFile: SftpFileEntity,
  campaignContact: CampaignContactEntity,
  contactPace: ContactPaceEntity,
  campaignCounter: CampaignCounterEntity,
  campaignHour: CampaignHourEntity,
  campaignDay: CampaignDayEntity,
  dispenseBatch: DispenseBatchEntity,
  queueCursor: QueueCursorEntity,
  dialerLease: DialerLeaseEntity,
  activeCampaign: ActiveCampaignEntity,
  campaignPhone: CampaignPhoneEntity,
};
export type EntityName = keyof typeof entities;

export function createService(client: DynamoDBDocumentClient, table: string) {
  // The document client and table travel with the service for the few bulk paths that send ElectroDB's
  // own request parameters themselves (the import's batch upsert, core/import/write.ts).
  return Object.assign(new Service(entities, { client, table }), { raw: { client, table } });
}

export type StoreService = ReturnType<typeof createService>;
