import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MessageDetail, type MessageSummary, type RunningMailServer } from '../src/index.js';

describe('mail stand-in', () => {
  let dir: string;
  let mail: RunningMailServer;
  const transport = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: mail.smtpPort,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 2_000,
      greetingTimeout: 2_000,
    });
  const api = async <T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${mail.inboxUrl}${path}`, init);
    return { status: res.status, body: (await res.json()) as T };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dev-mail-'));
    mail = await startMailServer({ dataDir: dir, smtpPort: 0, inboxPort: 0 });
  });
  afterAll(async () => {
    await mail?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a message sent over SMTP and serves it parsed (headers, HTML, text)', async () => {
    await transport().sendMail({
      from: 'Ferry <no-reply@ferry.test>',
      to: 'bob@example.com',
      replyTo: 'ann@example.com',
      subject: 'Hällo — a file',
      text: 'plain body',
      html: '<p>html <b>body</b></p>',
      headers: { 'X-Ferry-Kind': 'receiver' },
    });
    const list = await api<{ messages: MessageSummary[]; count: number }>('/api/messages');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const [m] = list.body.messages;
    expect(m).toMatchObject({
      from: 'no-reply@ferry.test',
      to: ['bob@example.com'],
      subject: 'Hällo — a file',
      envelope: { from: 'no-reply@ferry.test', to: ['bob@example.com'] },
    });

    const one = await api<MessageDetail>(`/api/messages/${m!.id}`);
    expect(one.body.text.trim()).toBe('plain body');
    expect(one.body.html).toContain('<b>body</b>');
    expect(one.body.replyTo).toEqual(['ann@example.com']);
    expect(one.body.headers.find((h) => h.key === 'x-ferry-kind')?.value).toBe('receiver');

    const html = await fetch(`${mail.inboxUrl}/api/messages/${m!.id}/html`);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    const page = await (await fetch(`${mail.inboxUrl}/`)).text();
    expect(page).toContain('Hällo — a file');
    expect((await api(`/api/messages/nope`)).status).toBe(404);
  });

  it('keeps messages on disk across a restart, filters by recipient, deletes all', async () => {
    await transport().sendMail({ from: 'a@ferry.test', to: 'eve@example.com', subject: 'second', text: 'x' });
    const { smtpPort, inboxPort } = mail;
    await mail.close();
    mail = await startMailServer({ dataDir: dir, smtpPort, inboxPort });
    expect((await api<{ count: number }>('/api/messages')).body.count).toBe(2);
    expect((await api<{ count: number }>('/api/messages?to=EVE@example.com')).body.count).toBe(1);
    expect((await api<{ deleted: number }>('/api/messages', { method: 'DELETE' })).body.deleted).toBe(2);
    expect((await api<{ count: number }>('/api/messages')).body.count).toBe(0);
  });

  it('simulates an outage: refuse (421) and down (port closed), then accepts again', async () => {
    const put = (mode: string) => api<{ mode: string }>('/api/smtp', { method: 'PUT', body: JSON.stringify({ mode }) });
    expect((await put('refuse')).body.mode).toBe('refuse');
    await expect(
      transport().sendMail({ from: 'a@ferry.test', to: 'x@example.com', subject: 's', text: 't' }),
    ).rejects.toMatchObject({ responseCode: 421 });
    await put('down');
    await expect(
      transport().sendMail({ from: 'a@ferry.test', to: 'x@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect((await put('sideways')).status).toBe(400);
    await put('accept');
    await transport().sendMail({ from: 'a@ferry.test', to: 'x@example.com', subject: 'after', text: 't' });
    const list = await api<{ messages: MessageSummary[] }>('/api/messages');
    expect(list.body.messages.map((m) => m.subject)).toEqual(['after']);
  });
});
