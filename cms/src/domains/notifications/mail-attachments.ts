import type { EmailKind } from '@shop/shared';

/** A file sent with a message (nodemailer's attachment shape). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What a message's files are made from: its kind and the order it is about. */
export interface AttachmentRequest {
  kind: EmailKind;
  orderDocumentId: string | null;
}

type AttachmentSource = (mail: AttachmentRequest) => Promise<MailAttachment[]>;

const sources = new Map<EmailKind, AttachmentSource>();

/**
 * Another domain makes the files of one kind of message at send time (the invoice PDF for `invoice_issued`): the outbox
 * stores the message only, never the file, and the file is made again on each attempt from what the shop holds.
 */
export function registerMailAttachments(kind: EmailKind, source: AttachmentSource): void {
  sources.set(kind, source);
}

export async function attachmentsOf(mail: AttachmentRequest): Promise<MailAttachment[]> {
  const source = sources.get(mail.kind);
  return source ? source(mail) : [];
}
