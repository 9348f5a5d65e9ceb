/** Spec 003 §8 "Vendor onboarding", verbatim (the console's toasts), and the server's own refusals. */
export const VENDOR_EXISTS = "A vendor with that id already exists";
export const vendorMissing = (id: string) => `Vendor ${id} does not exist.`;
export const ONBOARDING_RUNNING = "The onboarding of this vendor is already running.";
export const NOT_WAITING = "The onboarding is not waiting for this step.";
export const ALREADY_COMPLETED = "This step has already been completed.";
export const APPLICATION_NOT_COMPLETE = "Application must be completed before continuing";

export const MESSAGES = {
  unableToCreate: "Unable to create vendor",
  vendorSaved: "Vendor saved",
  unableToList: "Unable to get vendor list",
  vendorDeleted: "Vendor deleted",
  cloned: "Vendor successfully cloned",
  unableToClone: "Unable to clone vendor",
  noCmsInfo: "No CMS information returned",
  errorCreatingApp: "Error creating CMS app",
  createAppFirst: "Please create a CMS app before continuing",
  infoSaved: "Vendor information saved",
  unableToSaveInfo: "Unable save vendor information",
  pricingSaved: "Pricing info saved",
  errorSavingPricing: "Error saving pricing info",
  fixHighlighted: "Please fix the highlighted fields",
  applicationSaved: "Application changes saved",
  errorUpdatingApplication: "Error updating application",
  linkCopied: "Application link copied to clipboard",
  generateLink: "Please generate a link to the application",
  verifyPricing: "Please verify that the pricing information is complete",
  completeApplication: APPLICATION_NOT_COMPLETE,
  invalidNexio: "Invalid nexio credentials.",
  nexioSaved: "Nexio token saved",
  unableToSaveNexio: "Unable to save nexio token",
  generateNexio: "Please generate a nexio token before continuing",
  finalApprovalRequired: "Final approval is required",
  redirecting: "Vendor updated. Please wait while you are automatically redirected...",
  unableToUpdate: "Unable to update vendor.",
  deleteConfirm: "Do you want to permamently delete this onboarding application?",
} as const;
