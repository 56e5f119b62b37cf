import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

type Outcome = 'sent' | 'tooMany' | 'failed';

/** With less than a day left: the recipient may ask the sender for more time (the sender gets a mail with "+1 day"). */
export function MoreTimeRequest({ slug }: { slug: string }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // One id per request: a repeated send (double click, retry) mails the sender once.
  const requestId = useRef(crypto.randomUUID());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/links/${encodeURIComponent(slug)}/more-time`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ name: name.trim(), message: message.trim(), requestId: requestId.current }),
      });
      setOutcome(res.ok ? 'sent' : res.status === 429 ? 'tooMany' : 'failed');
      if (res.ok) setOpen(false);
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  if (outcome === 'sent')
    return (
      <p role="status" className="download-more-time" data-testid="more-time-sent">
        {t('moreTime.sent')}
      </p>
    );
  return (
    <section className="download-more-time" data-testid="more-time">
      <p>{t('moreTime.offer')}</p>
      {!open ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('moreTime.button')}
        </button>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)}>
          <label htmlFor={`${id}-name`}>{t('moreTime.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            autoComplete="name"
          />
          <label htmlFor={`${id}-message`}>{t('moreTime.message')}</label>
          <textarea
            id={`${id}-message`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={500}
            rows={3}
          />
          <div className="download-more-time-actions">
            <button type="submit" className="button download-button" disabled={busy}>
              {t('moreTime.send')}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('moreTime.cancel')}
            </button>
          </div>
        </form>
      )}
      {outcome && (
        <p role="alert" className="download-problem">
          {t(`moreTime.${outcome}`)}
        </p>
      )}
    </section>
  );
}
