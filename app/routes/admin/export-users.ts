import { userListQuerySchema } from "~/features/accounts/accounts.schema";
import { listUsers } from "~/features/accounts/users.server";
import { CSV_EXPORT_ROWS, csvResponse, momentColumns, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/export-users";

/** GET /admin/user/export: the users list, with its search and role filter, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = userListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows } = await listUsers(context.db, { ...query, page: 1 }, CSV_EXPORT_ROWS);
  const csv = toCsv(
    [
      { header: "Id", value: (u) => u.id },
      { header: "Name", value: (u) => u.name },
      { header: "E-mail", value: (u) => u.email },
      { header: "Role", value: (u) => u.role },
      { header: "Status", value: (u) => (u.banned ? "banned" : "active") },
      ...momentColumns<(typeof rows)[number]>("Joined", (u) => u.createdAt),
    ],
    rows,
  );
  return csvResponse("users.csv", csv);
}
