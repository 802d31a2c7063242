import { describe, expect, it } from "vitest";
import { readableMail } from "./mail-text";

const mail = (headers: string[], body: string) => [...headers, "", body].join("\r\n");

describe("a mail from the outbox, as its reader sees it", () => {
  it("decodes a quoted-printable body: the rupee sign, soft breaks and the encoded =", () => {
    const raw = mail(
      ["To: a@example.in", "Content-Transfer-Encoding: quoted-printable"],
      "Total: =E2=82=B94,500 =\r\nnow, token=3DE2abc",
    );
    expect(readableMail(raw)).toContain("Total: ₹4,500 now, token=E2abc");
  });

  // A List-Unsubscribe link whose token began with "E2" was read as the byte 0xE2, breaking the
  // newsletter test about one run in 60.
  it("leaves the headers as written", () => {
    const raw = mail(
      [
        "List-Unsubscribe: <http://localhost/newsletter/unsubscribe?token=E2x9>",
        "Content-Transfer-Encoding: quoted-printable",
      ],
      "Hello",
    );
    expect(readableMail(raw)).toContain("?token=E2x9>");
  });

  it("leaves a body that is not quoted-printable alone", () => {
    const raw = mail(["Content-Transfer-Encoding: 7bit"], "a=E2b");
    expect(readableMail(raw)).toContain("a=E2b");
  });
});
