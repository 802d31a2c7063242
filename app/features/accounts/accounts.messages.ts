import { msg } from "~/lib/i18n/msg";
import { fill } from "~/lib/i18n/translate";

/** Every message the accounts feature shows, in one place (ready for translation). */
export const accountMessages = {
  nameRequired: "Enter your full name",
  theirNameRequired: "Enter their full name",
  theirEmailRequired: "Enter their e-mail address",
  nameTooLong: "Use at most 100 characters",
  emailRequired: "Enter your e-mail address",
  emailInvalid: "Enter a valid e-mail address",
  passwordRequired: "Enter a password",
  passwordTooShort: "Use at least 8 characters",
  passwordTooLong: "Use at most 128 characters",
  confirmRequired: "Confirm your password",
  passwordsDiffer: "The passwords do not match",
  emailTaken: "An account with this e-mail already exists. Log in instead?",
  /** The same, told to the admin adding a user (who has nothing to log in to). */
  userEmailTaken: "A user with this e-mail already exists",
  registered:
    "Welcome! You are signed in. We e-mailed you a link to verify your address: open it before your first order.",
  fillEveryField: "Please fill in every field",
  invalidCredentials: "Invalid email or password",
  banned: "This account has been suspended. Please contact support.",
  loggedIn: "Login successful",
  loggedOut: "You have signed out",
  tooManyAttempts: (minutes: number) =>
    minutes === 1
      ? msg("Too many attempts. Please wait 1 minute and try again.")
      : fill("Too many attempts. Please wait {minutes} minutes and try again.", { minutes }),
  resetSent:
    "If an account exists for that e-mail, we have sent a link to reset the password. It works once, within an hour.",
  /** Signing in to an account that has no password yet (added by an admin, or imported). */
  noPasswordYet:
    "This account has no password yet. We have e-mailed you a link to set one: open it within an hour.",
  resetInvalid: "This reset link is invalid or has expired. Ask for a new one.",
  passwordReset: "Your password has been changed. Log in with the new one.",
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "The current password is not correct",
  samePassword: "Choose a password different from the current one",
  nameChanged: "Your name has been updated",
  passwordChanged: "Your password has been changed and your other sessions were signed out",
  /** Why an unverified account cannot order or review yet, and how to get the link. */
  verifyFirst:
    "Please verify your e-mail address first: open the link we e-mailed you, or use “Send the link again” on your account page (Your account).",
  verificationSent: (email: string) =>
    fill("We sent a new link to {email}. Open it within 24 hours to verify your address.", {
      email,
    }),
  alreadyVerified: "Your e-mail address is already verified.",
  emailVerified: "Thank you: your e-mail address is verified. You can now order and write reviews.",
  verifyLinkUsed: "This link has been used already: your e-mail address is verified.",
  verifyLinkExpired: "This link has expired (links work for 24 hours).",
  verifyLinkInvalid: "This link is not valid. It may have been cut short in the e-mail.",
  roleInvalid: "Choose a role",
  userAdded: (email: string) =>
    fill("User added. We e-mailed {email} a link to set a password.", { email }),
  userUpdated: "User updated",
  roleChanged: "Role changed",
  userBanned: "User banned and signed out",
  userUnbanned: "User unbanned",
  cannotDemoteSelf: "You cannot remove your own admin role",
  cannotBanSelf: "You cannot ban yourself",
  lastAdmin: "This is the last admin: make someone else an admin first",
  noLongerAdmin: "You are no longer an admin of this store",
  userNotFound: "That user no longer exists",
  /** What failed, by the admin form's intent (the failure toast). */
  failed: {
    add: "Could not add the user",
    edit: "Could not update the user",
    role: "Could not change the role",
    ban: "Could not ban the user",
    unban: "Could not unban the user",
  },
} as const;
