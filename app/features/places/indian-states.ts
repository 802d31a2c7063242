/**
 * India's 28 states and 8 union territories, as the Government of India names them today
 * (Dadra and Nagar Haveli and Daman and Diu merged in 2020; Ladakh a union territory since
 * 2019). One list for the outlet form's State select, and the pincode directory. Free
 * of zod: browser and server both use it.
 */
export const indianStates = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;
export type IndianState = (typeof indianStates)[number];

/** True when `name` is one of the states and union territories, as spelled in the list. */
export function isIndianState(name: string): name is IndianState {
  return (indianStates as readonly string[]).includes(name);
}
