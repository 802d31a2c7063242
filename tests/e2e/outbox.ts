import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { readableMail } from "../helpers/mail-text";

const outbox = path.resolve(".e2e-data", "outbox");

/**
 * The newest mail the store wrote to the outbox for this address, of those containing `text` if
 * given (waits for it to appear).
 */
export async function latestMailTo(address: string, text = ""): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
        } catch {
          return "";
        }
        const matching = files
          .map((f) => path.join(outbox, f))
          .map((file) => ({ file, text: readableMail(readFileSync(file, "utf8")) }))
          .filter(
            (mail) =>
              new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(mail.text) &&
              mail.text.includes(text),
          )
          .sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
        found = matching[0]?.text ?? "";
        return found;
      },
      { timeout: 10_000, message: `a mail to ${address} in the outbox` },
    )
    .not.toBe("");
  return found;
}

/** The first store link in a mail, as a path (e.g. /reset-password?token=...). */
export function linkIn(mail: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s]+(${pathPrefix.replace(/[?]/g, "\\?")}[^\\s]*)`).exec(
    mail,
  );
  if (!match?.[1]) throw new Error(`No ${pathPrefix} link in mail:\n${mail}`);
  return match[1];
}
