import { describe, expect, it } from "vitest";
import { PASSWORD_IS_NAME_MESSAGE, PASSWORD_REPEATED_MESSAGE, RegisterFormSchema } from "./auth.ts";

/** The sign-up form says at once what the server would refuse, beside the password field. */
describe("the sign-up form's password rules", () => {
  const form = {
    firstName: "Meena",
    lastName: "Iyer",
    username: "meena-iyer",
    email: "meena@example.in",
    password: "cane-chair-88",
    confirmPassword: "cane-chair-88",
  };
  const passwordErrors = (password: string) => {
    const parsed = RegisterFormSchema.safeParse({ ...form, password, confirmPassword: password });
    return parsed.success
      ? []
      : parsed.error.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
  };

  it("accepts a password of its own", () => {
    expect(RegisterFormSchema.safeParse(form).success).toBe(true);
  });

  it("refuses one character repeated, in any case", () => {
    expect(passwordErrors("aaaaaa")).toEqual([PASSWORD_REPEATED_MESSAGE]);
    expect(passwordErrors("AaAaAaAa")).toEqual([PASSWORD_REPEATED_MESSAGE]);
  });

  it("refuses the username or the e-mail address typed in the same form, in any case", () => {
    expect(passwordErrors("Meena-Iyer")).toEqual([PASSWORD_IS_NAME_MESSAGE]);
    expect(passwordErrors("MEENA@example.in")).toEqual([PASSWORD_IS_NAME_MESSAGE]);
  });

  it("keeps the spec's length message first", () => {
    expect(passwordErrors("aaa")[0]).toBe("Password must be at least 6 characters");
  });
});
