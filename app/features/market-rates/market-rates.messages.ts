/** Every text of the back office's market rates tool (`/admin/market-rates`) in one place. */
export const marketRatesMessages = {
  notConfigured:
    "No market rates endpoint is set. Add its address in Settings, under Market rates.",
  badScheme: "The endpoint must be an http:// or https:// address",
  unresolvable: (host: string) => `${host} could not be found (no address for that name)`,
  blockedAddress: (host: string, address: string) =>
    `${host} is a private or local address (${address}); the store only asks public servers unless "Allow private endpoints" is on in Settings`,
  unreachable: (host: string) => `${host} could not be reached`,
  timedOut: (seconds: number) => `The endpoint did not answer within ${seconds} seconds`,
  tooLarge: (megabytes: number) => `The endpoint's answer is larger than ${megabytes} MB`,
  redirected: (status: number) =>
    `The endpoint answered with a redirect (HTTP ${status}), which is not followed`,
  httpError: (status: number) => `The endpoint answered with an error: HTTP ${status}`,
  notJson: "The endpoint's answer is not JSON",
  dateInvalid: "Enter a date such as 2026-11-27",
  endpointInvalid: "Enter an http:// or https:// address, such as https://rates.example.in/api",
  saved: "Market rates settings saved",
};
