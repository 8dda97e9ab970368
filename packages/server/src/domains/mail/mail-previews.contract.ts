import Type from 'typebox';

/* The admin's e-mail previews: which e-mails the store sends, and one written with sample data. */

export const EmailKind = Type.Object({
  name: Type.String({ description: 'The template name, e.g. `order-confirmation`' }),
  title: Type.String(),
  sentWhen: Type.String({ description: 'When the store sends it' }),
});

export const EmailPreview = Type.Object({
  ...EmailKind.properties,
  subject: Type.String(),
  html: Type.String({ description: 'The HTML part; show it in a sandboxed frame' }),
  text: Type.String({ description: 'The plain-text part, written from the same template' }),
});

export const EmailsResponse = Type.Object({ emails: Type.Array(EmailKind) });
export const EmailPreviewResponse = Type.Object({ email: EmailPreview });
