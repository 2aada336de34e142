// domain → one email as the service composes it: plain text always, HTML optionally (the same content).

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
