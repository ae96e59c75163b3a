// E-mail as the outbox sends it: a feature builds a Mail (every typed value cleaned with sanitizeText, escaped in
// HTML), the transport adds who it is from and a Message-ID, and sends it by SMTP, or as an .eml file in
// DATA_DIR/outbox-mail without SMTP_URL.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer'
import { licenseLine } from '../../content/license'
import { site } from '../../content/site'
import { FORBIDDEN_CHARS, isValidEmail } from '../../lib/text'
import type { RuntimeConfig } from '../config.server'
import { log } from '../log/logger.server'

/** What a feature builds: stored with its outbox row until sent, so plain JSON. */
export interface Mail {
  /** A customer's address; absent on the owner's mail, which goes to QUOTE_NOTIFY_EMAIL (or the sign-in address). */
  to?: string
  /** Where "Reply" goes: the customer on the owner's mail; the owner by default on a customer's. */
  replyTo?: string
  /** The name it comes from; "<business> Website" on the owner's mail. */
  fromName?: string
  subject: string
  text: string
  /** A simple HTML part beside the text, every value in it escaped. */
  html?: string
  headers?: Record<string, string>
  /** An .ics the mail carries as a calendar part and as an attachment (nodemailer's icalEvent). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g

function decodeEncodedWord(charset: string, encoding: string, text: string): string {
  try {
    // One character per byte, either way.
    const binary =
      encoding.toUpperCase() === 'B'
        ? atob(text)
        : text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(bytes)
  } catch {
    return text
  }
}

/** Mail clients decode `=?…?=` words. */
function withoutEncodedWords(value: string): string {
  let text = value
  for (let pass = 0; pass < 3; pass++) {
    text = text.replace(ENCODED_WORD, (_, charset: string, encoding: string, encoded: string) =>
      decodeEncodedWord(charset, encoding, encoded).replace(FORBIDDEN_CHARS, ' '),
    )
  }
  return text.replace(/=\?/g, '= ?')
}

/** One line of at most `maxLength`: what a person typed, made safe for a header or a line of text. */
export function sanitizeText(value: string | null | undefined, maxLength: number): string {
  if (!value) return ''
  const clean = withoutEncodedWords(value.replace(FORBIDDEN_CHARS, ' '))
    .replace(FORBIDDEN_CHARS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value put into an e-mail's HTML part. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}

export const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`)

/** It goes into the Message-ID. */
export function emailDomain(address: string): string {
  const at = address.lastIndexOf('@')
  const domain = at >= 0 ? address.slice(at + 1).trim() : ''
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

/** Text lines and HTML parts as one Mail; `lead` goes in X-Quote-Request-Id, as the owner's filters know it. */
export function composeMail(
  parts: Omit<Mail, 'text' | 'html'> & { text: string[]; html?: string[]; lead?: string },
): Mail {
  const { text, html, lead, headers, ...rest } = parts
  const allHeaders = { ...(lead && { 'X-Quote-Request-Id': lead }), ...headers }
  return {
    ...rest,
    text: [...text, ''].join('\n'),
    ...(html && {
      html: [
        '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
        ...html,
        '</body></html>',
      ].join('\n'),
    }),
    ...(Object.keys(allHeaders).length > 0 && { headers: allHeaders }),
  }
}

type Addresses = Pick<RuntimeConfig, 'quoteNotifyEmail' | 'quoteFromEmail' | 'owner'>

/** Who the owner's notifications go to, and who the site's e-mail comes from. */
export function notificationAddresses(config: Pick<RuntimeConfig, 'quoteNotifyEmail' | 'quoteFromEmail'>) {
  return {
    to: config.quoteNotifyEmail?.trim() || site.email,
    from: config.quoteFromEmail?.trim() || `no-reply@${emailDomain(site.email)}`,
    fromName: sanitizeText(`${site.name} Website`, 100),
  }
}

/** Where sign-in links go: the only address that can sign in to the inbox. */
export const ownerEmail = (config: Addresses) => config.owner.email ?? notificationAddresses(config).to

/** The message as nodemailer takes it: to the owner unless addressed, from the site, named by `id`. */
export function envelope(mail: Mail, id: string, config: Addresses, toOwner: boolean): SendMailOptions {
  const addresses = notificationAddresses(config)
  const { to, replyTo, fromName, ...rest } = toOwner ? mail : withLicense(mail)
  const toAddress = to ?? addresses.to
  const reply = replyTo ?? (toOwner ? undefined : ownerEmail(config))
  return {
    ...rest,
    from: { name: fromName ?? addresses.fromName, address: addresses.from },
    // Objects, so nodemailer does not parse a display name out of a visitor's address.
    to: { name: '', address: toAddress },
    ...(reply ? { replyTo: { name: '', address: reply } } : {}),
    messageId: `<${id}@${emailDomain(addresses.from)}>`,
  }
}

/** Added as a customer's mail is sent, so every one carries it, whichever feature wrote it. */
function withLicense(mail: Mail): Mail {
  if (!licenseLine) return mail
  const html = mail.html?.replace('</body>', `<p>${escapeHtml(licenseLine)}</p>\n</body>`)
  return { ...mail, text: `${mail.text}${licenseLine}\n`, ...(html && { html }) }
}

export interface MailTransport {
  kind: 'smtp' | 'eml' | 'custom'
  send(message: SendMailOptions): Promise<void>
  close(): void
}

/** SMTP_URL's server; without it, one .eml file per Message-ID in `dataDir`/outbox-mail (sent again, replaced). */
export function mailTransport(config: RuntimeConfig, dataDir: string, custom?: Transporter): MailTransport {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 }
  const kind = custom ? 'custom' : config.smtpUrl ? 'smtp' : 'eml'
  const transporter =
    custom ??
    (config.smtpUrl
      ? createTransport({ url: config.smtpUrl, pool: true, maxConnections: 1, maxMessages: 100, ...timeouts })
      : createTransport({ streamTransport: true, buffer: true, newline: 'windows' }))
  const mailDir = join(dataDir, 'outbox-mail')
  if (kind === 'eml' && config.production)
    log('outbox').warn(
      { mailDir },
      'SMTP_URL is not set: quote notifications are only written to files. Set SMTP_URL so the owner receives them by e-mail.',
    )
  return {
    kind,
    async send(message) {
      const info = (await transporter.sendMail(message)) as { message?: unknown }
      if (kind !== 'eml') return
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no message buffer')
      await mkdir(mailDir, { recursive: true, mode: 0o700 })
      const file = join(mailDir, `${String(message.messageId).replace(/^<|@.*$/g, '')}.eml`)
      await writeFile(`${file}.${process.pid}.tmp`, info.message, { mode: 0o600 })
      await rename(`${file}.${process.pid}.tmp`, file)
      log('outbox').info({ file }, 'quote notification written to a file (set SMTP_URL to send real e-mail)')
    },
    close: () => transporter.close?.(),
  }
}

export interface Letter {
  /** The customer's address: a letter to one a mail server should not be given is none (null). */
  to: string
  /** The lead it is about, in X-Quote-Request-Id. */
  lead: string
  subject: string
  intro: string[]
  /** Shown as a button in HTML (its words `button`, else the link), as the bare link in text. */
  link?: string | null
  button?: string
  outro?: string[]
  icalEvent?: Mail['icalEvent']
}

/**
 * To a customer from the business (replies go to the owner): paragraphs, the link, the closing lines and the
 * business's name. Null when the address is not one a mail server should be given: the owner can still text.
 */
export function customerLetter(letter: Letter): Mail | null {
  const { to, lead, subject, intro, link, button = link ?? '', outro = [], icalEvent } = letter
  if (!isValidEmail(to)) return null
  return composeMail({
    to,
    lead,
    fromName: sanitizeText(site.name, 100),
    subject,
    text: [
      ...intro.flatMap((line) => [line, '']),
      ...(link ? [link, ''] : []),
      ...(outro.length > 0 ? [...outro, ''] : []),
      site.name,
    ],
    html: [
      ...paragraphs(intro),
      ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`] : []),
      ...paragraphs([...outro, site.name]),
    ],
    ...(icalEvent && { icalEvent }),
  })
}
