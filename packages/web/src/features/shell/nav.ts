import type { Right } from "@reachcx/core/rights/index";
import type { Area } from "../../routes/catalog.ts";

export interface NavItem {
  label: string;
  to: string;
}

export interface NavSection {
  label: string;
  /** ReachCX sections show only if the rights string has '1' at this position (spec 003 §2.1). */
  right?: Right;
  items: NavItem[];
}

/** The left drawer of each area: spec 003 §2.1, §2.9, §2.10; spec 001 §2.1; spec 002 Navigation. */
export const NAV: Record<Area, NavSection[]> = {
  reachcx: [
    {
      label: "Dashboards",
      right: "dashboards",
      items: [{ label: "Visualizations/Reports", to: "/dashboard" }],
    },
    {
      label: "Inventory Management",
      right: "inventory",
      items: [
        { label: "Contacts", to: "/contacts" },
        { label: "Contact Import", to: "/import" },
        { label: "Bulk Edit", to: "/bulk-edit" },
      ],
    },
    {
      label: "List Management",
      right: "listManagement",
      items: [
        { label: "Segments", to: "/segments" },
        { label: "Campaigns", to: "/campaigns" },
        { label: "Profiles", to: "/profile" },
      ],
    },
  ],
  e2: [
    { label: "Dashboards", items: [{ label: "Visualizations/Reports", to: "/e2/Dashboard" }] },
    {
      label: "Channel Configuration",
      items: [
        { label: "Default UI Configuration", to: "/e2/ui-config" },
        { label: "Configuration Profiles", to: "/e2" },
        { label: "IVR Pre-Process", to: "/e2/ivr" },
      ],
    },
  ],
  ppay: [
    {
      label: "Dashboards",
      items: [
        { label: "ReachCX Reporting", to: "/ppay/Dashboard/or" },
        { label: "e2 Reporting", to: "/ppay/Dashboard/e2" },
      ],
    },
    {
      label: "Payment Configurations",
      items: [
        { label: "Message Templates", to: "/ppay/MessageTemplates" },
        { label: "Payment Profiles", to: "/ppay/PaymentProfiles" },
      ],
    },
  ],
  config: [
    {
      label: "Configuration",
      items: [
        { label: "Telephony", to: "/config" },
        { label: "CRM Configurations", to: "/config/inventory-source" },
        { label: "SFTP Connections", to: "/config/sftp" },
        { label: "REST Connections", to: "/config/rest-connections" },
        { label: "Mobile Applications", to: "/config/mobile-config" },
        { label: "Custom Fields", to: "/config/custom-fields" },
        { label: "Field Mappings", to: "/config/field-mappings" },
        { label: "Downloads", to: "/config/downloads" },
      ],
    },
  ],
  admin: [
    { label: "Dashboards", items: [{ label: "Visualizations/Reports", to: "/admin" }] },
    { label: "PromptPay", items: [{ label: "Merchant Onboarding", to: "/admin/onboarding" }] },
    {
      label: "Tenant Management",
      items: [
        { label: "License Usage", to: "/admin/licSubmit" },
        { label: "Max License Count", to: "/admin/maxlicense" },
        { label: "Tenants", to: "/admin/ListTenants" },
        { label: "Create User", to: "/admin/CreateUser" },
      ],
    },
    { label: "Payments", items: [{ label: "Bill Client", to: "/admin/payments" }] },
  ],
};

export function sectionsFor(area: Area, rights: Record<Right, boolean>): NavSection[] {
  return NAV[area].filter((section) => !section.right || rights[section.right]);
}
