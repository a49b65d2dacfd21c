/**
 * What the chat assistant hands to the enquiry form: the name, e-mail, phone and message
 * the visitor already typed. It travels in the tab's session storage, not in the address,
 * so personal details never reach server logs, caches or another site's Referer.
 */
const KEY = "hipws.enquiry-handoff";

export interface EnquiryHandoff {
  name?: string;
  email?: string;
  phone?: string;
  interest?: string;
  message?: string;
}

export function saveEnquiryHandoff(values: EnquiryHandoff) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // storage refused (private mode, quota): the visitor types the details themselves
  }
}

/** the waiting hand-off, if any; strings only, whatever the storage holds */
export function readEnquiryHandoff(): EnquiryHandoff | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    const out: EnquiryHandoff = {};
    for (const field of ["name", "email", "phone", "interest", "message"] as const) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === "string" && value) out[field] = value.slice(0, 5000);
    }
    return out;
  } catch {
    return null;
  }
}

/** once the enquiry is sent, the form starts empty again */
export function clearEnquiryHandoff() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
