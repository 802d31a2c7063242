/**
 * An amount in words in Indian numbering, as a tax invoice prints it: "Rupees One Lakh
 * Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only".
 */
const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1-99 in words ("Twenty-Three"). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ""}`;
}

/** 1-999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""]
    .filter(Boolean)
    .join(" ");
}

/** A whole number in words with crore, lakh and thousand ("Twelve Crore Thirty-Four Lakh..."). */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${wholeInWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** An amount of paise in words, rupees and paise; a negative amount (a credit note) as its size. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const size = Math.abs(paise);
  const rupees = Math.floor(size / 100);
  const cents = size % 100;
  if (rupees === 0 && cents > 0) return `${belowHundred(cents)} Paise Only`;
  return `Rupees ${wholeInWords(rupees)}${cents ? ` and ${belowHundred(cents)} Paise` : ""} Only`;
}
