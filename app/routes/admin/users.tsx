import { Ban, RotateCcw, UserPlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { DialogActions, rowButtonClass } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { accountMessages as m } from "~/features/accounts/accounts.messages";
import {
  adminAddUserSchema,
  adminEditUserSchema,
  adminRoleSchema,
  adminUserIdSchema,
  userListQuerySchema,
} from "~/features/accounts/accounts.schema";
import { sendSetPasswordLink } from "~/features/accounts/password.server";
import {
  createUserByAdmin,
  findUser,
  listUsers,
  setUserBanned,
  updateUserByAdmin,
} from "~/features/accounts/users.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { formAction } from "~/lib/form-action.server";
import { formatDate } from "~/lib/format";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Users · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, userListQuerySchema, ({ db, query, admin, editKey }) => ({
    adminId: admin.id,
    list: listUsers(db, query),
    editing: editKey ? findUser(db, editKey) : null,
  }));
}

/** Add (the new user gets a link to set a password), edit, change the role, ban and unban. */
/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "admin" }, (intent) => {
  const ban = (banned: boolean) =>
    intent({
      schema: adminUserIdSchema,
      async run({ data, actor, context }) {
        await setUserBanned(context.db, actor, data.userId, banned);
      },
      success: banned ? m.userBanned : m.userUnbanned,
    });
  return {
    add: intent({
      schema: adminAddUserSchema,
      async run({ data, actor, context }) {
        await createUserByAdmin(context.db, actor, data);
        await sendSetPasswordLink(context.auth, data.email);
        return { message: m.userAdded(data.email) };
      },
    }),
    edit: intent({
      schema: adminEditUserSchema,
      async run({ data: { userId, ...changes }, actor, context }) {
        await updateUserByAdmin(context.db, actor, userId, changes);
      },
      success: m.userUpdated,
    }),
    role: intent({
      schema: adminRoleSchema,
      async run({ data, actor, context }) {
        await updateUserByAdmin(context.db, actor, data.userId, { role: data.role });
      },
      success: m.roleChanged,
    }),
    ban: ban(true),
    unban: ban(false),
  };
});

const roleOptions = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
];
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

type UserRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/** The role cell: a small form of its own, so a role changes with one press; making someone an
 * admin asks first. An admin's own row shows the role only (nobody demotes themselves). */
function RoleForm({ user, self }: { user: UserRow; self: boolean }) {
  if (self) return <span className="font-medium text-slate-800">Admin</span>;
  return (
    <ConfirmForm
      className="flex items-center gap-2"
      confirmLabel="Make admin"
      question={(form) =>
        new FormData(form).get("role") === "admin" && user.role !== "admin"
          ? `Make ${user.name} an admin? They will be able to change products, orders and users.`
          : null
      }
    >
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={user.id} />
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        Role of {user.name}
      </label>
      <select
        id={`role-${user.id}`}
        name="role"
        defaultValue={user.role}
        key={user.role}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
      >
        {roleOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="btn-outline min-h-11 px-3"
        aria-label={`Change role of ${user.name}`}
      >
        Change
      </button>
    </ConfirmForm>
  );
}

/** Ban (after confirmation: they are signed out everywhere) or unban. */
function BanButton({ user }: { user: UserRow }) {
  return (
    <ConfirmForm
      confirmLabel="Ban"
      danger
      question={user.banned ? () => null : `Ban ${user.name}? They will be signed out everywhere.`}
    >
      <input type="hidden" name="intent" value={user.banned ? "unban" : "ban"} />
      <input type="hidden" name="userId" value={user.id} />
      <button
        type="submit"
        className={rowButtonClass}
        aria-label={`${user.banned ? "Unban" : "Ban"} ${user.name}`}
      >
        {user.banned ? (
          <RotateCcw className="size-4" aria-hidden="true" />
        ) : (
          <Ban className="size-4 text-danger-700" aria-hidden="true" />
        )}
      </button>
    </ConfirmForm>
  );
}

function userColumns(adminId: string): Column<UserRow>[] {
  return [
    {
      header: "Name",
      className: "px-4 py-3 font-medium text-slate-900",
      cell: (u) => (
        <>
          {u.name}
          {u.id === adminId ? <span className="ml-1 text-slate-500">(you)</span> : null}
        </>
      ),
    },
    {
      header: "E-mail",
      priority: "secondary",
      className: "px-4 py-3 break-all text-slate-700",
      cell: (u) => u.email,
    },
    {
      header: "Role",
      priority: "secondary",
      cell: (u) => <RoleForm user={u} self={u.id === adminId} />,
    },
    {
      header: "Status",
      cell: (u) => (
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ${u.banned ? "bg-danger-50 text-danger-700" : "bg-success-50 text-success-700"}`}
        >
          {u.banned ? "Banned" : "Active"}
        </span>
      ),
    },
    {
      header: "Joined",
      priority: "secondary",
      className: "px-4 py-3 whitespace-nowrap text-slate-700",
      cell: (u) => formatDate(new Date(u.createdAt)),
    },
  ];
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, adminId, editing, adding, closeHref } = loaderData;
  const filterQuery = new URLSearchParams({
    ...(query.q ? { q: query.q } : {}),
    ...(query.role ? { role: query.role } : {}),
  }).toString();
  return (
    <AdminResourcePage
      title="Users"
      add={{ label: "Add user", icon: UserPlus }}
      filters={
        <>
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
        </>
      }
      filtered={Boolean(query.q || query.role)}
      baseHref="/admin/user"
      exportHref={`/admin/user/export${filterQuery ? `?${filterQuery}` : ""}`}
      list={list}
      noun={["user", "users"]}
      emptyText="No users match these filters."
      minWidth="48rem"
      columns={userColumns(adminId)}
      rowKey={(u) => u.id}
      rowName={(u) => u.name}
      rowTestId="user-row"
      editKey={(u) => u.id}
      rowActions={(u) => (u.id === adminId ? null : <BanButton user={u} />)}
      actionData={actionData}
      failureMessages={m.failed}
      dialog={
        adding ? (
          <AddUserDialog actionData={actionData} closeHref={closeHref} />
        ) : editing ? (
          <EditUserDialog user={editing} actionData={actionData} closeHref={closeHref} />
        ) : null
      }
    />
  );
}
