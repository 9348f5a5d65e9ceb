import type { Plugin } from "vite";
import { NAV } from "../src/features/shell/nav.ts";
import { type Area, areaOf, helpPdf, SCREENS } from "../src/routes/catalog.ts";
import { type Line, textPdf } from "./pdf.ts";

const AREA_INTRO: Record<Area, string[]> = {
  reachcx: [
    "ReachCX manages your contact inventory and the lists your campaigns dial through NICE CXone.",
    "Sections in the left drawer appear according to your security rights.",
  ],
  e2: [
    "e2 ties the agent desktop to Microsoft Dynamics 365: channel configuration profiles and the default UI.",
  ],
  ppay: ["C3 sends pay-by-link payments: message templates, payment profiles and payment reporting."],
  config: [
    "Configuration connects your organization to the contact-center platform and the CRM, and defines custom fields, imports and mappings.",
  ],
  admin: [
    "The admin area is for provider staff: merchant onboarding, licences, tenants, users and the Bill Client.",
  ],
};

/** The help page of one screen: what it is, where it sits, and the other screens of its area. */
function helpFor(path: string, title: string): Line[] {
  const area = areaOf(path);
  const lines: Line[] = [
    { text: "ReachCX Help", size: 10, gap: 0 },
    { text: title || "ReachCX", size: 20, bold: true, gap: 40 },
    { text: `Address: ${path.replace(/\$(\w+)/g, "{$1}")}`, size: 10 },
    ...AREA_INTRO[area].map((text) => ({ text, gap: 20 })),
    { text: "In this area", size: 13, bold: true, gap: 32 },
  ];
  for (const section of NAV[area]) {
    lines.push({ text: section.label, bold: true, gap: 20 });
    for (const item of section.items) lines.push({ text: `  ${item.label}  (${item.to})` });
  }
  lines.push(
    { text: "Need more help?", size: 13, bold: true, gap: 32 },
    {
      text: "Use Contact Support in the help menu (the question mark in the top bar) to email our support team.",
    },
  );
  return lines;
}

/** Emits docs/help/<path>.pdf for every screen, the files the Help Documentation menu opens. */
export function helpDocs(): Plugin {
  return {
    name: "reachcx-help-docs",
    generateBundle() {
      // A list and its editor share one file (/config/field-mappings and /config/field-mappings/$id); the
      // first screen of each name writes it.
      const files = new Map<string, { path: string; title: string }>();
      for (const screen of [{ path: "/", title: "ReachCX" }, ...SCREENS]) {
        const fileName = helpPdf(screen.path.replace(/\$[A-Za-z]+/g, "x")).slice(1);
        if (!files.has(fileName)) files.set(fileName, screen);
      }
      for (const [fileName, screen] of files)
        this.emitFile({ type: "asset", fileName, source: textPdf(helpFor(screen.path, screen.title)) });
    },
  };
}
