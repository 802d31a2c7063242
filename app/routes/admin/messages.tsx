import { CheckCheck, RotateCcw } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { RefreshLink, rowButtonClass } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { Field, SelectField } from "~/components/ui/field";
import { contactMessages as m } from "~/features/contact/contact.messages";
import { messageListSchema } from "~/features/contact/contact.schema";
import { listMessages, setMessageHandled } from "~/features/contact/contact.server";
import { countSubscribers } from "~/features/newsletter/newsletter.server";
import { loadAdminList } from "~/lib/admin-list.server";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { formatDateTime } from "~/lib/format";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Messages · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, messageListSchema, ({ db, query }) => ({
    list: listMessages(db, query),
    subscribers: countSubscribers(db),
  }));
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

const messageIdSchema = z.object({ messageId: recordIdSchema });

export const action = formAction({ guard: "admin" }, (intent) => {
  const mark = (handled: boolean) =>
    intent({
      schema: messageIdSchema,
      invalid: notFoundIfInvalid(m.notFound),
      async run({ data, actor, context }) {
        await setMessageHandled(context.db, { messageId: data.messageId, handled }, actor);
      },
      success: handled ? m.handled : m.reopened,
    });
  return { handle: mark(true), reopen: mark(false) };
});

type MessageRow = Route.ComponentProps["loaderData"]["list"]["rows"][number];

const columns: Column<MessageRow>[] = [
  {
    header: "Received",
    className: "px-4 py-3 whitespace-nowrap text-slate-700",
    priority: "secondary",
    cell: (row) => formatDateTime(new Date(row.createdAt)),
  },
  {
    header: "From",
    cell: (row) => (
      <>
        <span className="block font-medium text-slate-900">{row.name}</span>
        <a href={`mailto:${row.email}`} className="block text-sm text-brand-800 hover:underline">
          {row.email}
        </a>
        {row.phone ? <span className="block text-sm text-slate-600">{row.phone}</span> : null}
      </>
    ),
  },
  {
    header: "Message",
    className: "px-4 py-3 max-w-md whitespace-pre-line text-slate-700",
    cell: (row) => row.message ?? <span className="text-slate-500">(no message)</span>,
  },
  {
    header: "Status",
    cell: (row) =>
      row.handledAt ? (
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-900">
          Handled
        </span>
      ) : (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-900">
          Open
        </span>
      ),
  },
];

const statusOptions = [
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
  { value: "all", label: "All" },
];

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, subscribers } = loaderData;
  return (
    <>
      <AdminResourcePage
        title="Messages"
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
              label="Status"
              name="status"
              options={statusOptions}
              defaultValue={query.status}
              className="w-44"
            />
          </>
        }
        searchExtra={<RefreshLink />}
        filtered={Boolean(query.q || query.status !== "open")}
        baseHref="/admin/messages"
        list={list}
        noun={["message", "messages"]}
        emptyText={
          query.status === "open" && !query.q
            ? "No open messages."
            : "No messages match these filters."
        }
        minWidth="48rem"
        columns={columns}
        rowKey={(row) => row.id}
        rowName={(row) => `message from ${row.name}`}
        rowTestId="message-row"
        rowActions={(row) => (
          <Form method="post">
            <input type="hidden" name="messageId" value={row.id} />
            {row.handledAt ? (
              <button type="submit" name="intent" value="reopen" className={rowButtonClass}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Reopen<span className="sr-only">{` the message from ${row.name}`}</span>
              </button>
            ) : (
              <button type="submit" name="intent" value="handle" className={rowButtonClass}>
                <CheckCheck className="size-4" aria-hidden="true" />
                Mark handled<span className="sr-only">{` the message from ${row.name}`}</span>
              </button>
            )}
          </Form>
        )}
        actionData={actionData}
        failureMessages={m.failed}
        dialog={null}
      />
      <p className="mt-4 text-sm text-slate-600" data-testid="subscriber-count">
        {`${subscribers.subscribed} ${subscribers.subscribed === 1 ? "address is" : "addresses are"} subscribed to the newsletter`}
        {subscribers.waiting > 0
          ? `; ${subscribers.waiting} ${subscribers.waiting === 1 ? "waits" : "wait"} for confirmation by e-mail.`
          : "."}
      </p>
    </>
  );
}
