// Staff's partner dialogs, one file each: creating a partner, its logo, inviting its users and
// issuing its monthly statements.
export { CreatePartnerDialog } from "./partner-create-dialog.tsx";
export { InviteMemberDialog } from "./partner-invite-dialog.tsx";
export { LogoUploadButton } from "./partner-logo-button.tsx";
export { IssueStatementDialog } from "./partner-statement-dialog.tsx";
