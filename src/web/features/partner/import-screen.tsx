import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { PartnerImport } from "@shared/schemas/partner-import.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@web/components/ui/table.tsx";
import { apiCall, apiPath, apiUpload, errorMessage } from "@web/lib/api.ts";
import {
  BadgeCheck,
  CircleAlert,
  Download,
  FileSpreadsheet,
  Info,
  RotateCcw,
  TriangleAlert,
  Upload,
} from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { afterHandover } from "./api.ts";

const TEMPLATE_URL = apiPath("GET /api/partner/imports/template.csv");
const n = (v: number) => v.toLocaleString("en-IN");
const homes = (v: number) => `${n(v)} ${v === 1 ? "home" : "homes"}`;

/**
 * /partner/import: a partner's user registers many homes from a spreadsheet. They download
 * the template, choose their CSV, and see the preview the server made (every problem by row
 * and column, a sample of the rows as they will be registered); only a file without errors
 * can be registered, all its homes at once.
 */
export function ImportScreen() {
  const [preview, setPreview] = useState<PartnerImport | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => apiUpload("POST /api/partner/imports", {}, file),
    onSuccess: setPreview,
  });
  const qc = useQueryClient();
  const commit = useMutation({
    mutationFn: (id: number) => apiCall("POST /api/partner/imports/:id/commit", { params: { id } }),
    onSuccess: (done) => {
      setPreview(done);
      // the dashboard's month count, lists and scorecard must not show the month before the import
      void afterHandover(qc);
    },
  });
  const again = () => {
    setPreview(null);
    upload.reset();
    commit.reset();
  };

  return (
    <div className="max-w-4xl">
      {preview?.committedAt ? (
        <Done preview={preview} onAgain={again} />
      ) : (
        <div className="grid grid-cols-1 gap-4">
          <TemplateStep />
          <FileStep
            busy={upload.isPending}
            error={
              upload.isError
                ? errorMessage(upload.error, "The file could not be checked. Please try again.")
                : null
            }
            onFile={(file) => {
              setPreview(null);
              commit.reset();
              upload.mutate(file);
            }}
            fileName={preview?.fileName ?? null}
          />
          {preview ? (
            <Preview
              preview={preview}
              committing={commit.isPending}
              commitError={
                commit.isError
                  ? errorMessage(commit.error, "The homes could not be registered. Please try again.")
                  : null
              }
              onCommit={() => commit.mutate(preview.id)}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <h2 className="flex items-center gap-3 text-lg font-semibold">
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm text-primary-foreground">
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-3 sm:pl-10">{children}</div>
    </Card>
  );
}

function TemplateStep() {
  return (
    <Step number={1} title="Fill in the template">
      <p className="text-sm text-muted-foreground">
        Keep its header row. <strong className="text-foreground">Plan</strong>: Essential, Premium or Elite.{" "}
        <strong className="text-foreground">Install date</strong>: 2026-11-20 or 20/11/2026.{" "}
        <strong className="text-foreground">Covered items</strong> (optional): Room:Item:Brand, separated by
        semicolons, such as "Kitchen:Modular kitchen:Hettich; Bedroom:Wardrobe". Save as "CSV UTF-8".
      </p>
      <Button asChild variant="outline" className="mt-4 w-full sm:w-auto">
        <a href={TEMPLATE_URL} download>
          <Download aria-hidden="true" /> Download the template (CSV)
        </a>
      </Button>
    </Step>
  );
}

function FileStep({
  busy,
  error,
  fileName,
  onFile,
}: {
  busy: boolean;
  error: string | null;
  fileName: string | null;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Step number={2} title="Choose your CSV file">
      <p className="text-sm text-muted-foreground">
        Up to 10,000 homes a file. It is checked at once; nothing is registered yet.
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file of handovers"
        // the button below opens it: one control to reach, and one name for it
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // cleared, so choosing the same file again after fixing it is noticed
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="button"
          disabled={busy}
          onClick={() => input.current?.click()}
          className="w-full sm:w-auto"
        >
          <BusyLabel busy={busy} icon={<Upload aria-hidden="true" />} busyText="Checking the file…">
            {fileName === null ? "Choose a CSV file" : "Choose another file"}
          </BusyLabel>
        </Button>
        {fileName ? (
          <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
            <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{fileName}</span>
          </span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-4 flex gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </Step>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: "bad" }) {
  return (
    <div className="rounded-lg border bg-background px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`mt-0.5 text-lg font-semibold tabular-nums ${tone === "bad" ? "text-danger" : ""}`}>
        {value}
      </dd>
    </div>
  );
}

function Preview({
  preview,
  committing,
  commitError,
  onCommit,
}: {
  preview: PartnerImport;
  committing: boolean;
  commitError: string | null;
  onCommit: () => void;
}) {
  const valid = preview.rowCount - preview.rowsWithErrors;
  const { quota } = preview;
  return (
    <Step number={3} title="Check and register">
      <dl className="grid grid-cols-2 gap-2">
        <Figure label="Rows" value={n(preview.rowCount)} />
        <Figure
          label="Rows with errors"
          value={n(preview.rowsWithErrors)}
          tone={preview.rowsWithErrors ? "bad" : undefined}
        />
      </dl>
      {quota.quota !== null ? (
        <p className="mt-3 text-sm text-muted-foreground">
          This month: {n(quota.registered)} of {n(quota.quota)} registrations used.
          {quota.pastQuota > 0 && quota.overQuota === "bill"
            ? ` ${homes(quota.pastQuota)} of this file go past the limit and are billed as your contract says.`
            : ""}
        </p>
      ) : null}
      {preview.encoding === "windows-1252" ? (
        <p className="mt-3 flex gap-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The file was saved as Windows "CSV" rather than "CSV UTF-8"; it was read as such. Please check the
          names in the sample below.
        </p>
      ) : null}

      {preview.canCommit ? (
        <div className="mt-5 rounded-lg border border-success/40 bg-success/10 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            Ready: {homes(valid)} to register
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Each homeowner is e-mailed their policy as soon as you register, with a link to set a password if
            they are new to us.
          </p>
          <Button className="mt-4 w-full sm:w-auto" disabled={committing} onClick={onCommit}>
            <BusyLabel busy={committing} icon={<BadgeCheck aria-hidden="true" />} busyText="Registering…">
              Register {homes(valid)}
            </BusyLabel>
          </Button>
          {commitError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-danger">
              {commitError}
            </p>
          ) : null}
        </div>
      ) : (
        <div role="alert" className="mt-5 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          <p className="flex gap-2 font-semibold text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            Nothing can be registered yet
          </p>
          <p className="mt-1 text-sm">{preview.blockedBecause}</p>
        </div>
      )}

      <IssueTable preview={preview} kind="errors" />
      <IssueTable preview={preview} kind="warnings" />
      {preview.sample.length > 0 ? <Sample preview={preview} /> : null}
    </Step>
  );
}

/** a table of the file's rows, by their line in the file first */
function RowTable({ head, children }: { head: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mt-2 overflow-hidden rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-14">Row</TableHead>
            {head}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** the preview's errors, or its warnings (what the partner should know, such as homeowners who have an account) */
function IssueTable({ preview, kind }: { preview: PartnerImport; kind: "errors" | "warnings" }) {
  const issues = preview[kind];
  const total = kind === "errors" ? preview.errorCount : preview.warningCount;
  if (issues.length === 0) return null;
  const title = kind === "errors" ? "Errors" : "Good to know";
  const icon =
    kind === "errors" ? (
      <CircleAlert aria-hidden="true" className="size-4 text-danger" />
    ) : (
      <TriangleAlert aria-hidden="true" className="size-4 text-accent-foreground" />
    );
  return (
    <section className="mt-6">
      <h3 className="flex items-center gap-2 font-semibold">
        {icon} {title} <span className="font-normal text-muted-foreground">({n(total)})</span>
      </h3>
      <RowTable
        head={
          <>
            <TableHead className="hidden w-36 sm:table-cell">Column</TableHead>
            <TableHead>Problem</TableHead>
          </>
        }
      >
        {issues.map((e) => (
          <TableRow key={`${e.row}|${e.column}|${e.message}`}>
            <TableCell className="align-top font-semibold tabular-nums">{e.row}</TableCell>
            <TableCell className="hidden align-top text-muted-foreground sm:table-cell">
              {e.column ?? "Whole row"}
            </TableCell>
            <TableCell className="align-top">
              {/* on a phone the column is named in the cell: three columns do not fit */}
              <span className="block text-xs font-semibold text-muted-foreground sm:hidden">
                {e.column ?? "Whole row"}
              </span>
              {e.message}
            </TableCell>
          </TableRow>
        ))}
      </RowTable>
      {total > issues.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          The first {n(issues.length)} of {n(total)} are listed. Correct these, upload the file again, and the
          rest are shown.
        </p>
      ) : null}
    </section>
  );
}

function Sample({ preview }: { preview: PartnerImport }) {
  return (
    <section className="mt-6">
      <h3 className="font-semibold">
        How the rows were read{" "}
        <span className="font-normal text-muted-foreground">
          (
          {preview.sample.length < preview.rowCount - preview.rowsWithErrors
            ? `the first ${n(preview.sample.length)} rows without errors`
            : "the rows without errors"}
          )
        </span>
      </h3>
      <RowTable
        head={
          <>
            <TableHead>Homeowner</TableHead>
            <TableHead className="hidden sm:table-cell">Home</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="hidden sm:table-cell">Installed</TableHead>
          </>
        }
      >
        {preview.sample.map((s) => (
          <TableRow key={s.row}>
            <TableCell className="align-top tabular-nums">{s.row}</TableCell>
            <TableCell className="align-top">
              <span className="block font-medium">{s.homeownerName}</span>
              <span className="block break-all text-xs text-muted-foreground">{s.homeownerEmail}</span>
            </TableCell>
            <TableCell className="hidden align-top sm:table-cell">
              <span className="block whitespace-pre-line">{s.propertyAddress}</span>
              <span className="text-xs text-muted-foreground">
                {s.propertyCity} {s.propertyPincode}
              </span>
            </TableCell>
            <TableCell className="align-top">
              {s.planName}
              {s.items > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  {s.items} {s.items === 1 ? "item" : "items"}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="hidden align-top whitespace-nowrap sm:table-cell">
              {formatDate(s.installDate)}
            </TableCell>
          </TableRow>
        ))}
      </RowTable>
    </section>
  );
}

function Done({ preview, onAgain }: { preview: PartnerImport; onAgain: () => void }) {
  return (
    <Card className="mt-6 p-6 sm:p-8" role="status">
      <BadgeCheck aria-hidden="true" className="size-10 text-success" />
      <h2 className="mt-3 font-display text-xl font-bold sm:text-2xl">
        {homes(preview.committedCount ?? 0)} registered
      </h2>
      <p className="mt-2 text-muted-foreground">
        Each homeowner has been e-mailed about their home, with how to sign in and see it.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href={paths.partner}>See your homes</Link>
        </Button>
        <Button variant="outline" onClick={onAgain}>
          <RotateCcw aria-hidden="true" /> Import another file
        </Button>
      </div>
    </Card>
  );
}
