import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
} from "~/domain/accounts/schema.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const valid = {
  firstName: "Amina",
  lastName: "Wanjiru",
  email: "amina@example.com",
  password: "password123",
  confirmPassword: "password123",
  terms: "on",
};

function errors(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  fields: Record<string, string>,
): Record<string, string[] | null | undefined> {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("sign-up schema (messages)", () => {
  it("accepts a complete form and trims names", () => {
    const submission = parseWithZod(form({ ...valid, firstName: "  Amina " }), {
      schema: signupSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.firstName).toBe("Amina");
  });

  it("reports every empty field with its own message", () => {
    expect(errors(signupSchema, {})).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Email is required"],
      password: ["Password is required"],
      terms: ["You must agree to the terms and conditions"],
    });
  });

  it.each(["plain", "a@b", "@b.c", "a b@c.d", "a@b."])("rejects the e-mail %j", (email) => {
    expect(errors(signupSchema, { ...valid, email }).email).toEqual(["Email is invalid"]);
  });

  it("checks the length and the confirmation of the password", () => {
    expect(errors(signupSchema, { ...valid, password: "short", confirmPassword: "short" })).toEqual(
      {
        password: ["Password must be at least 8 characters"],
      },
    );
    expect(errors(signupSchema, { ...valid, confirmPassword: "password124" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
    expect(errors(signupSchema, { ...valid, confirmPassword: "" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("shows the mismatch together with other field errors", () => {
    expect(errors(signupSchema, { ...valid, firstName: "", confirmPassword: "nope" })).toEqual({
      firstName: ["First name is required"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("rejects over-long names", () => {
    expect(errors(signupSchema, { ...valid, lastName: "x".repeat(101) }).lastName).toEqual([
      "Must be at most 100 characters",
    ]);
  });
});

describe("other account schemas", () => {
  it("login needs an e-mail and a password", () => {
    expect(errors(loginSchema, {})).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it("reset password follows the sign-up rules", () => {
    expect(errors(resetPasswordSchema, { password: "abc", confirmPassword: "abd" })).toEqual({
      password: ["Password must be at least 8 characters"],
      confirmPassword: ["Passwords do not match"],
    });
    expect(
      errors(resetPasswordSchema, { password: "long-enough", confirmPassword: "long-enough" }),
    ).toEqual({});
  });

  it.each(["https://cdn.example.com/a.png", "http://example.com/me.jpg", ""])(
    "profile accepts the avatar URL %j",
    (avatarUrl) => {
      expect(errors(profileSchema, { fullName: "A", avatarUrl })).toEqual({});
    },
  );

  it.each(["javascript:alert(1)", "ftp://example.com/a.png", "not a url", "/local.png"])(
    "profile rejects the avatar URL %j",
    (avatarUrl) => {
      expect(errors(profileSchema, { avatarUrl }).avatarUrl).toEqual([
        "Avatar URL must start with http:// or https://",
      ]);
    },
  );
});
