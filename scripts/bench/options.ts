// The bench's command-line options and the settings they give every mode.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { commandOptions } from "../../src/server/cli/args.ts";

export const options = commandOptions(
  {
    rounds: { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    arms: { type: "string" },
    "lighthouse-runs": { type: "string" },
    profile: { type: "boolean" },
    build: { type: "boolean" },
    "no-start": { type: "boolean" },
    "no-lighthouse": { type: "boolean" },
    "scale-pg": { type: "string" },
    "scale-dir": { type: "string" },
    "scale-runs": { type: "string" },
    "scale-loads": { type: "string" },
    "scale-only": { type: "boolean" },
    "uploads-only": { type: "boolean" },
    "mail-only": { type: "boolean" },
    "metrics-only": { type: "boolean" },
    "partner-import-only": { type: "boolean" },
    "no-scale-browser": { type: "boolean" },
    "partner-only": { type: "boolean" },
    "partner-pg": { type: "string" },
    "public-only": { type: "boolean" },
  },
  "Usage: npm run bench -- [--rounds N] [--seconds N] [--connections N] [--arms A,B] [--lighthouse-runs N] [--profile] [--build] [--no-start] [--no-lighthouse] [--scale-pg URL] [--scale-dir DIR] [--scale-runs N] [--scale-loads N] [--scale-only] [--uploads-only] [--mail-only] [--metrics-only] [--partner-import-only] [--no-scale-browser] [--partner-only] [--partner-pg URL] [--public-only]",
);
export const ROUNDS = Number(options.rounds ?? 3);
export const SECONDS = Number(options.seconds ?? 5);
export const CONNECTIONS = Number(options.connections ?? 100);
export const PROFILE = options.profile ?? false;
export const ONLY_ARMS = options.arms?.split(",");
export const OUT_DIR = ".tmp/bench";
export const pinnable = os.cpus().length >= 2 && spawnSync("taskset", ["-V"]).status === 0;

export const pin = (pid: number, cpu: number) => {
  if (pinnable) spawnSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
};
