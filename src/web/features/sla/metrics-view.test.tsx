import type { Metrics } from "@shared/schemas/sla.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { countedAt, Headlines } from "./metrics-view.tsx";

afterEach(cleanup);

const base: Metrics = {
  from: "2026-10-30",
  to: "2026-11-28",
  raised: 12,
  firstResponse: { count: 12, medianHours: 0.35, p90Hours: 0.9 },
  resolution: { count: 4, medianHours: 30.25, p90Hours: 72 },
  sla: { measured: 13, met: 12, attainment: 12 / 13 },
  rating: { count: 3, average: 4.3 },
  byCoveredItem: [],
  byCity: [],
  byPlan: [],
  openByAge: [],
  asOf: "2026-11-28T08:35:00.000Z",
  refreshMinutes: 10,
};

const card = (title: string) => screen.getByRole("heading", { name: title }).parentElement as HTMLElement;

describe("the metrics headlines", () => {
  it("show a time under an hour in minutes, and a percentage with how many tickets it is of", () => {
    render(<Headlines m={base} />);
    expect(card("First response").textContent).toContain("21 min median");
    expect(card("First response").textContent).toContain("90% within 54 min · 12 tickets");
    expect(card("Resolution").textContent).toContain("30.3 h median");
    expect(card("Resolution").textContent).toContain("90% within 3 days");
    expect(card("Service levels met").textContent).toContain("92.3% of 13 tickets");
  });

  it("say in words when there is nothing to measure", () => {
    render(
      <Headlines
        m={{
          ...base,
          raised: 0,
          firstResponse: { count: 0, medianHours: null, p90Hours: null },
          resolution: { count: 0, medianHours: null, p90Hours: null },
          sla: { measured: 0, met: 0, attainment: null },
          rating: { count: 0, average: null },
        }}
      />,
    );
    expect(card("First response").textContent).toContain("No replies yet");
    expect(card("Resolution").textContent).toContain("None resolved");
    expect(card("Resolution").textContent).toContain("No ticket was resolved in the period");
    expect(card("Service levels met").textContent).toContain("None decided");
    expect(card("Average rating").textContent).toContain("No ratings yet");
    expect(document.body.textContent).not.toContain("–");
  });

  it("never round a quick reply to '0 h'", () => {
    render(<Headlines m={{ ...base, firstResponse: { count: 2, medianHours: 0, p90Hours: 0.02 } }} />);
    expect(card("First response").textContent).toContain("under 1 min median");
    expect(card("First response").textContent).toContain("90% within 1 min");
    expect(document.body.textContent).not.toContain("0 h");
  });
});

describe("when the metrics were counted", () => {
  it("says the time in India, and how often the standard periods are counted again", () => {
    expect(countedAt(base)).toBe("Counted at 28 Nov 2026, 2:05 pm, again every 10 minutes");
    expect(countedAt({ ...base, refreshMinutes: null })).toBe("Counted at 28 Nov 2026, 2:05 pm");
  });
});
