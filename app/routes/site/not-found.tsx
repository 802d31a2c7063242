import { data } from "react-router";

/** Any URL no feature has claimed: a real 404, rendered by the site layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
