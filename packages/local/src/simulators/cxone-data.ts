/**
 * What the CXone simulator knows at start: one business unit per demo tenant with its credentials,
 * skills, scripts, points of contact and time zones. The demo seed gives acme and globex these
 * credentials (packages/local/src/seed.ts), so a fresh `npm start` logs in.
 */
export interface SimulatedSkill {
  skillId: number;
  skillName: string;
  scriptName: string | null;
  mediaTypeId: number;
  isActive: boolean;
  isOutbound: boolean;
  outboundStrategy: string | null;
  isRunning: boolean;
}

export interface SimulatedUnit {
  businessUnitId: number;
  /** Cloud (CXOne) access key pair. */
  accessKey: string;
  appSecret: string;
  /** Legacy token endpoint login: basic auth application@vendor:businessUnit, then user name and password. */
  legacy: { app: string; vendor: string; userName: string; password: string };
  skills: SimulatedSkill[];
  scripts: { scriptName: string; mediaTypeId: number; masterID: number }[];
  pointsOfContact: {
    pointOfContact: string;
    pointOfContactName: string;
    contactAddress: string;
    mediaTypeId: number;
    mediaTypeName: string;
    defaultSkillId: number;
    isActive: boolean;
  }[];
  timeZones: { name: string; standardName: string; offset: string }[];
}

const US_ZONES = [
  { name: "Eastern", standardName: "Eastern Standard Time", offset: "-05:00" },
  { name: "Central", standardName: "Central Standard Time", offset: "-06:00" },
  { name: "Mountain", standardName: "Mountain Standard Time", offset: "-07:00" },
  { name: "Pacific", standardName: "Pacific Standard Time", offset: "-08:00" },
];

const skill = (
  skillId: number,
  skillName: string,
  scriptName: string | null,
  more: Partial<SimulatedSkill> = {},
): SimulatedSkill => ({
  skillId,
  skillName,
  scriptName,
  mediaTypeId: 4,
  isActive: true,
  isOutbound: true,
  outboundStrategy: "Personal Connection",
  isRunning: false,
  ...more,
});

const poc = (id: string, name: string, address: string, mediaTypeId: number, defaultSkillId: number) => ({
  pointOfContact: id,
  pointOfContactName: name,
  contactAddress: address,
  mediaTypeId,
  mediaTypeName: mediaTypeId === 3 ? "SMS" : mediaTypeId === 4 ? "Phone Call" : "Other",
  defaultSkillId,
  isActive: true,
});

export const SIMULATED_UNITS: SimulatedUnit[] = [
  {
    businessUnitId: 4600123,
    accessKey: "ACME-CXONE-ACCESS-KEY",
    appSecret: "acme-cxone-app-secret",
    legacy: { app: "ReachCX", vendor: "AcmeCollections", userName: "acme.api", password: "acme-legacy-pass" },
    skills: [
      skill(4100001, "Acme Outbound Collections", "Acme-Outbound-Main"),
      skill(4100002, "Acme Payment Reminders", "Acme-Payment-Reminder"),
      skill(4100003, "Acme Inbound Support", "Acme-Inbound", { isOutbound: false, outboundStrategy: null }),
      skill(4100004, "Acme SMS Replies", "Acme-SMS-Reply", { mediaTypeId: 3, outboundStrategy: null }),
      skill(4100005, "Acme Retired Campaign", null, { isActive: false }),
    ],
    scripts: [
      { scriptName: "Acme-Outbound-Main", mediaTypeId: 4, masterID: 7100001 },
      // A second version of the same script: the scripts list keeps one per name.
      { scriptName: "Acme-Outbound-Main", mediaTypeId: 4, masterID: 7100011 },
      { scriptName: "Acme-Payment-Reminder", mediaTypeId: 4, masterID: 7100002 },
      { scriptName: "Acme-SMS-Reply", mediaTypeId: 3, masterID: 7100003 },
    ],
    pointsOfContact: [
      poc("a1b2c3d4-0001-4000-8000-000000000001", "Acme SMS Main", "3035550150", 3, 4100004),
      poc("a1b2c3d4-0002-4000-8000-000000000002", "Acme SMS Payments", "3035550151", 3, 4100004),
      poc("a1b2c3d4-0003-4000-8000-000000000003", "Acme Main Line", "8005550100", 4, 4100003),
    ],
    timeZones: US_ZONES,
  },
  {
    businessUnitId: 4600456,
    accessKey: "GLOBEX-CXONE-ACCESS-KEY",
    appSecret: "globex-cxone-app-secret",
    legacy: {
      app: "ReachCX",
      vendor: "GlobexHealth",
      userName: "globex.api",
      password: "globex-legacy-pass",
    },
    skills: [skill(4200001, "Globex Appointment Outreach", "Globex-Outbound")],
    scripts: [{ scriptName: "Globex-Outbound", mediaTypeId: 4, masterID: 7200001 }],
    pointsOfContact: [poc("b1b2c3d4-0001-4000-8000-000000000001", "Globex SMS", "6175550170", 3, 4200001)],
    timeZones: US_ZONES.slice(0, 2),
  },
];
