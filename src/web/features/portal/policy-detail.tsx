import { formatDate, formatPaise } from "@shared/format.ts";
import { fullName } from "@shared/names.ts";
import { paths } from "@shared/paths.ts";
import { TAX_NOTE } from "@shared/pricing.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import type { PolicyDetail as PolicyDetailAnswer } from "@shared/schemas/policy.ts";
import { useQuery } from "@tanstack/react-query";
import { InvoiceLinks } from "@web/components/invoices/invoice-links.tsx";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { PolicyItems } from "@web/components/policy-items/policy-items.tsx";
import { POLICY_STATUS_LABELS, PolicyStatusBadge } from "@web/components/status/policy-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiPath, errorStatus } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { COMPANY } from "@web/lib/company.ts";
import { PageMeta } from "@web/lib/head.tsx";
import {
  CalendarCheck,
  CalendarX,
  Check,
  FileDown,
  Home,
  type LucideIcon,
  MessageSquarePlus,
  Printer,
  ShieldCheck,
  X,
} from "lucide-react";
import { Link } from "wouter";
import { policyQuery } from "./api.ts";
import { PolicyCoverAside } from "./policy-cover-aside.tsx";
import { PolicyRenewButton } from "./renewal.tsx";
import { verifyPaths } from "./verify-api.ts";
import { VerifyQr } from "./verify-qr.tsx";
import "./print.css";
import { BackLink } from "@web/components/layout/back-link.tsx";

export function PolicyNotFound({ path }: { path: string }) {
  return (
    <NotFoundState
      title="Policy not found"
      message="We couldn't find this policy in your account. It may belong to another account, or the link may be wrong."
      path={path}
      backHref={paths.dashboard}
      backLabel="Back to Dashboard"
    />
  );
}

/** /purchases/{id}: the policy in full, printable as a clean certificate. */
export function PolicyDetail({ id, user }: { id: number | null; user: PublicUser }) {
  const path = paths.purchase(id ?? "");
  const query = useQuery({ ...policyQuery(id ?? 0), enabled: id !== null });
  if (id === null || errorStatus(query.error) === 404 || errorStatus(query.error) === 400) {
    return <PolicyNotFound path={path} />;
  }
  if (query.isPending) return <PolicySkeleton />;
  if (query.isError) {
    return (
      <Container className="py-12">
        <LoadError what="this policy" onRetry={() => void query.refetch()} />
      </Container>
    );
  }
  return <PolicyCertificate detail={query.data} user={user} />;
}

function PolicySkeleton() {
  return (
    <Container className="py-8 md:py-12">
      <LoadingRegion label="Loading policy..." className="grid gap-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-2/3" />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-64 lg:col-span-2" />
          <Skeleton className="h-64" />
        </div>
      </LoadingRegion>
    </Container>
  );
}

/** a detail's value after its icon; on paper the icon is left out */
function IconValue({
  icon: Icon,
  className,
  children,
}: {
  icon: LucideIcon;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <Icon aria-hidden="true" className="size-4 text-muted-foreground print:hidden" />
      {children}
    </span>
  );
}

function Detail({
  label,
  children,
  className,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase print:text-neutral-600">
        {label}
      </dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  );
}

function PolicyCertificate({ detail, user }: { detail: PolicyDetailAnswer; user: PublicUser }) {
  const { purchase, plan, planName, features } = detail;
  const active = purchase.status === "active";
  const included = features.filter((f) => f.included);
  const excluded = features.filter((f) => !f.included);
  // the policy's own holder: staff opening a customer's policy must not see (or print) their own name
  const holder = fullName(detail.holder);

  return (
    <Container className="py-8 md:py-12 print:max-w-none print:p-0">
      <PageMeta
        title={`Policy ${purchase.policyNumber}`}
        description={`${planName} Plan warranty policy ${purchase.policyNumber}.`}
        path={paths.purchase(purchase.id)}
        noindex
      />
      <nav aria-label="Breadcrumb" className="print:hidden">
        <BackLink href={paths.dashboard}>Back to Dashboard</BackLink>
      </nav>

      <article
        className={cn("policy-certificate mt-5", !active && "not-in-force")}
        aria-labelledby="policy-title"
      >
        {/* a policy not in force has no certificate: a page printed anyway says so across it */}
        {active ? null : (
          <p className="not-in-force-mark hidden print:block" aria-hidden="true">
            NOT IN FORCE
          </p>
        )}
        {/* the letterhead only a printed certificate carries */}
        <div
          className="hidden border-b-2 border-neutral-800 pb-3 print:block"
          data-testid="certificate-letterhead"
        >
          <div className="flex items-center gap-4">
            {/* the company's mark (the site's icon), loaded with the page so it is there when printing */}
            <img src="/favicon.svg" alt={`${COMPANY.name} logo`} width={52} height={52} />
            <div>
              <p className="text-xl font-bold">{COMPANY.name}</p>
              <p className="text-sm">
                {COMPANY.address.street}, {COMPANY.address.locality}, {COMPANY.address.city}{" "}
                {COMPANY.address.pincode} · {COMPANY.phones[0]} · {COMPANY.emails[0]}
              </p>
            </div>
          </div>
          {/* the date the policy was issued, never the day it happens to be printed */}
          <p className="mt-3 flex items-baseline justify-between gap-4 text-sm">
            <span className="font-semibold tracking-[0.2em] uppercase">
              {active ? "Certificate of Warranty" : "Policy record: not in force"}
            </span>
            <span>Issued on {formatDate(purchase.createdAt)}</span>
          </p>
        </div>

        <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between print:mt-4">
          <div>
            <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase print:hidden">
              Warranty Policy
            </p>
            <h1 id="policy-title" className="mt-2 font-display text-3xl font-bold md:text-4xl">
              {planName} Plan
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-3">
              <span className="font-mono text-base">{purchase.policyNumber}</span>
              <PolicyStatusBadge status={purchase.status} />
            </p>
            {detail.partner ? (
              // a home a partner handed over: the partner gives the warranty, we service it
              <p className="mt-3 flex items-center gap-3 text-sm" data-testid="partner-line">
                {detail.partner.logoUrl ? (
                  <img src={detail.partner.logoUrl} alt="" className="h-8 w-auto max-w-28 object-contain" />
                ) : null}
                <span>{detail.partner.line}</span>
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3 print:hidden">
            {/* a certificate says cover is in force: only an active policy offers one */}
            {active ? (
              <Button variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden="true" /> Print Certificate
              </Button>
            ) : null}
            {active ? (
              <Button variant="outline" asChild>
                <a
                  href={apiPath("GET /api/purchases/:id/certificate.pdf", { params: { id: purchase.id } })}
                  download={`${purchase.policyNumber}.pdf`}
                >
                  <FileDown aria-hidden="true" /> Download PDF
                </a>
              </Button>
            ) : null}
            <PolicyRenewButton purchaseId={purchase.id} policyNumber={purchase.policyNumber} />
            <InvoiceLinks purchaseId={purchase.id} />
            {active ? (
              <Button asChild>
                <Link href={`${paths.newTicket}?purchaseId=${purchase.id}`}>
                  <MessageSquarePlus aria-hidden="true" /> Raise a Support Ticket
                </Link>
              </Button>
            ) : null}
          </div>
        </header>

        {!active ? (
          <p className="mt-5 rounded-lg border bg-muted px-4 py-3 text-sm print:hidden" role="note">
            {purchase.status === "pending"
              ? "This policy is being activated. You can raise support tickets once it is active."
              : purchase.status === "expired"
                ? "This policy's cover has ended. Renew or choose a new plan to keep your interiors protected."
                : "This policy has been cancelled and no longer provides cover."}
            {detail.openOrderId !== null ? (
              <>
                {" "}
                <Link
                  href={paths.order(detail.openOrderId)}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  Pay for this policy
                </Link>
              </>
            ) : null}
            {purchase.status === "expired" || purchase.status === "cancelled" ? (
              <>
                {" "}
                <Link
                  href={paths.b2c}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  Browse Warranty Plans
                </Link>
              </>
            ) : null}
          </p>
        ) : null}

        <div className="mt-8 grid gap-6 lg:grid-cols-3 print:mt-6 print:block">
          <div className="grid content-start gap-6 lg:col-span-2 print:block">
            <Card className="p-6 print:rounded-none print:border-0 print:p-0 print:shadow-none">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <ShieldCheck aria-hidden="true" className="size-5 text-primary print:hidden" /> Policy details
              </h2>
              <dl className="mt-5 grid gap-5 sm:grid-cols-2">
                <Detail label="Policy holder">{holder}</Detail>
                <Detail label="Policy number">
                  <span className="font-mono">{purchase.policyNumber}</span>
                </Detail>
                <Detail label="Plan">
                  {planName} Plan{plan.duration ? ` · ${plan.duration} years` : ""}
                </Detail>
                <Detail label="Status">{POLICY_STATUS_LABELS[purchase.status]}</Detail>
                <Detail label="Cover starts">
                  <IconValue icon={CalendarCheck}>{formatDate(purchase.startDate)}</IconValue>
                </Detail>
                <Detail label="Cover ends">
                  <IconValue icon={CalendarX}>{formatDate(purchase.endDate)}</IconValue>
                </Detail>
                {detail.partner ? (
                  <Detail label="Paid for by">{detail.partner.name}</Detail>
                ) : (
                  // the amount already carries its ₹ sign: a rupee icon beside it read "₹ ₹45,999"
                  <Detail label={purchase.status === "pending" ? "Amount to pay" : "Amount paid"}>
                    <span className="tabular-nums">{formatPaise(purchase.totalAmount)}</span>
                    <span className="block text-xs text-muted-foreground">{TAX_NOTE.b2c}</span>
                  </Detail>
                )}
                <Detail label="Issued on">{formatDate(purchase.createdAt)}</Detail>
              </dl>
            </Card>

            <Card className="p-6 print:mt-6 print:rounded-none print:border-0 print:p-0 print:shadow-none">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <Home aria-hidden="true" className="size-5 text-primary print:hidden" /> Covered property
              </h2>
              <address className="mt-3 not-italic leading-relaxed">
                {purchase.propertyAddress}
                <br />
                {purchase.propertyCity}, {purchase.propertyState}
                {purchase.propertyPincode ? ` ${purchase.propertyPincode}` : ""}
              </address>
              <p className="mt-3 text-sm text-muted-foreground print:text-neutral-700">
                This warranty stays with the home and transfers to a new owner if the property is sold.
              </p>
            </Card>

            <Card className="p-6 print:mt-6 print:rounded-none print:border-0 print:p-0 print:shadow-none">
              <h2 className="text-lg font-semibold">What your {planName} Plan covers</h2>
              {plan.description ? (
                <p className="mt-1 text-sm text-muted-foreground print:text-neutral-700">
                  {plan.description}
                </p>
              ) : null}
              <ul className="mt-5 grid gap-2.5 sm:grid-cols-2" aria-label="Covered">
                {included.map((f) => (
                  <li key={f.id} className="flex items-start gap-2 text-sm">
                    <Check
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-success print:text-black"
                    />
                    <span>{f.name}</span>
                  </li>
                ))}
              </ul>
              {excluded.length > 0 ? (
                <>
                  <h3 className="mt-6 text-sm font-semibold text-muted-foreground print:text-neutral-700">
                    Not included in this plan
                  </h3>
                  <ul className="mt-3 grid gap-2.5 sm:grid-cols-2" aria-label="Not included">
                    {excluded.map((f) => (
                      <li
                        key={f.id}
                        className="flex items-start gap-2 text-sm text-muted-foreground print:text-neutral-700"
                      >
                        <X aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        <span>{f.name}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Card>

            <PolicyItems
              purchaseId={purchase.id}
              features={features}
              writable={purchase.status !== "cancelled"}
              staff={user.role === "admin"}
            />
          </div>

          <PolicyCoverAside detail={detail} />
        </div>

        <footer
          className="mt-10 hidden items-start gap-6 border-t border-neutral-400 pt-4 text-xs text-neutral-700 print:flex"
          data-testid="certificate-footer"
        >
          {active ? (
            <p className="flex-1">
              This certificate confirms cover under the {planName} Plan for the property above from{" "}
              {formatDate(purchase.startDate)} to {formatDate(purchase.endDate)}, subject to the Warranty
              Terms and the Cancellation and Refunds terms published on our website. To make a claim, call{" "}
              {COMPANY.phones[0]} or write to {COMPANY.emails[0]} quoting policy number{" "}
              {purchase.policyNumber}.
            </p>
          ) : (
            <p className="flex-1 font-semibold">
              This policy is not in force ({POLICY_STATUS_LABELS[purchase.status].toLowerCase()}): this page
              is not a certificate and confirms no cover. Its status can be checked on the verification page.
            </p>
          )}
          {/* the same code as on the PDF: it leads to the verification page */}
          <div className="shrink-0 text-center" data-testid="printed-verify-qr">
            <VerifyQr
              path={verifyPaths.code(detail.verifyCode)}
              label={`QR code of the verification page of policy ${purchase.policyNumber}`}
              className="mt-0 size-28"
            />
            <p className="mt-1 font-mono text-[9px]">/verify/{detail.verifyCode}</p>
          </div>
        </footer>
      </article>
    </Container>
  );
}
