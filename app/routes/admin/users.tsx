import { Ban, Pencil, RotateCcw, UserPlus } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { DialogActions, ListSearch } from "~/components/admin/admin-list";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import {
  adminAddUserSchema,
  adminEditUserSchema,
  userListQuerySchema,
} from "~/features/accounts/accounts.schema";
import { handleUserAction } from "~/features/accounts/admin-users.server";
import { findUser, listUsers } from "~/features/accounts/users.server";
import { requireAdmin } from "~/lib/guards.server";
import { readFormValues } from "~/lib/http.server";
import { queryWith, readListUrl } from "~/lib/url-dialogs";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { values, adding, editKey, closeHref } = readListUrl(request.url);
  const query = userListQuerySchema.parse(values);
  const [list, editing] = await Promise.all([
    listUsers(context.db, query),
    editKey ? findUser(context.db, editKey) : null,
  ]);
  return { adminId: admin.id, query, list, editing, adding, closeHref };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return handleUserAction(request, context, admin, await readFormValues(request));
}

const roleOptions = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
];
const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

function AddUserDialog({
  actionData,
  closeHref,
}: {
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(adminAddUserSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog title="Add user" closeHref={closeHref}>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value="add" />
        <Field
          label="Full Name"
          name="name"
          required
          maxLength={100}
          defaultValue={form.values.name}
          error={form.errors.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          required
          defaultValue={form.values.email}
          error={form.errors.email}
        />
        <SelectField
          label="Role"
          name="role"
          options={roleOptions}
          defaultValue={form.values.role ?? "user"}
          error={form.errors.role}
        />
        <p className="text-sm text-slate-600">
          We e-mail the new user a link to choose their password.
        </p>
        <DialogActions closeHref={closeHref} submitLabel="Add user" busy={busy} />
      </Form>
    </UrlDialog>
  );
}

function EditUserDialog({
  user,
  actionData,
  closeHref,
}: {
  user: { id: string; name: string; email: string; role: string };
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(adminEditUserSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog title="Edit user" closeHref={closeHref}>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="userId" value={user.id} />
        <p className="text-sm text-slate-600">{user.email}</p>
        <Field
          label="Full Name"
          name="name"
          required
          maxLength={100}
          defaultValue={form.values.name ?? user.name}
          error={form.errors.name}
        />
        <SelectField
          label="Role"
          name="role"
          options={roleOptions}
          defaultValue={form.values.role ?? user.role}
          error={form.errors.role}
        />
        <DialogActions closeHref={closeHref} submitLabel="Save" busy={busy} />
      </Form>
    </UrlDialog>
  );
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, adminId, editing, adding, closeHref } = loaderData;
  const { search } = useLocation();
  const rowError =
    actionData &&
    !actionData.ok &&
    ["role", "ban", "unban"].includes(actionData.values.intent ?? "")
      ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0])
      : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Users</h1>
        <Link to={queryWith(search, "add", "1")} className="btn-primary" preventScrollReset>
          <UserPlus className="size-4" aria-hidden="true" />
          Add user
        </Link>
      </div>

      <ListSearch clearHref="/admin/user" filtered={Boolean(query.q || query.role)}>
        <Field
          label="Search by name or e-mail"
          name="q"
          type="search"
          defaultValue={query.q}
          className="min-w-56 flex-1"
        />
        <SelectField
          label="Role"
          name="role"
          options={[{ value: "", label: "All roles" }, ...roleOptions]}
          defaultValue={query.role ?? ""}
          className="w-40"
        />
      </ListSearch>

      <div className="mt-4">
        <FormAlert message={rowError} />
      </div>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {list.total === 1 ? "1 user" : `${list.total} users`}
        {query.q || query.role ? " match" : ""}
      </p>

      {list.rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No users match these filters.
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Role
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Joined
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.rows.map((u) => {
                const self = u.id === adminId;
                return (
                  <tr key={u.id} data-testid="user-row">
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {u.name}
                      {self ? <span className="ml-1 text-slate-500">(you)</span> : null}
                    </td>
                    <td className="px-4 py-3 break-all text-slate-700">{u.email}</td>
                    <td className="px-4 py-3">
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="userId" value={u.id} />
                        <label className="sr-only" htmlFor={`role-${u.id}`}>
                          Role of {u.name}
                        </label>
                        <select
                          id={`role-${u.id}`}
                          name="role"
                          defaultValue={u.role}
                          key={u.role}
                          className="min-h-10 rounded-md border border-slate-300 bg-white px-2"
                        >
                          {roleOptions.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                        <button
                          type="submit"
                          className="btn-outline min-h-10 px-3"
                          aria-label={`Change role of ${u.name}`}
                        >
                          Change
                        </button>
                      </Form>
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${u.banned ? "bg-danger-50 text-danger-700" : "bg-success-50 text-success-700"}`}
                      >
                        {u.banned ? "Banned" : "Active"}
                      </span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {dateFormat.format(new Date(u.createdAt))}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <Link
                          to={queryWith(search, "edit", u.id)}
                          preventScrollReset
                          className="btn-outline min-h-10 px-3"
                          aria-label={`Edit ${u.name}`}
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                        </Link>
                        {self ? null : (
                          <Form
                            method="post"
                            onSubmit={(event) => {
                              if (
                                !u.banned &&
                                !window.confirm(
                                  `Ban ${u.name}? They will be signed out everywhere.`,
                                )
                              ) {
                                event.preventDefault();
                              }
                            }}
                          >
                            <input type="hidden" name="intent" value={u.banned ? "unban" : "ban"} />
                            <input type="hidden" name="userId" value={u.id} />
                            <button
                              type="submit"
                              className="btn-outline min-h-10 px-3"
                              aria-label={`${u.banned ? "Unban" : "Ban"} ${u.name}`}
                            >
                              {u.banned ? (
                                <RotateCcw className="size-4" aria-hidden="true" />
                              ) : (
                                <Ban className="size-4 text-danger-700" aria-hidden="true" />
                              )}
                            </button>
                          </Form>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(n) => queryWith(search, "page", String(n))}
      />

      {adding ? <AddUserDialog actionData={actionData} closeHref={closeHref} /> : null}
      {editing ? (
        <EditUserDialog user={editing} actionData={actionData} closeHref={closeHref} />
      ) : null}
    </div>
  );
}
