import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 /* argon2id */ } as const;

export const hashPassword = (password: string) => hash(password, PARAMS);

export const verifyPassword = (stored: string, password: string) =>
  verify(stored, password).catch(() => false);

/** verified against when the user does not exist, so both failures take the same time */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
};

/**
 * The password of an account made for a person by someone else (a partner's invitation, a
 * handover), before its person chooses one: no password verifies against it (it is not a
 * hash), so the account is opened only by its invitation's link, or later by "Forgot
 * password".
 */
export const NO_PASSWORD_YET = "!invited";
