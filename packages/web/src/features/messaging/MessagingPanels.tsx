/**
 * The two panels that follow the connection form on the Telephony screen (spec 000 §2): third-party
 * SMS/WhatsApp provider credentials and the SMS number mapping. Being built (issue 10 item 4).
 */
export function MessagingPanels() {
  return null;
}
