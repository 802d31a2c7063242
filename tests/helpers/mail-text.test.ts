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

describe("a mail of text and HTML in Hindi, as its reader sees it", () => {
  const raw = [
    "To: x@example.in",
    "Subject: =?UTF-8?B?VXJqYUNlbGw6IOCkkeCksOCljeCkoeCksCAjMTAw?=",
    " =?UTF-8?B?MDEg4KSm4KSw4KWN4KScIOCkueCliyDgpJfgpK8=?= =?UTF-8?B?4KS+?=",
    "MIME-Version: 1.0",
    "Content-Type: multipart/alternative;",
    ' boundary="--_NmP-340fc79f8806c3ee-Part_1"',
    "",
    "----_NmP-340fc79f8806c3ee-Part_1",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "=E0=A4=A8=E0=A4=AE=E0=A4=B8=E0=A5=8D=E0=A4=A4=E0=A5=87 Asha, token=3Dab=",
    "c",
    "----_NmP-340fc79f8806c3ee-Part_1",
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from('<html lang="hi"><p>नमस्ते</p></html>').toString("base64"),
    "----_NmP-340fc79f8806c3ee-Part_1--",
    "",
  ].join("\n");

  it("reads the subject's encoded words, and each part by its own encoding", () => {
    const text = readableMail(raw);
    expect(text).toContain("Subject: UrjaCell: ऑर्डर #10001 दर्ज हो गया");
    expect(text).toContain("नमस्ते Asha, token=abc");
    expect(text).toContain('<html lang="hi"><p>नमस्ते</p></html>');
  });
});
