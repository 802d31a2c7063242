import { Form, Link } from "react-router";
import { FormAlert } from "./ui/form-alert";

/**
 * The page a newsletter mail's link opens (confirm, unsubscribe). Mail scanners open links, so
 * opening it changes nothing: it asks `question` about the address, with one button that posts
 * the link's token. Once there is nothing to ask, it shows `answer` instead: the link is unknown
 * (an alert), or what it asks for is done (a status).
 */
export function SubscriptionLinkPage({
  title,
  answer,
  question,
  token,
  button,
  formError,
  back,
}: {
  title: string;
  answer: { text: string; done: boolean; testId?: string } | null;
  question: string;
  token: string | null;
  button: string;
  formError: string | undefined;
  back: string;
}) {
  return (
    <div className="container-page max-w-xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
        {answer || !token ? (
          <p role={answer?.done ? "status" : "alert"} data-testid={answer?.testId}>
            {answer?.text}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <FormAlert message={formError} />
            <p>{question}</p>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn-primary">
              {button}
            </button>
          </Form>
        )}
        <p className="mt-6">
          <Link to="/" className="font-medium text-brand-700 underline">
            {back}
          </Link>
        </p>
      </div>
    </div>
  );
}
