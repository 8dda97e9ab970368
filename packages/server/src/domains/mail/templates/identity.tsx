import type {
  AccountActivationMail,
  FactorCodePurpose,
  MailStore,
  PasswordChangedMail,
  PasswordRecoveryMail,
  RecoveryCodeUsedMail,
  SecondFactorCodeMail,
  SecondFactorsTurnedOffMail,
  VerificationCodeMail,
} from '../mail-templates.contract.js';
import { ActionLink, Code, MailLayout, Note, Paragraph } from './layout.js';

// The account e-mails: short, one action each, and the same words in both parts.

export const verificationCodeSubject = (props: VerificationCodeMail) =>
  `${props.code} is your verification code`;

/** Sent at sign-up and at login when the e-mail address must be confirmed. */
export function VerificationCode(props: VerificationCodeMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title={`Your ${props.store.name} verification code`}
      preview={`${props.code} — it expires in ${props.minutes} minutes.`}
    >
      <Paragraph>
        Your verification code is <Code code={props.code} />
      </Paragraph>
      <Paragraph>Enter it where you signed up or logged in. It expires in {props.minutes} minutes.</Paragraph>
      <Note>If you did not ask for this, ignore this e-mail.</Note>
    </MailLayout>
  );
}

const FACTOR_CODE_USE: Record<FactorCodePurpose, { subject: string; use: string }> = {
  login: { subject: 'sign-in code', use: 'Enter it to finish logging in.' },
  enable: { subject: 'code to turn on e-mail codes', use: 'Enter it to turn on codes by e-mail at login.' },
  remove: { subject: 'code to turn off e-mail codes', use: 'Enter it to turn off codes by e-mail at login.' },
};

export const secondFactorCodeSubject = (props: SecondFactorCodeMail) =>
  `${props.code} is your ${FACTOR_CODE_USE[props.purpose].subject}`;

/** Sent at login with e-mail codes as second factor, and when turning that factor on or off. */
export function SecondFactorCode(props: SecondFactorCodeMail & { store: MailStore }) {
  const { subject, use } = FACTOR_CODE_USE[props.purpose];
  return (
    <MailLayout
      store={props.store}
      title={`Your ${props.store.name} ${subject}`}
      preview={`${props.code} — it expires in ${props.minutes} minutes.`}
    >
      <Paragraph>
        Your code is <Code code={props.code} />
      </Paragraph>
      <Paragraph>
        {use} It expires in {props.minutes} minutes.
      </Paragraph>
      <Note>
        {props.purpose === 'login'
          ? 'If you did not just log in, someone knows your password: change it now.'
          : 'If you did not ask for this, ignore this e-mail.'}
      </Note>
    </MailLayout>
  );
}

export const passwordRecoverySubject = (_props: PasswordRecoveryMail, store: MailStore) =>
  `Reset your ${store.name} password`;

/** Sent when someone asks to reset the password of an account ("Forgot password?"). */
export function PasswordRecovery(props: PasswordRecoveryMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title="Reset your password"
      preview="Choose a new password with this link."
    >
      <Paragraph>Someone asked to reset the password of this account.</Paragraph>
      <ActionLink link={{ label: 'Choose a new password', url: props.url }} />
      <Note>
        The link works once and expires in {props.minutes} minutes. If it was not you, ignore this e-mail;
        your password stays as it is.
      </Note>
    </MailLayout>
  );
}

export const passwordChangedSubject = (_props: PasswordChangedMail, store: MailStore) =>
  `Your ${store.name} password was changed`;

/** Sent after a member's password change, so the owner learns of a change they did not make. */
export function PasswordChanged(props: PasswordChangedMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title="Your password was changed"
      preview="If it was not you, reset your password now."
    >
      <Paragraph>
        The password of this account was just changed, and the other devices signed in with it were logged
        out.
      </Paragraph>
      <Paragraph>
        If you did not change it, someone else could: reset your password now, which logs every device out.
      </Paragraph>
      <ActionLink link={{ label: 'Reset the password', url: props.resetUrl }} />
    </MailLayout>
  );
}

export const recoveryCodeUsedSubject = (_props: RecoveryCodeUsedMail, store: MailStore) =>
  `A recovery code was used to log in to ${store.name}`;

/**
 * Sent after a login with a recovery code: the owner learns of a login they did not make, and how many
 * codes are left (new ones replace them on the account's security page).
 */
export function RecoveryCodeUsed(props: RecoveryCodeUsedMail & { store: MailStore }) {
  const left =
    props.left === 0
      ? 'You have no recovery codes left: make new ones now.'
      : `You have ${props.left} recovery code${props.left === 1 ? '' : 's'} left.`;
  return (
    <MailLayout
      store={props.store}
      title="A recovery code was used"
      preview="If it was not you, reset your password now."
    >
      <Paragraph>
        Someone just logged in to this account with one of its recovery codes instead of the authenticator
        app. That code no longer works. {left}
      </Paragraph>
      <ActionLink link={{ label: 'Make new recovery codes', url: props.securityUrl }} />
      <Paragraph>
        If it was not you, someone has your password and a recovery code: reset your password now, then make
        new recovery codes.
      </Paragraph>
      <ActionLink link={{ label: 'Reset the password', url: props.resetUrl }} />
    </MailLayout>
  );
}

export const secondFactorsTurnedOffSubject = (_props: SecondFactorsTurnedOffMail, store: MailStore) =>
  `${store.name} turned off the second sign-in step of your account`;

/**
 * Sent after the store turned a member's second factors off (the member lost them and asked): the owner
 * learns of a change they did not ask for, and how to take the account back.
 */
export function SecondFactorsTurnedOff(props: SecondFactorsTurnedOffMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title="Your second sign-in step was turned off"
      preview="You can log in with your password alone. Set up a new authenticator app."
    >
      <Paragraph>
        At your request, {props.store.name} turned off the second sign-in step of this account: the
        authenticator app and the codes by e-mail no longer work, and the recovery codes were deleted. Every
        device signed in to the account was logged out. You can now log in with your password alone.
      </Paragraph>
      <Paragraph>
        Set up a new authenticator app as soon as you are back in, to protect the account again.
      </Paragraph>
      <ActionLink link={{ label: 'Set up a new authenticator app', url: props.securityUrl }} />
      <Paragraph>
        If you did not ask for this, someone may be trying to take over your account: reset your password now,
        which logs every device out, and contact the store.
      </Paragraph>
      <ActionLink link={{ label: 'Reset the password', url: props.resetUrl }} />
    </MailLayout>
  );
}

export const accountActivationSubject = (_props: AccountActivationMail, store: MailStore) =>
  `Activate your ${store.name} account`;

/** Sent when the merchant creates a member without a password and asks to invite them. */
export function AccountActivation(props: AccountActivationMail & { store: MailStore }) {
  return (
    <MailLayout store={props.store} title="Activate your account" preview="Choose a password to activate it.">
      <Paragraph>
        An account was created for you at {props.store.name}. To activate it, choose a password.
      </Paragraph>
      <ActionLink link={{ label: 'Choose a password', url: props.url }} />
      <Note>The link works once and expires in {props.days} days.</Note>
    </MailLayout>
  );
}
